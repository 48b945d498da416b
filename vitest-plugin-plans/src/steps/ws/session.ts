/**
 * The WebSocket transport of the ws step: one upgrade on a fresh socket, the
 * `send` list played in order, incoming messages collected until the goal
 * (`expect`, `until`, or silence), then a polite close 1000.
 *
 * Timing phases are durations, like the http step's dns/connect/tls/ttfb:
 * connect = opening the socket → TCP connect (lookup included); tls = connect →
 * secureConnect (null for ws://); upgrade = end of connect or tls → the answer's
 * headers (101 or a refusal); first = that answer → the first counted message;
 * total = startedAt → when collecting stopped. Absolute times are in each frame's `at`.
 *
 * Never throws and never rejects: transport failures are `error`, a refused
 * upgrade is a `response`, a deadline is `abortedIn`.
 */
import WebSocket from 'ws';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { createConnection } from 'node:net';
import { transportReason } from '../transport/http-client.js';
import {
  createConnector, createPhaseClock, droppedReason, headerObject, overMaxMessage, phaseBeforeOpen, rawHeaderPairs,
  requestHeaderPairs, withAddress, type PhaseClock,
} from './connect.js';
import { readRefusal } from './refusal.js';
import type { WsFrame, WsResponse, WsSessionOptions, WsSessionResult } from './session-types.js';

export type { WsFrame, WsResponse, WsSendItem, WsSessionOptions, WsSessionResult, WsTiming } from './session-types.js';

/** Silence that ends a session with neither `expect` nor `until`. */
export const DEFAULT_IDLE_MS = 1000;
/** How long the polite close waits for the server's close frame before dropping the socket. */
export const CLOSE_GRACE_MS = 500;

interface Outcome {
  error?: string;
  abortedIn?: string;
  /** Collecting stopped with the socket open: send close 1000 and wait briefly for the answer. */
  polite?: boolean;
}

const span = (a: number | null, b: number | null) => (a !== null && b !== null ? Math.max(0, b - a) : null);
const toBuffer = (d: WebSocket.RawData) => (Buffer.isBuffer(d) ? d : Array.isArray(d) ? Buffer.concat(d) : Buffer.from(d));
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Run one WebSocket session to its end.
 * @example
 * const r = await runWsSession({ url: 'ws://127.0.0.1:8080/chat', headers: [], subprotocols: [], tls: { rejectUnauthorized: true },
 *   send: [{ text: 'hello' }], expect: 1, maxMessage: 1 << 20, signal: AbortSignal.timeout(5000), startedAt: performance.now() });
 * r.messages[0].text; // the server's answer
 */
