/**
 * Run time: one gRPC call of any shape. Every method is driven as a
 * bidirectional stream (the wire is the same for all four shapes), so one code
 * path writes the request messages, records each response message as exact
 * JSON with its arrival time, and reads headers, trailers and the status.
 * The promise always resolves; the client is always closed.
 */
import type { Client, ClientDuplexStream, Metadata, StatusObject } from '@grpc/grpc-js';
import type { Root } from 'protobufjs';
import { checkCall } from './check-call.js';
import { createClient, fromMetadata, statusName, toMetadata, transportFault, type GrpcTls } from './channel.js';
import { decodeToJson } from './json-decode.js';
import { encodeJson, type JsonPath } from './json-encode.js';
import { fullName, methodInfo, streamingWords, type MethodInfo } from './lookup.js';
import { resolveByReflection, type ReflectionCache } from './reflection.js';

export type { GrpcTls } from './channel.js';
import type { ClientPool } from './client-pool.js';

/** What to call and how. */
export interface GrpcCallOptions {
  /** host:port (anything grpc-js accepts as a target). */
  address: string;
  /** null: plaintext. */
  tls: null | GrpcTls;
  /** The parsed proto; null: resolve the service by server reflection first. */
  root: Root | null;
  service: string;
  method: string;
  /** Exact JSON texts: one for unary and server streaming, any number for client and bidirectional streaming. */
  requests: string[];
  /** Sent in order; a `-bin` key's value is base64 text. */
  metadata: Array<[string, string]>;
  /** Sent as the gRPC deadline, counted from when the call starts (after reflection). */
  deadlineMs?: number;
  /** Step deadline or run abort: cancels the call. */
  signal: AbortSignal;
  /** performance.now() at the step's start; message times count from it. */
  startedAt: number;
  /** Shared across a run so steps on the same server reflect once. */
  reflectionCache?: ReflectionCache;
  /** Shared across a run so steps on the same server share a connection; without it, one client per call. */
  clients?: ClientPool;
}

/** What happened, with every response message as exact JSON text. */
export interface GrpcCallResult {
  /** Status name: "OK", "NOT_FOUND", "DEADLINE_EXCEEDED", …; "" when the call never started. */
  code: string;
  /** Status details. */
  message: string;
  /** Initial metadata (response headers). */
  headers: Array<[string, string]>;
  trailers: Array<[string, string]>;
  /** at: ms since startedAt. */
  messages: Array<{ json: string; at: number }>;
  streaming: { client: boolean; server: boolean };
  /** ms since startedAt: first response message (null when none), and the status. */
  timing: { first: number | null; total: number };
  /** A failure that is not a status from the server (see transportFault, and the request/decode checks); messages received are kept. */
  error: string | null;
  /** Set when `signal` aborted the call: 'waiting for the first message' / 'waiting for message K'. */
  abortedIn: string | null;
}

/**
 * Makes one call. Never rejects.
 * @example
 * const r = await callGrpc({ address: '127.0.0.1:50051', tls: null, root, service: 'shop.Orders', method: 'Get',
 *   requests: ['{"id":12345678901234567890}'], metadata: [], signal, startedAt: performance.now() });
 * // r.code === 'OK', r.messages[0].json === '{"id":12345678901234567890,…}'
 */
