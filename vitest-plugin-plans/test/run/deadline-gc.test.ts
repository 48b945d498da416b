/**
 * Step deadlines survive garbage collection: 50 http steps wait on a server
 * that never answers while `gc()` is forced every 5 ms, and each must time
 * out within its 300 ms deadline plus 200 ms. The old
 * `AbortSignal.any([run, AbortSignal.timeout(ms)])` deadline could be
 * collected before it fired (nodejs/node#57736) and the steps hung forever.
 *
 * The work runs in a child (deadline-gc.script.ts): `--expose-gc` is a node
 * flag, and forced collections would also slow every other test in this worker.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { DeadlineGcReport } from './deadline-gc.script.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./deadline-gc.script.ts', import.meta.url));
const SLACK_MS = 200;

describe('step deadline under forced GC', () => {
  it('times out every one of 50 steps waiting on a silent server within deadline + 200 ms', async () => {
    // The script reports a hang itself after 20 s; the 60 s kill is the last resort.
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', SCRIPT], {
      cwd: ROOT,
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = stdout.trim().split('\n').at(-1) ?? '';
    const report = JSON.parse(line) as DeadlineGcReport;

    expect(report.error, stderr).toBeUndefined();
    expect(report.ended, `the run hung: ${report.steps.length} of 50 steps ended in ${report.wallMs} ms`).toBe(true);
    expect(report.gcCalls, 'forced collections while the steps waited').toBeGreaterThan(10);
    expect(report.majorGcCalls, 'forced full collections').toBeGreaterThan(0);
    expect(report.steps).toHaveLength(50);
    expect(new Set(report.steps.map((s) => s.task)).size).toBe(50);
    const limit = report.stepTimeoutMs + SLACK_MS;
    for (const step of report.steps) {
      expect(step, step.task).toMatchObject({ state: 'timed out', reason: `step deadline ${report.stepTimeoutMs}ms reached` });
      expect(step.durationMs, `${step.task} took ${step.durationMs} ms`).toBeLessThanOrEqual(limit);
    }
  }, 70_000);
});
