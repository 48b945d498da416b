/**
 * Timing phases measured for real: the connector records dns/connect/tls on
 * each new socket (socket `lookup`, `connect`, `secureConnect` events), and
 * undici's diagnostics channels tie each request to its socket
 * (`undici:client:sendHeaders`) and to its first response byte
 * (`undici:request:headers`). A request on a socket that already carried one
 * reports dns, connect and tls as n/a (plan-runner.md §2: a reused connection).
 */
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/** What the connector learned about one socket. */
export interface SocketTiming {
  start: number;
  lookupAt: number | null;
  connectAt: number | null;
  secureAt: number | null;
  tls: boolean;
  /** The host was an IP literal: no lookup happens, dns is 0. */
  ipLiteral: boolean;
  requests: number;
}

/** Per request: filled in by the channels as the request goes. */
export interface RequestTrace {
  sentAt: number | null;
  headersAt: number | null;
  socket: SocketTiming | null;
  h2: boolean;
}

export const socketTimings = new WeakMap<object, SocketTiming>();
const traces = new WeakMap<object, RequestTrace>();
/** Connection attempts in flight, by origin key, for naming the phase a deadline fell in. */
export const connecting = new Map<string, SocketTiming>();

let pendingTrace: RequestTrace | null = null;
let subscribed = false;

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  // The request object is created synchronously inside dispatch(); `claimTrace` parks the trace for it.
  diagnostics.subscribe('undici:request:create', (msg) => {
    if (pendingTrace) {
      traces.set((msg as { request: object }).request, pendingTrace);
      pendingTrace = null;
    }
  });
  diagnostics.subscribe('undici:client:sendHeaders', (msg) => {
    const { request, socket } = msg as { request: object; socket: Socket & { alpnProtocol?: string | false } };
    const t = traces.get(request);
    if (!t) return;
    t.sentAt = performance.now();
    t.h2 = socket?.alpnProtocol === 'h2';
    const st = socket ? socketTimings.get(socket) : undefined;
    if (st) {
      if (st.requests === 0) t.socket = st;
      st.requests++;
    }
  });
  diagnostics.subscribe('undici:request:headers', (msg) => {
    const t = traces.get((msg as { request: object }).request);
    if (t && t.headersAt === null) t.headersAt = performance.now();
  });
}

/** Start tracing the next request created by undici (call right before dispatching). */
export function beginTrace(): RequestTrace {
  subscribe();
  const t: RequestTrace = { sentAt: null, headersAt: null, socket: null, h2: false };
  pendingTrace = t;
  return t;
}

/** Forget a trace that did not reach undici's request constructor. */
export function endTrace(): void {
  pendingTrace = null;
}

/** Attach phase timing to a socket the connector just opened. */
export function watchSocket(socket: Socket, tls: boolean, key: string, ipLiteral: boolean): SocketTiming {
  const st: SocketTiming = { start: performance.now(), lookupAt: null, connectAt: null, secureAt: null, tls, ipLiteral, requests: 0 };
  socketTimings.set(socket, st);
  connecting.set(key, st);
  socket.once('lookup', () => (st.lookupAt = performance.now()));
  socket.once('connect', () => (st.connectAt = performance.now()));
  if (tls) socket.once('secureConnect', () => (st.secureAt = performance.now()));
  const clear = () => {
    if (connecting.get(key) === st) connecting.delete(key);
  };
  socket.once(tls ? 'secureConnect' : 'connect', clear);
  socket.once('error', clear);
  socket.once('close', clear);
  return st;
}

/** The phase a deadline interrupted, in the words of the TIMEOUT block. */
export function phaseOf(trace: RequestTrace, originKey: string): string {
  if (trace.headersAt !== null) return 'reading the body';
  if (trace.sentAt !== null) return 'waiting for first byte';
  const c = connecting.get(originKey);
  if (!c) return 'waiting for a connection';
  if (c.connectAt === null) return c.lookupAt === null && !c.ipLiteral ? 'resolving the host name' : 'connecting';
  if (c.tls && c.secureAt === null) return 'the TLS handshake';
  return 'sending the request';
}
