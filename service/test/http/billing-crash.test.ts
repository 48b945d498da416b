/**
 * Group commit is durable before the answer: a server killed with SIGKILL (no shutdown, no flush)
 * in the middle of a stream of evaluations has stored at least every charge it answered. Runs the
 * built executable on the embedded SQLite store, many accounts so that batches span accounts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../src/limits/month.js';
import { createStore } from '../../src/store/index.js';
import { BIN, BUILT, serve } from './process-helpers.js';

const dataDir = mkdtempSync(join(tmpdir(), 'evaluator-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(!BUILT)('billing survives a crash right after the answers', () => {
  it('every answered charge is in the store after SIGKILL', async () => {
    const setup = await createStore({ dataDir });
    const accounts = await Promise.all(Array.from({ length: 8 }, (_, i) => setup.createKey({ account: `crash-${i}`, plan: 'pro' })));
    await setup.close();

    const srv = await serve([process.execPath, BIN, 'serve', '--port', '0', '--data', dataDir, '--quiet', '--slots', '8']);
    const answered = new Map<string, number>(accounts.map((a) => [a.accountId, 0]));
    let stop = false;
    let ok = 0;
    const clients = accounts.map(async (a) => {
      while (!stop) {
        const res = await fetch(`${srv.url}/v1/eval`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${a.key}` },
          body: JSON.stringify({ source: '(+ 1 2)' }),
        }).catch(() => null);
        if (!res) return; // the server is gone
        const body = await res.json().catch(() => null);
        if (res.status === 200 && body) {
          // What the server billed for this answer: max(1, ceil(cpu_ms)).
          answered.set(a.accountId, answered.get(a.accountId)! + Math.max(1, Math.ceil(body.stats.cpu_ms)));
          ok++;
        }
      }
    });
    while (ok < 200) await new Promise((r) => setTimeout(r, 10));
    srv.child.kill('SIGKILL');
    stop = true;
    await Promise.all(clients);
    await new Promise((r) => srv.child.exitCode !== null || srv.child.signalCode !== null ? r(null) : srv.child.once('exit', r));

    const store = await createStore({ dataDir });
    try {
      const month = monthOf(Date.now());
      for (const [accountId, billed] of answered) {
        // Charges committed whose answers never arrived may add more; none may be missing.
        expect(await store.getCpuUsage(accountId, month)).toBeGreaterThanOrEqual(billed);
      }
    } finally {
      await store.close();
    }
  }, 60_000);
});
