import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createHarness, SITE, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ slots: 1 });
});
afterAll(async () => h.close());

function expectError(res: request.Response, status: number, type: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.body).toEqual({ error: { type, message: expect.any(String) }, request_id: res.headers['x-request-id'] });
}

// Each case uses its own client address (via a trusted X-Forwarded-For) so per-IP limits don't mix.
let ip = 0;
const demo = (body: unknown, origin: string | null = SITE, from = `10.0.0.${++ip}`) => {
  const r = request(h.app.handler).post('/v1/demo').set('X-Forwarded-For', from);
  if (origin !== null) r.set('Origin', origin);
  return r.send(typeof body === 'string' ? body : JSON.stringify(body));
};

describe('POST /v1/demo', () => {
  let trusting: Harness;
  beforeAll(async () => {
    trusting = await createHarness({ slots: 1, deps: { trustProxy: true } });
  });
  afterAll(async () => trusting.close());
  const tdemo = (body: unknown, from: string, origin = SITE) =>
    request(trusting.app.handler).post('/v1/demo').set('Origin', origin).set('X-Forwarded-For', from).send(JSON.stringify(body));

  it('200 from the site origin, with CORS for it', async () => {
    const res = await demo({ source: '(+ 1 2)' }).expect(200);
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
    expect(res.headers['access-control-allow-origin']).toBe(SITE);
  });

  it.each([
    ['no Origin', null],
    ['another origin', 'https://evil.example'],
    ['trailing slash', `${SITE}/`],
    ['other scheme', SITE.replace('https', 'http')],
    ['other case', SITE.toUpperCase()],
  ])('403 forbidden_origin: %s', async (_, origin) => {
    expectError(await demo({ source: '1' }, origin), 403, 'forbidden_origin');
  });

  it('403 comes before body checks', async () => {
    expectError(await demo('not json', 'https://evil.example'), 403, 'forbidden_origin');
  });

  it('400 invalid_json', async () => {
    expectError(await demo('{'), 400, 'invalid_json');
  });

  it.each([
    ['source missing', {}],
    ['timeout_ms 501', { source: '1', timeout_ms: 501 }],
    ['timeout_ms 0', { source: '1', timeout_ms: 0 }],
  ])('422 invalid_request: %s', async (_, body) => {
    expectError(await demo(body), 422, 'invalid_request');
  });

  it('accepts timeout_ms 500', async () => {
    await demo({ source: '1', timeout_ms: 500 }).expect(200);
  });

  it('413 source_too_large over 4 KiB; request_too_large over 1 MiB', async () => {
    await demo({ source: ';'.repeat(4096) }).expect(200);
    expectError(await demo({ source: ';'.repeat(4097) }), 413, 'source_too_large');
    expectError(await demo({ source: '1', pad: 'x'.repeat(1 << 20) }), 413, 'request_too_large');
  });

  it('429 rate_limited after 10 a minute per IP, with Retry-After; other IPs unaffected', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await tdemo({ source: '1' }, '192.0.2.7')).status);
    // A minute boundary may fall inside the loop.
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
    const res = await tdemo({ source: '1' }, '192.0.2.7');
    if (res.status === 429) {
      expectError(res, 429, 'rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    await tdemo({ source: '1' }, '192.0.2.8').expect(200);
  });

  it('uses the peer address, not X-Forwarded-For, unless trust-proxy is set', async () => {
    // h does not trust the proxy header: every request above shares the peer 127.0.0.1 budget,
    // so varying X-Forwarded-For must not reset it.
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await demo({ source: '1' })).status);
    expect(codes).toContain(429);
  });

  it('503 busy when every slot is taken', async () => {
    const slow = tdemo({ source: '(sleep 450)' }, '198.51.100.1').then((r) => r);
    await new Promise((r) => setTimeout(r, 100));
    const res = await tdemo({ source: '1' }, '198.51.100.2');
    expectError(res, 503, 'busy');
    expect(res.headers['retry-after']).toBe('1');
    expect((await slow).status).toBe(200);
  });
});

describe('GET /v1/limits', () => {
  it('401 without a valid key', async () => {
    expectError(await request(h.app.handler).get('/v1/limits'), 401, 'unauthorized');
    expectError(await request(h.app.handler).get('/v1/limits').set('Authorization', 'Bearer sk_short'), 401, 'unauthorized');
  });

  it('200 with live values, and does not count against the rate limit', async () => {
    const key = await h.key({ cpuQuotaMs: 5000 });
    for (let i = 0; i < 5; i++) await request(h.app.handler).get('/v1/limits').set(bearer(key)).expect(200);
    await request(h.app.handler).post('/v1/eval').set(bearer(key)).send({ source: '1' }).expect(200);
    const res = await request(h.app.handler).get('/v1/limits').set(bearer(key)).expect(200);
    const month = new Date().toISOString().slice(0, 7);
    expect(res.body).toEqual({
      plan: 'free',
      rate_limit: { limit: 60, remaining: 59, used: 1, reset_s: expect.any(Number) },
      in_flight: { limit: 4, current: 0 },
      cpu: { month, quota_ms: 5000, used_ms: 1, remaining_ms: 4999, reset_s: expect.any(Number) },
      max_timeout_ms: 5000,
      request_id: res.headers['x-request-id'],
    });
    expect(res.body.rate_limit.reset_s).toBeGreaterThanOrEqual(1);
    expect(res.body.rate_limit.reset_s).toBeLessThanOrEqual(60);
  });

  it('reports evaluations in flight', async () => {
    const big = await createHarness({ slots: 2 });
    try {
      const key = await big.key();
      const slow = request(big.app.handler).post('/v1/eval').set(bearer(key)).send({ source: '(sleep 1500)', timeout_ms: 5000 }).then((r) => r);
      await new Promise((r) => setTimeout(r, 300));
      const res = await request(big.app.handler).get('/v1/limits').set(bearer(key)).expect(200);
      expect(res.body.in_flight).toEqual({ limit: 4, current: 1 });
      await slow;
      const after = await request(big.app.handler).get('/v1/limits').set(bearer(key)).expect(200);
      expect(after.body.in_flight.current).toBe(0);
    } finally {
      await big.close();
    }
  });
});
