/**
 * Whole-server behaviour: CPU usage durable across a restart (SQLite file), graceful shutdown,
 * and overload (every slot busy on runaway programs, 4× more clients than slots).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerOptions } from '../../src/server.js';
import { FAKE_WORKER } from './helpers.js';

const base = (dataDir: string, extra: Partial<ServerOptions> = {}): ServerOptions => ({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  slots: 2,
  logLevel: 'silent',
  sandboxEntry: FAKE_WORKER,
  killMarginMs: 100,
  ...extra,
});

const evalReq = (url: string, key: string, body: object) =>
  fetch(`${url}/v1/eval`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: JSON.stringify(body) });

describe('server', () => {
  it('keeps CPU usage across a restart (SQLite file under --data)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evaluator-restart-'));
    try {
      let srv = await startServer(base(dataDir));
      const { key } = await srv.store.createKey({ account: 'durable' });
      for (let i = 0; i < 3; i++) expect((await evalReq(srv.url, key, { source: '(sleep 5)' })).status).toBe(200);
      const before = await (await fetch(`${srv.url}/v1/limits`, { headers: { Authorization: `Bearer ${key}` } })).json();
      expect(before.cpu.used_ms).toBeGreaterThanOrEqual(15);
      await srv.close();

      srv = await startServer(base(dataDir));
      const after = await (await fetch(`${srv.url}/v1/limits`, { headers: { Authorization: `Bearer ${key}` } })).json();
      expect(after.cpu.used_ms).toBe(before.cpu.used_ms);
      await srv.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('by default one account gets its 4 evaluations in flight and a 429 past them, not 503', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evaluator-default-slots-'));
    const srv = await startServer({ ...base(dataDir), slots: undefined });
    try {
      expect(srv.pool.stats().slots).toBeGreaterThanOrEqual(4);
      const { key } = await srv.store.createKey({ account: 'four' });
      const results = await Promise.all(
        Array.from({ length: 5 }, () => evalReq(srv.url, key, { source: '(sleep 1500)', timeout_ms: 5000 }).then(async (r) => [r.status, (await r.json()).error?.type])),
      );
      expect(results.filter(([s]) => s === 200)).toHaveLength(4);
      expect(results.filter(([s]) => s === 429)).toEqual([[429, 'too_many_in_flight']]);
    } finally {
      await srv.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('shuts down gracefully: a running evaluation is answered, then the port is closed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evaluator-stop-'));
    try {
      const srv = await startServer(base(dataDir));
      const { key } = await srv.store.createKey({ account: 'stop' });
      const running = evalReq(srv.url, key, { source: '(sleep 400)' });
      await new Promise((r) => setTimeout(r, 150));
      const closing = srv.close();
      const res = await running;
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe('ok');
      await closing;
      await expect(fetch(`${srv.url}/v1/health`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('under overload health keeps answering and evaluations get only 200, 429 or 503', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evaluator-overload-'));
    const srv = await startServer(base(dataDir, { slots: 2 }));
    try {
      const keys = await Promise.all(Array.from({ length: 4 }, (_, i) => srv.store.createKey({ account: `ov${i}` }).then((k) => k.key)));
      const statuses: number[] = [];
      const healthTimes: number[] = [];
      const until = Date.now() + 2500;
      // 8 clients (4× the slots), each looping on a runaway program the sandbox must kill.
      const clients = Array.from({ length: 8 }, async (_, i) => {
        while (Date.now() < until) {
          const res = await evalReq(srv.url, keys[i % 4]!, { source: '(loop)', timeout_ms: 200 });
          statuses.push(res.status);
          await res.arrayBuffer();
          if (res.status !== 200) await new Promise((r) => setTimeout(r, 20));
        }
      });
      const health = (async () => {
        while (Date.now() < until) {
          const t0 = performance.now();
          const res = await fetch(`${srv.url}/v1/health`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
          healthTimes.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 25));
        }
      })();
      await Promise.all([...clients, health]);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      expect(new Set(statuses.filter((s) => s !== 200))).toSatisfy((s: Set<number>) => [...s].every((x) => x === 429 || x === 503));
      expect(healthTimes.length).toBeGreaterThan(5);
    } finally {
      await srv.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
