/**
 * The grpc-js side shared by calls and reflection: a Client per call on its own
 * subchannel pool (grpc-js otherwise shares connections and their reconnect
 * backoff process-wide, so one step's refused connection would delay the next
 * step's), credentials, metadata both ways, and telling a transport failure
 * apart from a status the server sent.
 */
import grpc from '@grpc/grpc-js';
import type { Client, Metadata, StatusObject } from '@grpc/grpc-js';

/** TLS of one call; null in GrpcCallOptions means plaintext. */
export interface GrpcTls {
  ca?: Buffer[];
  cert?: Buffer;
  key?: Buffer;
  /** false: accept any server certificate and host name (--insecure). */
  rejectUnauthorized: boolean;
}

/** Largest response message accepted; the same cap as an http body (plan-runner.md §8). */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** A client for `address` (host:port); throws when grpc-js cannot parse the target. */
export function createClient(address: string, tls: GrpcTls | null): Client {
  let creds = grpc.credentials.createInsecure();
  if (tls) {
    // PEM bundles concatenate; the newline keeps a file without a final one from gluing two blocks.
    const ca = tls.ca?.length ? Buffer.concat(tls.ca.flatMap((b) => [b, Buffer.from('\n')])) : null;
    const verify = tls.rejectUnauthorized ? {} : { rejectUnauthorized: false, checkServerIdentity: () => undefined };
    creds = grpc.credentials.createSsl(ca, tls.key ?? null, tls.cert ?? null, verify);
  }
  return new grpc.Client(address, creds, {
    'grpc.use_local_subchannel_pool': 1,
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
  });
}

/** Request metadata: keys lower-cased; a `-bin` key's value is base64 text, sent as its bytes. Throws on a key gRPC forbids. */
export function toMetadata(pairs: ReadonlyArray<readonly [string, string]>): Metadata {
  const md = new grpc.Metadata();
  for (const [k, v] of pairs) {
    const key = k.toLowerCase();
    md.add(key, key.endsWith('-bin') ? Buffer.from(v, 'base64') : v);
  }
  return md;
}

/** Received metadata as pairs in arrival order; `-bin` values as base64 text. */
export function fromMetadata(md: Metadata): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, values] of Object.entries(md.toJSON())) {
    for (const v of values) out.push([k, typeof v === 'string' ? v : Buffer.from(v).toString('base64')]);
  }
  return out;
}

/** The status name: `OK`, `NOT_FOUND`, … (grpc-js's Status enum maps numbers back to names). */
export function statusName(code: number): string {
  return (grpc.status as unknown as Record<number, string>)[code] ?? String(code);
}

/** grpc-js's own wording for a connection that never carried the call (load-balancer-pick-first.ts, resolver-dns.ts). */
const NO_CONNECTION = /^(No connection established|Name resolution failed|Failed to connect)/;
/** grpc-js's own wording for a stream that ended without a status from the server (subchannel-call.ts). */
const CUT = /^(Connection dropped|Received RST_STREAM|Stream refused by server|No status information received|Write (error|failed)|Received HTTP status code)/;

/**
 * A transport failure in words, or null when the status came from the server.
 * An unreachable address is named; a stream cut mid-way says how many messages came first.
 */
export function transportFault(address: string, s: StatusObject, headersSeen: boolean, messages: number): string | null {
  if (s.code === grpc.status.UNAVAILABLE && NO_CONNECTION.test(s.details)) {
    const last = /Last error: (?:Error: )?(.*?)(?:\. Resolution note:.*)?$/s.exec(s.details)?.[1];
    const reason = last || s.details.replace(/^Name resolution failed/, 'name resolution failed');
    return `cannot connect to ${address}: ${reason}`;
  }
  if (s.code === grpc.status.OK || !CUT.test(s.details)) return null;
  if (!headersSeen) return `the connection to ${address} ended before the server answered (${s.details})`;
  return `the stream from ${address} was cut after ${messages} message${messages === 1 ? '' : 's'} (${s.details})`;
}
