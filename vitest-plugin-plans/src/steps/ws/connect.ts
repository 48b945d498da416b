/**
 * The socket under one ws session: a `createConnection` for `ws` that opens a
 * fresh socket (no agent, so never a kept-alive one) and timestamps its
 * lookup / connect / secureConnect events, plus the header and wording helpers
 * the session shares with the failure block.
 */
import { loopbackLookup } from '../transport/loopback-lookup.js';
import type { ClientRequest } from 'node:http';
import { connect as netConnect, isIP, type NetConnectOpts, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import type { TlsConnectOptions } from '../transport/tls-options.js';

/** performance.now() marks of the connection phases; null until the event fires. */
export interface PhaseClock {
  start: number;
  lookupAt: number | null;
  connectAt: number | null;
  secureAt: number | null;
  /** The upgrade answer's status line and headers (101 or a refusal). */
  responseAt: number | null;
  secure: boolean;
  /** The host is an IP literal: no lookup happens. */
  ipLiteral: boolean;
}

/** A clock for `url`, started now. */
export function createPhaseClock(url: URL): PhaseClock {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const secure = url.protocol === 'wss:' || url.protocol === 'https:';
  return { start: performance.now(), lookupAt: null, connectAt: null, secureAt: null, responseAt: null, secure, ipLiteral: isIP(host) !== 0 };
}

/**
 * The `createConnection` handed to `ws` (through http.request). With it and no
 * `agent`, Node opens one socket for this request alone.
 */
export function createConnector(clock: PhaseClock, tls: TlsConnectOptions): (options: Record<string, unknown>) => Socket {
  return (options) => {
    // Here `path` is the request path; net.connect would take it for a Unix socket (ws's own netConnect clears it too).
    // autoSelectFamily: `localhost` may resolve to ::1 and 127.0.0.1 in 'verbatim' order; try both (happy eyeballs).
    const base = { ...options, path: undefined, autoSelectFamily: true, lookup: loopbackLookup };
    let socket: Socket;
    if (clock.secure) {
      const host = String(options.host ?? '');
      const extra: ConnectionOptions = { rejectUnauthorized: tls.rejectUnauthorized };
      if (tls.ca) extra.ca = tls.ca;
      if (tls.cert) extra.cert = tls.cert;
      if (tls.key) extra.key = tls.key;
      // RFC 6066 §3: SNI carries host names only, never an IP literal.
      socket = tlsConnect({ ...base, ...extra, servername: isIP(host) ? '' : host } as ConnectionOptions);
      socket.once('secureConnect', () => (clock.secureAt = performance.now()));
    } else {
      socket = netConnect(base as unknown as NetConnectOpts);
    }
    socket.once('lookup', () => (clock.lookupAt ??= performance.now()));
    socket.once('connect', () => (clock.connectAt = performance.now()));
    return socket;
  };
}

/** The phase a deadline fell in before the session opened, in the words of the http TIMEOUT block; null once open. */
export function phaseBeforeOpen(clock: PhaseClock, refused: boolean): string | null {
  if (clock.connectAt === null) return clock.lookupAt === null && !clock.ipLiteral ? 'resolving the host name' : 'connecting';
  if (clock.secure && clock.secureAt === null) return 'the TLS handshake';
  if (clock.responseAt === null) return 'waiting for the upgrade';
  if (refused) return 'reading the upgrade response body';
  return null;
}

/** The user's header pairs as the object `ws` takes; repeated names (any case) become one multi-value header. */
export function headerObject(pairs: Array<[string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const spelled = new Map<string, string>();
  for (const [name, value] of pairs) {
    const key = spelled.get(name.toLowerCase());
    if (key === undefined) {
      spelled.set(name.toLowerCase(), name);
      out[name] = value;
    } else {
      const prev = out[key];
      out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  return out;
}

/** The headers of the upgrade request as they will go out, Host and Sec-WebSocket-* included. */
export function requestHeaderPairs(req: ClientRequest): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const name of req.getRawHeaderNames()) {
    const v = req.getHeader(name);
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) out.push([name, String(x)]);
  }
  return out;
}

/** Node's rawHeaders (name, value, name, value…) as pairs with lower-case names, like the http step's responses. */
export function rawHeaderPairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i].toLowerCase(), raw[i + 1]]);
  return out;
}

/** A reason that does not name the server (TLS, reset, ws handshake checks) gets its address appended. */
export function withAddress(reason: string, url: URL): string {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return reason.includes(host) ? reason : `${reason} (${url.host})`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The error of a message over the cap; `n` counts every incoming message, ignored ones too. */
export function overMaxMessage(n: number, size: number | null, max: number): string {
  return size === null ? `message ${n} is over maxMessage ${max} bytes` : `message ${n} is ${size} bytes, over maxMessage ${max}`;
}

/** The error of a connection that ended without a close frame (1006) before the step's goal. */
export function droppedReason(counted: number, expect: number | undefined, until: boolean): string {
  const head = 'the server dropped the connection (no close frame)';
  if (expect !== undefined) return `${head} after ${counted} of ${plural(expect, 'message')}`;
  return `${head} after ${plural(counted, 'message')}${until ? ', before until matched' : ''}`;
}
