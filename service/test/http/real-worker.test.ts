/** The HTTP layer with the real interpreter in the sandbox workers (worker.ts started through tsx). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createHarness, SITE, type Harness } from './helpers.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await createHarness({ slots: 2, realWorker: true, killMarginMs: 250 });
  key = await h.key({ plan: 'pro' });
});
afterAll(async () => h.close());

const run = (source: string, timeout_ms?: number) =>
  request(h.app.handler).post('/v1/eval').set(bearer(key)).send({ source, ...(timeout_ms && { timeout_ms }) });

describe('real interpreter behind HTTP', () => {
  it('(+ 1 2) → 3 with measured stats', async () => {
    const res = await run('(+ 1 2)').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', results: [{ index: 0, line: 1, col: 1, value: '3', json: 3 }], error: null });
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
    expect(Number.isInteger(res.body.stats.steps)).toBe(true);
    expect(Number.isInteger(res.body.stats.memory_bytes)).toBe(true);
    expect(res.body.stats.cpu_ms).toBeGreaterThanOrEqual(0);
  });

  it('bignums keep every digit in the JSON text', async () => {
    const res = await run('(expt 2 100)').expect(200);
    expect(res.text).toContain('"json":1267650600228229401496703205376');
    expect(res.body.results[0].value).toBe('1267650600228229401496703205376');
  });

  it('a syntax error is a 200 with status error', async () => {
    const res = await run('(+ 1').expect(200);
    expect(res.body.status).toBe('error');
    expect(res.body.error.type).toBe('syntax_error');
  });

  it('a long loop ends in status timeout near timeout_ms', async () => {
    const t0 = Date.now();
    const res = await run('(let loop () (loop))', 200).expect(200);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(res.body.status).toBe('timeout');
    expect(res.body.error.type).toBe('timeout');
  });

  it('unicode sources round-trip', async () => {
    const res = await run('"λ→😀"').expect(200);
    expect(res.body.results[0].json).toBe('λ→😀');
  });

  it('the demo applies its own limits (too_complex past 50 compound forms)', async () => {
    const src = Array.from({ length: 51 }, () => '(+ 1 1)').join(' ');
    const res = await request(h.app.handler).post('/v1/demo').set('Origin', SITE).send({ source: src }).expect(200);
    expect(res.body.status).toBe('limit_exceeded');
    expect(res.body.error.type).toBe('too_complex');
  });
});
