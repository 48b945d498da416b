/** The HTTP layer with the real interpreter in the sandbox workers (worker.ts started through tsx). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createHarness, SITE, type Harness } from './helpers.js';
import { conform } from './conform.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await createHarness({ slots: 2, realWorker: true, killMarginMs: 250 });
  key = await h.key({ plan: 'pro' });
});
afterAll(async () => h.close());

/** Every answer here is also validated against openapi.json. */
const run = async (source: string, timeout_ms?: number) => {
  const res = await request(h.app.handler).post('/v1/eval').set(bearer(key)).send({ source, ...(timeout_ms && { timeout_ms }) });
  conform('/v1/eval', 'post', res);
  return res;
};

describe('real interpreter behind HTTP', () => {
  it('a rich program conforms to the schema (results of every kind, stdout, error)', async () => {
    const res = await run('(define x 1) (display "hi") (list 1 "a" #\\b (vector 2.5) \'sym) (cons 1 2) car (/ 1 0)');
    expect(res.status).toBe(200);
    expect(res.body.stdout).toBe('hi');
    expect(res.body.error.type).toBe('division_by_zero');
  });

  it('(exit 3) answers 200, status ok, stdout kept, exit_code 3; exit_code absent otherwise', async () => {
    const res = await run('(display "hi") (exit 3)');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', stdout: 'hi', exit_code: 3, error: null });
    expect(res.body.results).toHaveLength(1);
    expect((await run('1')).body).not.toHaveProperty('exit_code');
  });

  it('(+ 1 2) → 3 with measured stats', async () => {
    const res = await run('(+ 1 2)');
    expect(res.body).toMatchObject({ status: 'ok', results: [{ index: 0, line: 1, col: 1, value: '3', json: 3 }], error: null });
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
    expect(Number.isInteger(res.body.stats.steps)).toBe(true);
    expect(Number.isInteger(res.body.stats.memory_bytes)).toBe(true);
    expect(res.body.stats.cpu_ms).toBeGreaterThanOrEqual(0);
  });

  it('bignums keep every digit in the JSON text', async () => {
    const res = await run('(expt 2 100)');
    expect(res.text).toContain('"json":1267650600228229401496703205376');
    expect(res.body.results[0].value).toBe('1267650600228229401496703205376');
  });

  it('a syntax error is a 200 with status error', async () => {
    const res = await run('(+ 1');
    expect(res.body.status).toBe('error');
    expect(res.body.error.type).toBe('syntax_error');
  });

  it('a long loop ends in status timeout near timeout_ms', async () => {
    const t0 = Date.now();
    const res = await run('(let loop () (loop))', 200);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(res.body.status).toBe('timeout');
    expect(res.body.error.type).toBe('timeout');
  });

  it('unicode sources round-trip', async () => {
    const res = await run('"λ→😀"');
    expect(res.body.results[0].json).toBe('λ→😀');
  });

  it('the demo applies its own limits (too_complex past 50 compound forms)', async () => {
    const src = Array.from({ length: 51 }, () => '(+ 1 1)').join(' ');
    const res = await request(h.app.handler).post('/v1/demo').set('Origin', SITE).send({ source: src }).expect(200);
    conform('/v1/demo', 'post', res);
    expect(res.body.status).toBe('limit_exceeded');
    expect(res.body.error.type).toBe('too_complex');
  });
});
