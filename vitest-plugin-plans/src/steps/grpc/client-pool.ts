/**
 * The grpc clients of one run, one per address and TLS setting, so steps to
 * the same server share an HTTP/2 connection the way an application's client
 * would (a connection per call costs a handshake per step). A client whose
 * call could not connect is dropped, so a later step (after a waitFor, say)
 * starts fresh instead of inheriting grpc-js's reconnect backoff. The run
 * closes the pool when it ends.
 */
import type { Client } from '@grpc/grpc-js';
import { createClient, type GrpcTls } from './channel.js';

/** Clients by address and TLS, closed together. */
export class ClientPool {
  private readonly clients = new Map<string, Client>();

  private static key(address: string, tls: GrpcTls | null): string {
    if (!tls) return `plain ${address}`;
    const ca = tls.ca?.map((b) => b.toString('base64')).join(',') ?? '';
    return `tls ${address} ${tls.rejectUnauthorized} ${ca} ${tls.cert?.toString('base64') ?? ''}`;
  }

  /** The client for an address; created on first use. @throws when grpc-js cannot parse the target */
  get(address: string, tls: GrpcTls | null): Client {
    const key = ClientPool.key(address, tls);
    let c = this.clients.get(key);
    if (!c) {
      c = createClient(address, tls);
      this.clients.set(key, c);
    }
    return c;
  }

  /** Drops (and closes) the client of an address after a connection failure. */
  discard(address: string, tls: GrpcTls | null): void {
    const key = ClientPool.key(address, tls);
    this.clients.get(key)?.close();
    this.clients.delete(key);
  }

  /** Closes every client (run end). */
  close(): void {
    for (const c of this.clients.values()) c.close();
    this.clients.clear();
  }
}