export function runWsSession(o: WsSessionOptions): Promise<WsSessionResult> {
  return new Promise((resolve) => {
    const messages: WsFrame[] = [];
    const transcript: WsFrame[] = [];
    const request: WsSessionResult['request'] = { method: 'GET', url: o.url, headers: [...o.headers] };
    let response: WsResponse | null = null;
    let closed: WsSessionResult['closed'] = null;
    let clock: PhaseClock | null = null;
    let ws: WebSocket | null = null;
    let firstAt: number | null = null;
    let incoming = 0; // every incoming message, ignored ones too: an oversized one is named by this count
    let next = 0; // index of the next `send` item
    let receiveTarget: number | null = null;
    let closeSent = false;
    let refused = false;
    let idleTimer: NodeJS.Timeout | undefined;
    let done = false;
    const idleMode = o.expect === undefined && o.until === undefined;
    const at = () => performance.now() - o.startedAt;

    function finish(out: Outcome): void {
      if (done) return;
      done = true;
      const end = performance.now();
      clearTimeout(idleTimer);
      o.signal.removeEventListener('abort', onAbort);
      const polite = out.polite === true && ws !== null && ws.readyState === WebSocket.OPEN;
      if (polite) {
        ws!.close(1000);
        transcript.push({ dir: 'out', at: at(), text: null, binary: null, size: 2, close: { code: 1000, reason: '' } });
      }
      const c = clock;
      const result: WsSessionResult = {
        request, response, messages, transcript, closed,
        timing: {
          connect: c ? span(c.start, c.connectAt) : null,
          tls: c && c.secure ? span(c.connectAt, c.secureAt) : null,
          upgrade: c ? span(c.secure ? c.secureAt : c.connectAt, c.responseAt) : null,
          first: c ? span(c.responseAt, firstAt) : null,
          total: end - o.startedAt,
        },
        error: out.error ?? null,
        abortedIn: out.abortedIn ?? null,
      };
      if (!ws) return resolve(result);
      if (!polite) {
        ws.terminate();
        return resolve(result);
      }
      // Give the server a moment to answer the close frame (RFC 6455 §7.1.1), but never past the deadline.
      const sock = ws;
      const drop = () => {
        clearTimeout(grace);
        o.signal.removeEventListener('abort', drop);
        sock.terminate();
        resolve(result);
      };
      const grace = setTimeout(drop, CLOSE_GRACE_MS);
      sock.once('close', drop);
      o.signal.addEventListener('abort', drop, { once: true });
      if (o.signal.aborted) drop();
    }

    function onAbort(): void {
      const before = clock ? phaseBeforeOpen(clock, refused) : 'connecting';
      finish({ abortedIn: before ?? (closeSent ? 'waiting for the close frame' : `waiting for message ${messages.length + 1}`) });
    }

    function armIdle(): void {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => finish({ polite: true }), o.idleMs ?? DEFAULT_IDLE_MS);
    }

    /** Plays `send` from `next` until a `receive` must wait, a close is sent, or the list ends. */
    function pump(): void {
      const sock = ws!;
      while (!done && !closeSent && next < o.send.length) {
        if (sock.readyState !== WebSocket.OPEN) return;
        const item = o.send[next];
        if ('receive' in item) {
          receiveTarget ??= messages.length + item.receive;
          if (messages.length < receiveTarget) return; // resumed by onMessage
          receiveTarget = null;
          next++;
          continue;
        }
        next++;
        if ('text' in item) {
          transcript.push({ dir: 'out', at: at(), text: item.text, binary: null, size: Buffer.byteLength(item.text) });
          sock.send(item.text, { binary: false }, () => {}); // a failed send shows as the close that follows
        } else if ('binary' in item) {
          transcript.push({ dir: 'out', at: at(), text: null, binary: item.binary, size: item.binary.length });
          sock.send(item.binary, { binary: true }, () => {});
        } else {
          const reason = item.reason ?? '';
          try {
            sock.close(item.close, reason);
          } catch (e) {
            return finish({ error: `send[${next - 1}]: ${messageOf(e)}` }); // a code outside RFC 6455 §7.4, a reason over 123 bytes
          }
          closeSent = true;
          transcript.push({ dir: 'out', at: at(), text: null, binary: null, size: 2 + Buffer.byteLength(reason), close: { code: item.close, reason } });
        }
      }
      if (done || !(closeSent || next >= o.send.length)) return;
      if (o.expect !== undefined && messages.length >= o.expect) return finish({ polite: true }); // `expect: 0`: send, then close
      if (idleMode) armIdle();
    }

    function onMessage(data: WebSocket.RawData, isBinary: boolean): void {
      if (done) return;
      const buf = toBuffer(data);
      incoming++;
      // ws enforces maxPayload too; this catches what it counts differently (fragments joined after the check).
      if (buf.length > o.maxMessage) return finish({ error: overMaxMessage(incoming, buf.length, o.maxMessage) });
      const f: WsFrame = { dir: 'in', at: at(), text: isBinary ? null : buf.toString('utf8'), binary: isBinary ? buf : null, size: buf.length };
      let hit = false;
      try {
        if (o.ignore?.(f)) {
          f.ignored = true;
          transcript.push(f);
          return;
        }
        transcript.push(f);
        messages.push(f);
        firstAt ??= performance.now();
        hit = o.until?.(f, messages.length - 1) ?? false;
      } catch (e) {
        return finish({ error: `checking message ${incoming}: ${messageOf(e)}` });
      }
      if (hit || (o.expect !== undefined && messages.length >= o.expect)) return finish({ polite: true });
      if (receiveTarget !== null) pump();
      else if (idleMode && (closeSent || next >= o.send.length)) armIdle();
    }

    function onError(err: Error & { code?: string }): void {
      if (done || !ws) return;
      if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
        // The frame header already declared the size; ws's receiver holds it (internal, so read defensively).
        const declared = (ws as unknown as { _receiver?: { _totalPayloadLength?: unknown } })._receiver?._totalPayloadLength;
        return finish({ error: overMaxMessage(incoming + 1, typeof declared === 'number' && declared > 0 ? declared : null, o.maxMessage) });
      }
      finish({ error: withAddress(transportReason(err), new URL(ws.url)) });
    }

    function onClose(code: number, reason: Buffer): void {
      if (done) return;
      const text = reason.toString('utf8');
      if (code !== 1006) transcript.push({ dir: 'in', at: at(), text: null, binary: null, size: code === 1005 ? 0 : 2 + reason.length, close: { code, reason: text } });
      closed = { code, reason: text };
      if (response === null) return finish({ error: withAddress('the connection closed before the upgrade answer', new URL(ws!.url)) });
      // A clean close before the goal is for the assertions to judge; a drop (1006) is a transport failure.
      // After our own close frame, a server that drops instead of answering has still done what was asked.
      if (code === 1006 && !closeSent) return finish({ error: droppedReason(messages.length, o.expect, o.until !== undefined) });
      finish({});
    }

    function onRefused(_req: ClientRequest, res: IncomingMessage): void {
      refused = true;
      clock!.responseAt = performance.now();
      response = readRefusal(res, (error) => finish(error === null ? {} : { error: withAddress(error, new URL(ws!.url)) }));
    }

    if (o.signal.aborted) return finish({ abortedIn: 'connecting' });
    o.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const url = new URL(o.url);
      const c = (clock = createPhaseClock(url));
      const options: WebSocket.ClientOptions = {
        // Node sends an array value as repeated header lines; ws's typing only knows strings.
        headers: headerObject(o.headers) as Record<string, string>,
        // Not offered: frame sizes then equal message sizes, and maxMessage bounds memory without zlib in the way.
        perMessageDeflate: false,
        maxPayload: o.maxMessage,
        followRedirects: false,
        createConnection: createConnector(c, o.tls) as unknown as typeof createConnection,
        finishRequest: (req) => {
          request.headers = requestHeaderPairs(req);
          req.end();
        },
      };
      // Listeners go on synchronously, before any byte can arrive: a server that speaks first loses nothing.
      const sock = (ws = new WebSocket(o.url, o.subprotocols, options));
      sock.on('error', onError);
      sock.on('close', onClose);
      sock.on('message', onMessage);
      sock.on('unexpected-response', onRefused);
      sock.on('upgrade', (res) => {
        c.responseAt = performance.now();
        response = { status: res.statusCode ?? 101, statusText: res.statusMessage ?? '', headers: rawHeaderPairs(res.rawHeaders), body: Buffer.alloc(0) };
      });
      sock.on('open', pump);
    } catch (e) {
      // ws rejects a bad URL or subprotocol synchronously.
      finish({ error: messageOf(e) });
    }
  });
}
