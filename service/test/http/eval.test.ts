import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { monthOf } from '../../src/limits/month.js';
import { bearer, createHarness, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ slots: 2 });
});
afterAll(async () => h.close());

const post = (key: string | null, body: string | Buffer | object, type = 'application/json') => {
  const r = request(h.app.handler).post('/v1/eval').set('Content-Type', type);
  if (key) r.set(bearer(key));
  return r.send(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
};

function expectError(res: request.Response, status: number, type: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.body).toEqual({ error: { type, message: expect.any(String) }, request_id: res.headers['x-request-id'] });
  expect(res.body.request_id).toMatch(/^req_/);
}

describe('POST /v1/eval', () => {
  it('200: EvalResponse, request id, RateLimit-* headers', async () => {
    const key = await h.key();
    const res = await post(key, { source: '(+ 1 2)' }).expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body.status).toBe('ok');
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
    expect(res.headers['ratelimit-limit']).toBe('60');
    expect(res.headers['ratelimit-remaining']).toBe('59');
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
  });

  it('parses the body as JSON whatever the Content-Type', async () => {
    const key = await h.key();
    await post(key, { source: '(+ 1 2)' }, 'text/plain').expect(200);
    await request(h.app.handler).post('/v1/eval').set(bearer(key)).send('{"source":"1"}').expect(200);
  });

  it.each([
    ['no header', undefined],
    ['not bearer', 'Basic dXNlcjpwYXNz'],
    ['bearer without key', 'Bearer '],
    ['wrong prefix', `Bearer pk_${'a'.repeat(40)}`],
    ['too short', `Bearer sk_${'a'.repeat(31)}`],
    ['bad characters', `Bearer sk_${'a'.repeat(39)}-`],
    ['unknown key', `Bearer sk_${'Z'.repeat(40)}`],
  ])('401 unauthorized: %s', async (_, header) => {
    const r = request(h.app.handler).post('/v1/eval').send({ source: '1' });
    if (header !== undefined) r.set('Authorization', header);
    const res = await r;
    expectError(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('401 for a revoked key, effective at once', async () => {
    const key = await h.key();
    await post(key, { source: '1' }).expect(200);
    expect(await h.store.revokeKey(key)).toBe(true);
    expectError(await post(key, { source: '1' }), 401, 'unauthorized');
  });

  it.each([
    ['not JSON', '(+ 1 2)'],
    ['empty body', ''],
    ['truncated JSON', '{"source": "1"'],
    ['trailing garbage', '{"source": "1"} x'],
  ])('400 invalid_json: %s', async (_, body) => {
    expectError(await post(await h.key(), body), 400, 'invalid_json');
  });

  it.each([
    ['source missing', {}],
    ['source a number', { source: 12 }],
    ['source null', { source: null }],
    ['body an array', [1]],
    ['body a string', 'x'],
    ['body null', null],
    ['timeout_ms 0', { source: '1', timeout_ms: 0 }],
    ['timeout_ms 5001', { source: '1', timeout_ms: 5001 }],
    ['timeout_ms 1.5', { source: '1', timeout_ms: 1.5 }],
    ['timeout_ms a string', { source: '1', timeout_ms: '100' }],
    ['timeout_ms null', { source: '1', timeout_ms: null }],
    ['timeout_ms negative', { source: '1', timeout_ms: -1 }],
  ])('422 invalid_request: %s', async (_, body) => {
    expectError(await post(await h.key(), JSON.stringify(body)), 422, 'invalid_request');
  });

  it('400 invalid_request: source with an unpaired surrogate escape (raw JSON text)', async () => {
    const key = await h.key();
    // Sent as written: JSON.stringify would not be needed to produce it, and the bytes are ASCII.
    const res = await post(key, '{"source":"\\ud800"}');
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.message).toContain('unpaired surrogate');
    // A surrogate encoded as UTF-8 bytes (ED A0 80) is not UTF-8 at all: invalid_json. (A Buffer
    // is sent as-is only with a non-JSON type; the body is parsed as JSON whatever the type.)
    const bytes = Buffer.from([...Buffer.from('{"source":"'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]);
    expectError(await post(key, bytes, 'application/octet-stream'), 400, 'invalid_json');
    // A well-formed pair is fine.
    await post(key, '{"source":"\\"\\ud83d\\ude00\\""}').expect(200);
  });

  it('accepts timeout_ms 1 and 5000', async () => {
    const key = await h.key();
    await post(key, { source: '1', timeout_ms: 1 }).expect(200);
    await post(key, { source: '1', timeout_ms: 5000 }).expect(200);
  });

  it('413 source_too_large: over 64 KiB of UTF-8 (bytes, not characters)', async () => {
    const key = await h.key();
    await post(key, { source: ';'.repeat(65536) }).expect(200);
    expectError(await post(key, { source: ';'.repeat(65537) }), 413, 'source_too_large');
    // 21846 × 3-byte characters = 65538 bytes but only 21846 UTF-16 units.
    expectError(await post(key, { source: '€'.repeat(21846) }), 413, 'source_too_large');
  });

  it('413 request_too_large: body over 1 MiB', async () => {
    const res = await post(await h.key(), JSON.stringify({ source: '1', pad: 'x'.repeat(1024 * 1024) }));
    expectError(res, 413, 'request_too_large');
  });

  it('order: 401 before body checks, 413 before 400, 400 before 422, 422 before 413 source', async () => {
    expectError(await post(null, 'not json'), 401, 'unauthorized');
    const key = await h.key();
    expectError(await post(key, 'x'.repeat(1024 * 1024 + 1)), 413, 'request_too_large');
    expectError(await post(key, '{"source": 1'), 400, 'invalid_json');
    expectError(await post(key, { source: 'x'.repeat(70000), timeout_ms: 0 }), 422, 'invalid_request');
  });

  it('429 rate_limited after 60 requests a minute, with Retry-After and RateLimit-*', async () => {
    const key = await h.key();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await post(key, { source: '1' })).status);
    // A minute boundary may pass during the loop; then one extra is accepted.
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(60);
    let res = await post(key, { source: '1' });
    if (res.status === 200) res = await post(key, { source: '1' });
    expectError(res, 429, 'rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['ratelimit-remaining']).toBe('0');
  });

  it('invalid requests do not spend the rate limit', async () => {
    const key = await h.key();
    for (let i = 0; i < 3; i++) await post(key, 'nope').expect(400);
    const res = await post(key, { source: '1' }).expect(200);
    expect(res.headers['ratelimit-remaining']).toBe('59');
  });

  it('429 cpu_quota_exceeded once the monthly quota is used, Retry-After until the month turns', async () => {
    const key = await h.key({ cpuQuotaMs: 1 });
    await post(key, { source: '1' }).expect(200); // bills max(1, ceil(cpu)) >= 1
    const res = await post(key, { source: '1' });
    expectError(res, 429, 'cpu_quota_exceeded');
    const now = new Date();
    const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(Math.abs(Number(res.headers['retry-after']) - (monthEnd - Date.now()) / 1000)).toBeLessThan(5);
  });

  it('re-reads the CPU usage at the quota check when the body arrived slowly after the key', async () => {
    const key = await h.key({ cpuQuotaMs: 10 });
    const { accountId } = (await h.store.authenticate(key))!;
    const server = http.createServer(h.app.handler);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const body = JSON.stringify({ source: '1' });
      const req = http.request({ port, method: 'POST', path: '/v1/eval', headers: { ...bearer(key), 'Content-Length': Buffer.byteLength(body) } });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        });
        req.on('error', reject);
      });
      req.flushHeaders();
      // The key (and the usage with it) is read now; the quota is used up while the body is awaited.
      await new Promise((r) => setTimeout(r, 100));
      await h.store.addCpuUsage(accountId, monthOf(Date.now()), 10);
      req.end(body);
      const res = await answer;
      expect(res.status).toBe(429);
      expect(JSON.parse(res.body).error.type).toBe('cpu_quota_exceeded');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('429 too_many_in_flight past 4 evaluations of one account, with Retry-After', async () => {
    const big = await createHarness({ slots: 6 });
    try {
      const key = await big.key();
      const send = () =>
        request(big.app.handler).post('/v1/eval').set(bearer(key)).send({ source: '(sleep 1500)', timeout_ms: 5000 });
      const results = await Promise.all(Array.from({ length: 6 }, () => send().then((r) => r)));
      const codes = results.map((r) => r.status).sort();
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
      const refused = results.find((r) => r.status === 429)!;
      expect(refused.body.error.type).toBe('too_many_in_flight');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Leases were released: the account can run again.
      await request(big.app.handler).post('/v1/eval').set(bearer(key)).send({ source: '1' }).expect(200);
    } finally {
      await big.close();
    }
  });

  it('503 busy at once when every slot is taken (no queue)', async () => {
    const one = await createHarness({ slots: 1 });
    try {
      const [a, b] = [await one.key(), await one.key()];
      const slow = request(one.app.handler).post('/v1/eval').set(bearer(a)).send({ source: '(sleep 2000)', timeout_ms: 5000 }).then((r) => r);
      await new Promise((r) => setTimeout(r, 300));
      const t0 = Date.now();
      const res = await request(one.app.handler).post('/v1/eval').set(bearer(b)).send({ source: '1' });
      // At once: long before the running evaluation could have freed the slot.
      expect(Date.now() - t0).toBeLessThan(1000);
      expectError(res, 503, 'busy');
      expect(res.headers['retry-after']).toBe('1');
      expect((await slow).status).toBe(200);
    } finally {
      await one.close();
    }
  });

  it('bills max(1, ceil(cpu_ms)) to the account before answering', async () => {
    const created = await h.store.createKey({ account: `bill-${process.pid}` });
    const month = new Date().toISOString().slice(0, 7);
    await post(created.key, { source: '1' }).expect(200);
    expect(await h.store.getCpuUsage(created.accountId, month)).toBe(1);
    const res = await post(created.key, { source: '(sleep 30)' }).expect(200);
    const used = await h.store.getCpuUsage(created.accountId, month);
    expect(used).toBeGreaterThanOrEqual(1 + 30);
    expect(res.body.stats.cpu_ms).toBeGreaterThan(0);
  });
});
