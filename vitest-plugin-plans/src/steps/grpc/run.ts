/**
 * Runs a grpc step: renders address, metadata and requests, makes the call
 * (through the proto parsed at load, or server reflection), and reads the
 * status and messages into names with exact numbers. Loaded only when a grpc
 * step runs.
 */
import type { Root } from 'protobufjs';
import { durationFromMs } from '../../expr/duration.js';
import { parseJsonExact } from '../../expr/json-exact.js';
import { NA, NIL, dur, headers as headersValue, list, map, str, type Value } from '../../expr/values.js';
import type { ExchangePayload } from '../../events/types.js';
import type { StepOf } from '../../plan/types.js';
import type { TlsConnectOptions } from '../transport/tls-options.js';
import type { StepContext, StepOutcome } from '../types.js';
import { callGrpc, type GrpcCallResult, type GrpcTls } from './call.js';
import type { ReflectionCache } from './reflection.js';
import { ClientPool } from './client-pool.js';
import type { GrpcRequest } from './types.js';

const CODES: Record<string, number> = {
  OK: 0, CANCELLED: 1, UNKNOWN: 2, INVALID_ARGUMENT: 3, DEADLINE_EXCEEDED: 4, NOT_FOUND: 5, ALREADY_EXISTS: 6, PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8, FAILED_PRECONDITION: 9, ABORTED: 10, OUT_OF_RANGE: 11, UNIMPLEMENTED: 12, INTERNAL: 13, UNAVAILABLE: 14, DATA_LOSS: 15, UNAUTHENTICATED: 16,
};

/** The invocation's TLS flags as grpc-js takes them (PEM files read once per step). */
function grpcTls(t: TlsConnectOptions): GrpcTls {
  const opts = t as TlsConnectOptions & { ca?: string | Buffer | Array<string | Buffer>; cert?: string | Buffer; key?: string | Buffer };
  const buf = (v: string | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(v));
  const ca = opts.ca === undefined ? undefined : (Array.isArray(opts.ca) ? opts.ca : [opts.ca]).map(buf);
  return { rejectUnauthorized: t.rejectUnauthorized !== false, ...(ca ? { ca } : {}), ...(opts.cert ? { cert: buf(opts.cert) } : {}), ...(opts.key ? { key: buf(opts.key) } : {}) };
}

function messageBody(json: string): Value {
  const r = parseJsonExact(json);
  return r.ok ? r.value : NIL;
}

function exchange(step: StepOf<GrpcRequest>, address: string, metadata: Array<[string, string]>, requests: string[], r: GrpcCallResult): ExchangePayload {
  const body = requests.length === 1 && !step.request.streamRequests ? requests[0]! : `[${requests.join(',')}]`;
  const last = r.messages[r.messages.length - 1]?.json ?? null;
  return {
    index: null,
    request: { method: `${step.request.service}/${step.request.method}`, url: address, headers: metadata, body, bodyEncoding: 'utf8', bodySize: Buffer.byteLength(body), bodyTruncated: false },
    response: r.code === ''
      ? null
      : { status: CODES[r.code] ?? -1, statusText: r.code, proto: 'gRPC', headers: r.headers, body: last, bodyEncoding: 'utf8', bodySize: last === null ? 0 : Buffer.byteLength(last), bodyTruncated: false },
    redirects: [],
    timing: { first: r.timing.first, total: r.timing.total },
    newConnection: true,
    error: r.error,
    frames: null,
    extra: { message: r.message, trailers: r.trailers, messages: r.messages.length },
  };
}

/** Runs one grpc step. */
export async function runGrpc(step: StepOf<GrpcRequest>, ctx: StepContext): Promise<StepOutcome> {
  const q = step.request;
  const startedAt = performance.now();
  const address = ctx.render.text(q.address);
  const metadata: Array<[string, string]> = q.metadata.map((m) => [m.name.toLowerCase(), ctx.render.text(m.value)]);
  const requests = q.requests.map((t) => ctx.render.json(t));
  let cache = ctx.resources.cache.get('grpc.reflection') as ReflectionCache | undefined;
  if (!cache) {
    cache = new Map();
    ctx.resources.cache.set('grpc.reflection', cache);
  }
  let clients = ctx.resources.cache.get('grpc.clients') as ClientPool | undefined;
  if (!clients) {
    clients = new ClientPool();
    ctx.resources.cache.set('grpc.clients', clients);
  }
  const r = await callGrpc({
    address,
    tls: q.tls ? grpcTls(ctx.resources.tls) : null,
    root: (q.root as Root | undefined) ?? null,
    service: q.service,
    method: q.method,
    requests,
    metadata,
    ...(ctx.deadlineMs !== undefined ? { deadlineMs: ctx.deadlineMs } : {}),
    signal: ctx.signal,
    startedAt,
    reflectionCache: cache,
    clients,
  });
  ctx.exchange(exchange(step, address, metadata, requests, r));
  if (r.abortedIn !== null) return { names: {}, requests: 1, error: null, timedOut: { phase: r.abortedIn } };
  if (r.error !== null) return { names: {}, requests: 1, error: r.error, timedOut: null };
  const messages = r.messages.map((m) => map({ body: messageBody(m.json), at: dur(durationFromMs(m.at)) }, 'record'));
  const last = r.messages[r.messages.length - 1];
  return {
    names: {
      code: str(r.code),
      message: str(r.message),
      body: last ? messageBody(last.json) : NIL,
      messages: list(messages, 'messages'),
      headers: headersValue(r.headers),
      trailers: headersValue(r.trailers),
      duration: map({ first: r.timing.first === null ? NA : dur(durationFromMs(r.timing.first)), total: dur(durationFromMs(r.timing.total)) }, 'phases'),
    },
    requests: 1,
    error: null,
    timedOut: null,
  };
}
