/**
 * Two `evaluator serve` processes on different ports sharing one PostgreSQL and one Redis:
 * limits hold across instances exactly as in one (evaluator-decisions.md "Scale-out").
 * Skipped unless TEST_DATABASE_URL and TEST_REDIS_URL are set; accounts are unique per run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, BUILT, run, serve, type Served } from './process-helpers.js';

const DB = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const RUN = `${Date.now().toString(36)}${process.pid}`;

describe.skipIf(!DB || !REDIS || !BUILT)('scale-out: two instances, one PostgreSQL, one Redis', () => {
  let a: Served;
  let b: Served;
  const args = () => [process.execPath, BIN, 'serve', '--port', '0', '--slots', '4', '--quiet', '--database-url', DB!, '--redis-url', REDIS!];

  beforeAll(async () => {
    [a, b] = await Promise.all([serve(args()), serve(args())]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  async function newKey(name: string): Promise<string> {
    const r = await run(['keys', 'create', '--account', `${name}-${RUN}`, '--database-url', DB!]);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trim().split('\n').pop()!;
  }
  const evalOn = (srv: Served, key: string, body: object) =>
    fetch(`${srv.url}/v1/eval`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: JSON.stringify(body) });

  it('accepts exactly 60 per key-minute across both instances', async () => {
    const key = await newKey('rate');
    // Stay inside one UTC minute window: start with at least 40 s left in it.
    const sec = new Date().getUTCSeconds();
    if (sec > 20) await new Promise((r) => setTimeout(r, (60 - sec) * 1000 + 200));
    // Pairs in parallel (one per instance) so the two really race, yet stay under the in-flight limit.
    const results: (readonly [number, string | undefined])[] = [];
    for (let i = 0; i < 40; i++) {
      results.push(
        ...(await Promise.all([a, b].map((srv) => evalOn(srv, key, { source: '1' }).then(async (r) => [r.status, (await r.json()).error?.type] as const)))),
      );
    }
    expect(results.filter(([s]) => s === 200).length).toBe(60);
    expect(results.filter(([s, t]) => s === 429 && t === 'rate_limited').length).toBe(20);
  }, 90_000);

  it('allows exactly 4 evaluations in flight per account across both instances', async () => {
    const key = await newKey('inflight');
    const slow = { source: '(let loop () (loop))', timeout_ms: 2000 };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => evalOn(i % 2 ? a : b, key, slow).then(async (r) => [r.status, (await r.json()).error?.type] as const)),
    );
    expect(results.filter(([s]) => s === 200).length).toBe(4);
    expect(results.filter(([s, t]) => s === 429 && t === 'too_many_in_flight').length).toBe(4);
  });

  it('sums CPU usage across both instances, and a revocation on one is seen by the other at once', async () => {
    const key = await newKey('cpu');
    let billed = 0;
    for (let i = 0; i < 6; i++) {
      const res = await evalOn(i % 2 ? a : b, key, { source: '(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1))))) (f 2000)' });
      expect(res.status).toBe(200);
      billed += Math.max(1, Math.ceil((await res.json()).stats.cpu_ms));
    }
    for (const srv of [a, b]) {
      const limits = await (await fetch(`${srv.url}/v1/limits`, { headers: { Authorization: `Bearer ${key}` } })).json();
      expect(limits.cpu.used_ms).toBe(billed);
    }
    expect((await run(['keys', 'revoke', key, '--database-url', DB!])).code).toBe(0);
    for (const srv of [a, b]) expect((await evalOn(srv, key, { source: '1' })).status).toBe(401);
  });
});
