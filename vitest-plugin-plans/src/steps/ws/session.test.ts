/** runWsSession against real `ws` servers on port 0: each behaviour the ws step relies on, one server each. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer, type ServerOptions } from 'ws';
import { runWsSession, type WsSessionOptions } from './session.js';

const MiB = 1024 * 1024;
const servers: Array<{ close(): void }> = [];

afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A ws server on 127.0.0.1:<free port>; `onConnection` scripts it. */
async function serve(onConnection: (ws: WebSocket, req: import('node:http').IncomingMessage) => void, extra: ServerOptions = {}) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', ...extra });
  wss.on('connection', onConnection);
  await new Promise((r) => wss.once('listening', r));
  servers.push({ close: () => { for (const c of wss.clients) c.terminate(); wss.close(); } });
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
}

/** Session options with test defaults: no sends, 1 MiB cap, a 3 s safety deadline. */
function opts(url: string, over: Partial<WsSessionOptions> = {}): WsSessionOptions {
  return { url, headers: [], subprotocols: [], tls: { rejectUnauthorized: true }, send: [], maxMessage: MiB, signal: AbortSignal.timeout(3000), startedAt: performance.now(), ...over };
}

const echo = (ws: WebSocket) => ws.on('message', (d, isBinary) => ws.send(d, { binary: isBinary }));
const texts = (frames: Array<{ text: string | null }>) => frames.map((f) => f.text);

describe('runWsSession cleanup', () => {
  it('leaves no timer or socket behind, whichever way it ends', async () => {
    const url = await serve((ws) => { ws.send('x'.repeat(50)); ws.on('message', () => ws.send('ack')); });
    // Every timer set from here on (ours and ws's close timers) is tracked until it fires or is cleared.
    const pending = new Set<unknown>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const setSpy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const t = realSet(() => { pending.delete(t); fn(...args); }, ms);
      pending.add(t);
      return t;
    }) as typeof setTimeout);
    const clearSpy = vi.spyOn(globalThis, 'clearTimeout').mockImplementation((t) => { pending.delete(t); realClear(t); });
    try {
      const never = new AbortController().signal; // AbortSignal.timeout would hold a timer of its own
      await runWsSession(opts(url, { signal: never, send: [{ text: 'hi' }], idleMs: 30 })); // idle, polite close
      await runWsSession(opts(url, { signal: never, maxMessage: 10, expect: 1 })); // error while ws has begun closing
      const ctl = new AbortController();
      setTimeout(() => ctl.abort(), 30);
      await runWsSession(opts(url, { signal: ctl.signal, expect: 9 })); // deadline
      await new Promise((r) => realSet(r, 50));
      expect(setSpy).toHaveBeenCalled();
      expect(pending.size).toBe(0);
      expect(process.getActiveResourcesInfo().filter((k) => k === 'TCPSocketWrap')).toEqual([]);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
  });
});

