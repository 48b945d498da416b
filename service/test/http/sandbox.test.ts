import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createPool, WORKER_NICE, type SandboxPool } from '../../src/sandbox/pool.js';
import { bearer, createHarness, FAKE_WORKER, type Harness } from './helpers.js';

let pool: SandboxPool | null = null;
let h: Harness | null = null;
afterEach(async () => {
  await pool?.close();
  await h?.close();
  pool = h = null;
});

const job = (source: string, timeoutMs = 200) => ({ source, timeoutMs, limitSet: 'api' as const, requestId: 'req_test' });

describe('sandbox pool', () => {
  it('answers null (busy) when every slot is taken, and frees the slot after', async () => {
    pool = createPool({ slots: 1, heapMb: 128, entry: FAKE_WORKER });
    await pool.ready();
    const first = pool.run(job('(sleep 200)'))!;
    expect(pool.run(job('1'))).toBeNull();
    expect(pool.stats()).toEqual({ slots: 1, busy: 1 });
    expect((await first).status).toBe('ok');
    expect(pool.stats().busy).toBe(0);
    expect(await pool.run(job('1'))).toMatchObject({ status: 'ok', killed: null });
  });

  it.skipIf(process.platform !== 'linux' || process.getuid?.() !== 0)(
    'runs a job at normal priority, demotes it to nice 10 once it runs long, and restores it after',
    async () => {
      // A wide demotion delay, so a loaded machine's scheduling delay cannot demote the short jobs.
      pool = createPool({ slots: 1, heapMb: 128, entry: FAKE_WORKER, demoteAfterMs: 300 });
      await pool.ready();
      const niceOf = async (source: string) => JSON.parse((await pool!.run(job(source, 2000))!).body).results[0].value;
      expect(await niceOf('(nice 0)')).toBe('0');
      expect(await niceOf('(nice 600)')).toBe(String(WORKER_NICE));
      expect(await niceOf('(nice 0)')).toBe('0');
    },
  );

  it('kills a slot past its deadline + margin, answers timeout with null steps/memory, and replaces it', async () => {
    pool = createPool({ slots: 1, heapMb: 128, entry: FAKE_WORKER, killMarginMs: 100 });
    await pool.ready();
    const t0 = Date.now();
    const r = await pool.run(job('(loop)', 150))!;
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(5000);
    expect(r.killed).toBe('timeout');
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({
      status: 'timeout',
      results: [],
      stdout: '',
      stdout_truncated: false,
      stats: { steps: null, memory_bytes: null },
      error: { type: 'timeout', index: null, line: null, col: null },
      request_id: 'req_test',
    });
    expect(body.stats.cpu_ms).toBeGreaterThan(0);
    // The replacement worker serves the next job.
    expect((await pool.run(job('1'))!).status).toBe('ok');
  });

  it('a worker that exhausts its heap answers limit_exceeded/memory_limit with nulls', async () => {
    pool = createPool({ slots: 1, heapMb: 32, entry: FAKE_WORKER });
    await pool.ready();
    const r = await pool.run(job('(oom)', 5000))!;
    expect(r.killed).toBe('memory_limit');
    expect(JSON.parse(r.body)).toMatchObject({
      status: 'limit_exceeded',
      stats: { steps: null, memory_bytes: null },
      error: { type: 'memory_limit' },
    });
    expect((await pool.run(job('1'))!).status).toBe('ok');
  });

  it('rejects with SandboxError when evaluate() throws; the slot stays usable', async () => {
    pool = createPool({ slots: 1, heapMb: 128, entry: FAKE_WORKER });
    await expect(pool.run(job('(fault)'))!).rejects.toMatchObject({ name: 'SandboxError', code: 'worker_fault' });
    expect((await pool.run(job('1'))!).status).toBe('ok');
  });

  it('close() lets a running evaluation finish', async () => {
    pool = createPool({ slots: 1, heapMb: 128, entry: FAKE_WORKER });
    await pool.ready();
    const running = pool.run(job('(sleep 300)'))!;
    const closing = pool.close();
    expect(pool.run(job('1'))).toBeNull();
    expect((await running).status).toBe('ok');
    await closing;
    pool = null;
  });
});

describe('sandbox through HTTP', () => {
  it('killed slot: 200 with status timeout and null steps/memory_bytes; billed', async () => {
    h = await createHarness({ slots: 1, killMarginMs: 100 });
    const created = await h.store.createKey({ account: `kill-${process.pid}` });
    const res = await request(h.app.handler).post('/v1/eval').set(bearer(created.key)).send({ source: '(loop)', timeout_ms: 100 }).expect(200);
    expect(res.body.status).toBe('timeout');
    expect(res.body.stats.steps).toBeNull();
    expect(res.body.stats.memory_bytes).toBeNull();
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
    const used = await h.store.getCpuUsage(created.accountId, new Date().toISOString().slice(0, 7));
    // The killed thread's own CPU (under contention it may have had less than its wall time).
    expect(used).toBe(Math.max(1, Math.ceil(res.body.stats.cpu_ms)));
  });

  it('an interpreter fault is 500 internal_error with the Error body', async () => {
    h = await createHarness({ slots: 1 });
    const res = await request(h.app.handler).post('/v1/eval').set(bearer(await h.key())).send({ source: '(fault)' });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ error: { type: 'internal_error', message: expect.any(String) }, request_id: res.headers['x-request-id'] });
  });
});