export async function callGrpc(o: GrpcCallOptions): Promise<GrpcCallResult> {
  const empty: GrpcCallResult = {
    code: '', message: '', headers: [], trailers: [], messages: [], streaming: { client: false, server: false },
    timing: { first: null, total: 0 }, error: null, abortedIn: null,
  };
  const end = (patch: Partial<GrpcCallResult>): GrpcCallResult => ({ ...empty, ...patch, timing: { first: null, total: performance.now() - o.startedAt } });
  try {
    if (o.signal.aborted) return end({ code: 'CANCELLED', message: 'aborted before the call started', abortedIn: 'waiting for the first message' });
    let root = o.root;
    if (!root) {
      const r = await resolveByReflection(o.address, o.tls, o.service, o.signal, o.reflectionCache);
      if (o.signal.aborted) return end({ code: 'CANCELLED', message: 'aborted during server reflection', abortedIn: 'waiting for the first message' });
      if (!r.ok) return end({ error: r.error });
      root = r.root;
    }
    const info = methodInfo(root, o.service, o.method);
    if (!info) return end({ error: checkCall(root, o.root ? 'the proto' : `the reflection of ${o.address}`, { service: o.service, method: o.method }).at(0)?.message ?? `no method ${o.method}` });
    const streaming = { client: info.clientStreaming, server: info.serverStreaming };
    if (!info.clientStreaming && o.requests.length !== 1) {
      return end({ streaming, error: `${fullName(info.service)}.${o.method} is ${streamingWords(info)}: it takes one request, not ${o.requests.length}` });
    }
    const frames: Uint8Array[] = [];
    for (const [i, text] of o.requests.entries()) {
      const e = encodeJson(info.requestType, text);
      const which = o.requests.length > 1 ? `request ${i + 1}` : 'the request';
      if (!e.ok) return end({ streaming, error: `${which} is not a ${fullName(info.requestType)}: ${e.message}${e.path.length ? ` at ${pathText(e.path)}` : ''}` });
      frames.push(e.bytes);
    }
    let md: Metadata;
    try {
      md = toMetadata(o.metadata);
    } catch (e) {
      return end({ streaming, error: `metadata: ${e instanceof Error ? e.message : String(e)}` });
    }
    let client: Client;
    try {
      client = o.clients ? o.clients.get(o.address, o.tls) : createClient(o.address, o.tls);
    } catch (e) {
      return end({ streaming, error: `invalid address ${o.address}: ${e instanceof Error ? e.message : String(e)}` });
    }
    try {
      return await exchange(o, client, info, frames, md, streaming);
    } catch (e) {
      if (!o.clients) client.close(); // exchange closes it on every path it completes; this is the one it did not
      throw e;
    }
  } catch (e) {
    return end({ error: `grpc call failed: ${e instanceof Error ? e.message : String(e)}` });
  }
}

/** `total.units`, `items[2].n`: a request path as the plan writes it. */
function pathText(path: JsonPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The call proper, from the first write to the status; always closes the client. */
function exchange(o: GrpcCallOptions, client: Client, info: MethodInfo, frames: Uint8Array[], md: Metadata, streaming: GrpcCallResult['streaming']): Promise<GrpcCallResult> {
  return new Promise((resolve) => {
    const messages: GrpcCallResult['messages'] = [];
    const headers: GrpcCallResult['headers'] = [];
    let headersSeen = false;
    let fault: string | null = null;
    let abortedIn: string | null = null;
    let settled = false;
    let call: ClientDuplexStream<Uint8Array, Buffer>;
    // Messages are decoded where grpc-js hands them over, in order and before the status,
    // so each arrival time is the real one and none can land after the call settled.
    const deserialize = (buf: Buffer): Buffer => {
      const at = performance.now() - o.startedAt;
      try {
        messages.push({ json: decodeToJson(info.responseType, buf), at });
      } catch (e) {
        fault ??= `response message ${messages.length + 1} is not a ${fullName(info.responseType)}: ${e instanceof Error ? e.message : String(e)}`;
        setImmediate(() => call.cancel());
      }
      return buf;
    };
    const finish = (s: StatusObject | null): void => {
      if (settled) return;
      settled = true;
      o.signal.removeEventListener('abort', onAbort);
      const transport = s && !abortedIn ? transportFault(o.address, s, headersSeen, messages.length) : null;
      if (!o.clients) client.close();
      else if (transport) o.clients.discard(o.address, o.tls);
      let error = fault ?? transport;
      if (!error && s?.code === 0 && !info.serverStreaming && messages.length !== 1) {
        error = `${fullName(info.service)}.${info.method.name} is ${streamingWords(info)} but the server ended it with OK after ${messages.length} messages`;
      }
      resolve({
        code: s ? statusName(s.code) : 'CANCELLED',
        message: s ? s.details : 'cancelled',
        headers,
        trailers: s ? fromMetadata(s.metadata) : [],
        messages,
        streaming,
        timing: { first: messages[0]?.at ?? null, total: performance.now() - o.startedAt },
        error,
        abortedIn,
      });
    };
    const onAbort = (): void => {
      abortedIn = messages.length === 0 ? 'waiting for the first message' : `waiting for message ${messages.length + 1}`;
      call.cancel();
      // grpc-js reports CANCELLED at once; this only guards against a status that never comes.
      setTimeout(() => finish(null), 1000).unref();
    };
    call = client.makeBidiStreamRequest(info.path, (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength), deserialize, md, o.deadlineMs === undefined ? {} : { deadline: Date.now() + o.deadlineMs });
    call.on('metadata', (m: Metadata) => {
      headersSeen = true;
      headers.push(...fromMetadata(m));
    });
    call.on('data', () => {}); // keeps the stream flowing; deserialize records the messages
    call.on('error', () => {}); // the status event carries the same outcome
    call.on('status', finish);
    o.signal.addEventListener('abort', onAbort, { once: true });
    if (o.signal.aborted) return onAbort();
    for (const f of frames) call.write(f);
    call.end();
  });
}
