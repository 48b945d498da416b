/**
 * Over a real socket: the streaming 1 MiB refusal, slow and malformed clients, huge headers,
 * graceful shutdown. The server runs the fake sandbox worker (HTTP behaviour only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server.js';
import { FAKE_WORKER } from './helpers.js';

let srv: RunningServer;
let dataDir: string;
let key: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'evaluator-sock-'));
  srv = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    slots: 2,
    logLevel: 'silent',
    sandboxEntry: FAKE_WORKER,
    headersTimeoutMs: 1000,
    requestTimeoutMs: 3000,
    bodyIdleTimeoutMs: 500,
  });
  key = (await srv.store.createKey({ account: 'sock' })).key;
});
afterAll(async () => {
  await srv.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Parsed raw HTTP response. */
interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(text: string): Raw {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** Opens a connection; `read()` resolves with everything received until the server closes or `ms` pass. */
function connect(): Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(srv.port, '127.0.0.1');
    let data = '';
    const t0 = Date.now();
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((r) => socket.on('close', () => r(Date.now() - t0)));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

const waitFor = async (cond: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return cond();
};

describe('body over 1 MiB', () => {
  it('is refused while streaming (chunked, no Content-Length), before the client finishes', async () => {
    const c = await connect();
    c.socket.write(`POST /v1/eval HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = 'x'.repeat(64 * 1024);
    // 1 MiB + 64 KiB sent, then the client stops WITHOUT ending the body.
    for (let i = 0; i < 17; i++) c.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expect(await waitFor(() => c.received().includes('request_too_large'), 5000)).toBe(true);
    const res = parse(c.received());
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({ error: { type: 'request_too_large', message: expect.any(String) }, request_id: res.headers['x-request-id'] });
    c.socket.destroy();
  });

  it('is refused at once from a Content-Length over 1 MiB, without waiting for the body', async () => {
    const c = await connect();
    c.socket.write(`POST /v1/eval HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 50000000\r\n\r\n{"source":`);
    expect(await waitFor(() => c.received().includes('request_too_large'), 3000)).toBe(true);
    expect(parse(c.received()).status).toBe(413);
    c.socket.destroy();
  });

  it('a client that keeps sending after the 413 still reads it (no reset)', async () => {
    const body = JSON.stringify({ source: '1', pad: 'y'.repeat(3 * 1024 * 1024) });
    const res = await fetch(`${srv.url}/v1/eval`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body }).catch((e: Error) => e);
    // fetch may see either the 413 or a connection error if the server closes mid-upload;
    // what must not happen is a 5xx or the server dying.
    if (!(res instanceof Error)) expect(res.status).toBe(413);
    expect((await fetch(`${srv.url}/v1/health`)).status).toBe(200);
  });
});

describe('slow and malformed clients', () => {
  it('slowloris: headers trickling in are cut off after headersTimeout with 408', async () => {
    const c = await connect();
    c.socket.write('POST /v1/eval HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => c.socket.writable && c.socket.write('X-A: b\r\n'), 200);
    const closedAfter = await Promise.race([c.closed, new Promise<number>((r) => setTimeout(() => r(-1), 15000))]);
    clearInterval(trickle);
    // headersTimeout 1 s, checked every second; generous for a loaded CI machine.
    expect(closedAfter).toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(10000);
    const res = parse(c.received());
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body).error.type).toBe('invalid_request');
  });

  it('a body that stalls is refused after the idle timeout', async () => {
    const c = await connect();
    c.socket.write(`POST /v1/eval HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 100\r\n\r\n{"source"`);
    expect(await waitFor(() => c.received().length > 0, 3000)).toBe(true);
    const res = parse(c.received());
    expect(res.status).toBe(408);
    expect(res.headers['content-type']).toBe('application/json');
    c.socket.destroy();
  });

  it('a body dripping in under the idle timeout is cut off by requestTimeout with a JSON 408', async () => {
    const c = await connect();
    c.socket.write(`POST /v1/eval HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 1000\r\n\r\n{`);
    const drip = setInterval(() => c.socket.writable && c.socket.write(' '), 200);
    const closedAfter = await Promise.race([c.closed, new Promise<number>((r) => setTimeout(() => r(-1), 15000))]);
    clearInterval(drip);
    expect(closedAfter).toBeGreaterThan(0);
    const res = parse(c.received());
    expect(res.status).toBe(408);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({ error: { type: 'invalid_request', message: expect.any(String) }, request_id: res.headers['x-request-id'] });
  });

  it('headers over 16 KiB: 431 with the Error body, server unharmed', async () => {
    const c = await connect();
    c.socket.write(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
    expect(await waitFor(() => c.received().includes('\r\n\r\n'), 3000)).toBe(true);
    const res = parse(c.received());
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body)).toMatchObject({ error: { type: 'request_too_large' }, request_id: res.headers['x-request-id'] });
    expect((await fetch(`${srv.url}/v1/health`)).status).toBe(200);
  });

  it('garbage instead of HTTP: 400 with the Error body', async () => {
    const c = await connect();
    c.socket.write('HELLO THERE\r\n\r\n');
    expect(await waitFor(() => c.received().includes('\r\n\r\n'), 3000)).toBe(true);
    const res = parse(c.received());
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.type).toBe('invalid_request');
  });

  it('unicode sources and odd content types evaluate normally', async () => {
    for (const type of ['application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await fetch(`${srv.url}/v1/eval`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': type },
        body: JSON.stringify({ source: '(string-length "λ→😀")' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
    }
  });

  it('invalid UTF-8 in the body is not a 5xx', async () => {
    const res = await fetch(`${srv.url}/v1/eval`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: Buffer.concat([Buffer.from('{"source":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
    });
    expect(res.status).toBeLessThan(500);
  });
});