describe('runWsSession', () => {
  it('echoes text, records the upgrade both ways, and closes politely with 1000', async () => {
    let trace: unknown;
    let serverClose!: (code: number) => void;
    const serverClosed = new Promise<number>((r) => (serverClose = r));
    const url = await serve((ws, req) => {
      trace = req.headers['x-trace'];
      echo(ws);
      ws.on('close', (code) => serverClose(code));
    }, { handleProtocols: (p) => (p.has('chat') ? 'chat' : false) });
    const r = await runWsSession(opts(url, { headers: [['X-Trace', 'abc']], subprotocols: ['chat'], send: [{ text: 'hello' }, { text: 'world' }], expect: 2 }));
    expect(r.error).toBeNull();
    expect(texts(r.messages)).toEqual(['hello', 'world']);
    expect(r.response?.status).toBe(101);
    expect(r.response?.headers).toContainEqual(['sec-websocket-protocol', 'chat']);
    const names = r.request.headers.map(([k]) => k.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(['x-trace', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-protocol', 'host']));
    expect(r.closed).toBeNull();
    expect(r.timing.connect).toBeTypeOf('number');
    expect(r.timing.upgrade).toBeTypeOf('number');
    expect(r.timing.first).toBeTypeOf('number');
    expect(r.timing.tls).toBeNull();
    expect(await serverClosed).toBe(1000);
    expect(trace).toBe('abc');
    expect(r.transcript.at(-1)?.close).toEqual({ code: 1000, reason: '' });
  });

  it('loses nothing a server says before the client sends anything', async () => {
    const url = await serve((ws) => { ws.send('welcome'); ws.send('second'); });
    const r = await runWsSession(opts(url, { expect: 2 }));
    expect(texts(r.messages)).toEqual(['welcome', 'second']);
    expect(r.error).toBeNull();
  });

  it('returns a refused upgrade as a result with status, headers and body', async () => {
    const url = await serve(() => {}, { verifyClient: (_info, cb) => cb(false, 403, 'go away', { 'X-Why': 'no token' }) });
    const r = await runWsSession(opts(url, { send: [{ text: 'x' }], expect: 1 }));
    expect(r.error).toBeNull();
    expect(r.abortedIn).toBeNull();
    expect(r.response?.status).toBe(403);
    expect(r.response?.statusText).toBe('Forbidden');
    expect(r.response?.body.toString()).toBe('go away');
    expect(r.response?.headers).toContainEqual(['x-why', 'no token']);
    expect(r.messages).toEqual([]);
    expect(r.timing.upgrade).toBeTypeOf('number');
  });

  it('round-trips binary frames as binary', async () => {
    const url = await serve(echo);
    const bytes = Buffer.from([0, 1, 2, 255]);
    const r = await runWsSession(opts(url, { send: [{ binary: bytes }], expect: 1 }));
    expect(r.messages[0].binary).toEqual(bytes);
    expect(r.messages[0].text).toBeNull();
    expect(r.messages[0].size).toBe(4);
    expect(r.transcript[0]).toMatchObject({ dir: 'out', binary: bytes, text: null });
  });

  it('drops heartbeats matched by ignore before counting them', async () => {
    const url = await serve((ws) => ws.on('message', () => { for (const t of ['hb', 'data1', 'hb', 'data2']) ws.send(t); }));
    const r = await runWsSession(opts(url, { send: [{ text: 'go' }], expect: 2, ignore: (m) => m.text === 'hb' }));
    expect(texts(r.messages)).toEqual(['data1', 'data2']);
    const incoming = r.transcript.filter((f) => f.dir === 'in' && !f.close);
    expect(incoming.map((f) => [f.text, f.ignored ?? false])).toEqual([['hb', true], ['data1', false], ['hb', true], ['data2', false]]);
  });

  it('stops at the first message until matches, passing its index', async () => {
    const url = await serve((ws) => { for (const t of ['a', 'b', 'stop', 'c']) ws.send(t); });
    const indexes: number[] = [];
    const r = await runWsSession(opts(url, { until: (m, i) => (indexes.push(i), m.text === 'stop') }));
    expect(texts(r.messages)).toEqual(['a', 'b', 'stop']);
    expect(indexes).toEqual([0, 1, 2]);
    expect(r.closed).toBeNull();
  });

  it('holds each send after {receive: N} until the replies arrived', async () => {
    const url = await serve((ws) => ws.on('message', (d) => setTimeout(() => ws.send(`re:${d}`), 15)));
    const r = await runWsSession(opts(url, { send: [{ text: '1' }, { receive: 1 }, { text: '2' }, { receive: 1 }, { text: '3' }], expect: 3 }));
    expect(r.transcript.filter((f) => !f.close).map((f) => `${f.dir} ${f.text}`)).toEqual(['out 1', 'in re:1', 'out 2', 'in re:2', 'out 3', 'in re:3']);
  });

  it('sends {close: 4000} and nothing after it; the echoed close is the result', async () => {
    const got: string[] = [];
    let serverCode = 0;
    const url = await serve((ws) => {
      ws.on('message', (d) => got.push(String(d)));
      ws.on('close', (code) => (serverCode = code));
    });
    const r = await runWsSession(opts(url, { send: [{ text: 'x' }, { close: 4000, reason: 'done' }, { text: 'never' }], idleMs: 2000 }));
    expect(r.error).toBeNull();
    expect(r.closed).toEqual({ code: 4000, reason: 'done' });
    expect(serverCode).toBe(4000);
    expect(got).toEqual(['x']);
    expect(r.transcript.find((f) => f.dir === 'out' && f.close)?.close).toEqual({ code: 4000, reason: 'done' });
    expect(r.timing.total).toBeLessThan(1000); // ended by the close, not by idle
  });

  it('reports a message over maxMessage with its number and size', async () => {
    const url = await serve((ws) => { ws.send('small'); ws.send('x'.repeat(2000)); });
    const r = await runWsSession(opts(url, { expect: 5, maxMessage: 1000 }));
    expect(r.error).toBe('message 2 is 2000 bytes, over maxMessage 1000');
    expect(texts(r.messages)).toEqual(['small']);
  });

  it('calls a dropped connection an error and keeps the messages so far', async () => {
    const url = await serve((ws) => { ws.send('one'); ws.send('two', () => ws.terminate()); });
    const r = await runWsSession(opts(url, { expect: 5 }));
    expect(r.error).toBe('the server dropped the connection (no close frame) after 2 of 5 messages');
    expect(texts(r.messages)).toEqual(['one', 'two']);
    expect(r.closed).toEqual({ code: 1006, reason: '' });
  });

  it('treats a clean server close before the goal as a result, not an error', async () => {
    const url = await serve((ws) => { ws.send('only'); ws.close(1001, 'bye'); });
    const r = await runWsSession(opts(url, { expect: 3 }));
    expect(r.error).toBeNull();
    expect(r.closed).toEqual({ code: 1001, reason: 'bye' });
    expect(texts(r.messages)).toEqual(['only']);
  });

  it('ends after idleMs of silence when neither expect nor until is set (localhost)', async () => {
    const url = await serve((ws) => ws.on('message', () => ws.send('ack')));
    const r = await runWsSession(opts(url.replace('127.0.0.1', 'localhost'), { send: [{ text: 'hi' }], idleMs: 100 }));
    expect(r.error).toBeNull();
    expect(texts(r.messages)).toEqual(['ack']);
    expect(r.closed).toBeNull();
    expect(r.timing.total).toBeGreaterThanOrEqual(100);
    expect(r.timing.total).toBeLessThan(1000);
  });

  it('with expect: 0, closes once the sends are out', async () => {
    let got!: (t: string) => void;
    const received = new Promise<string>((r) => (got = r));
    const url = await serve((ws) => ws.on('message', (d) => got(String(d))));
    const r = await runWsSession(opts(url, { send: [{ text: 'fire' }], expect: 0 }));
    expect(r.error).toBeNull();
    expect(r.abortedIn).toBeNull();
    expect(r.messages).toEqual([]);
    expect(await received).toBe('fire');
  });

  it('names the address of an unreachable server', async () => {
    const probe = createNetServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const r = await runWsSession(opts(`ws://127.0.0.1:${port}/`, { expect: 1 }));
    expect(r.error).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    expect(r.response).toBeNull();
    expect(r.timing.connect).toBeNull();
  });

  it('settles within 200 ms of a deadline while the server stays silent', async () => {
    const url = await serve(() => {});
    const ctl = new AbortController();
    const abortedAt = new Promise<number>((r) => setTimeout(() => { ctl.abort(); r(performance.now()); }, 80));
    const r = await runWsSession(opts(url, { expect: 1, signal: ctl.signal }));
    expect(performance.now() - (await abortedAt)).toBeLessThan(200);
    expect(r.abortedIn).toBe('waiting for message 1');
    expect(r.error).toBeNull();
    expect(r.response?.status).toBe(101);
    expect(r.closed).toBeNull();
  });

  it('names the upgrade phase when the server accepts TCP but never answers', async () => {
    const sockets: Socket[] = [];
    const mute: NetServer = createNetServer((s) => sockets.push(s));
    await new Promise<void>((r) => mute.listen(0, '127.0.0.1', r));
    servers.push({ close: () => { for (const s of sockets) s.destroy(); mute.close(); } });
    const r = await runWsSession(opts(`ws://127.0.0.1:${(mute.address() as AddressInfo).port}/`, { signal: AbortSignal.timeout(80) }));
    expect(r.abortedIn).toBe('waiting for the upgrade');
    expect(r.timing.connect).toBeTypeOf('number');
  });

  it('settles at once on a signal already aborted', async () => {
    const r = await runWsSession(opts('ws://127.0.0.1:9/', { signal: AbortSignal.abort() }));
    expect(r.abortedIn).toBe('connecting');
    expect(r.response).toBeNull();
  });

  it('returns a bad URL as an error instead of throwing', async () => {
    const r = await runWsSession(opts('ftp://example.test/'));
    expect(r.error).toMatch(/protocol must be one of/);
  });
});

describe('runWsSession over wss:// with a self-signed certificate', () => {
  let dir: string;
  let cert: string;
  let url: string;
  let https: HttpsServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ws-session-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-days', '1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert });
    new WebSocketServer({ server: https }).on('connection', echo);
    await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
    url = `wss://localhost:${(https.address() as AddressInfo).port}/`;
  });

  afterAll(() => {
    https?.closeAllConnections();
    https?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects with verification off and times the handshake', async () => {
    const r = await runWsSession(opts(url, { tls: { rejectUnauthorized: false }, send: [{ text: 'secure' }], expect: 1 }));
    expect(r.error).toBeNull();
    expect(texts(r.messages)).toEqual(['secure']);
    expect(r.timing.tls).toBeTypeOf('number');
  });

  it('refuses the certificate without a CA, naming the address', async () => {
    const r = await runWsSession(opts(url, { expect: 1 }));
    expect(r.error).toMatch(/self[- ]signed certificate/);
    expect(r.error).toContain('localhost');
    expect(r.response).toBeNull();
  });

  it('accepts the certificate given as a CA', async () => {
    const r = await runWsSession(opts(url, { tls: { rejectUnauthorized: true, ca: [cert] }, send: [{ text: 'trusted' }], expect: 1 }));
    expect(r.error).toBeNull();
    expect(texts(r.messages)).toEqual(['trusted']);
  });
});
