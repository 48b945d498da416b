/**
 * The leak line and the run-end kill through `runner run` (in-process): the
 * leaked process is reported while the run goes on and is dead when the run
 * has ended, also when the run ends by its deadline, and so is a process the
 * leaked one started after the step (found by the step's marker).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../../cli/src/cli.js';
import { memoryIo } from '../../../../cli/src/io.js';
import { readStat } from './proc-scan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function run(plan: string, flags: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'runner-leaks-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'plan.yaml'), plan);
  const io = memoryIo(dir, {});
  const exit = await runCli(['run', '--jobs', '2', '--events', 'ev.jsonl', ...flags, 'plan.yaml'], io);
  const events = readFileSync(join(dir, 'ev.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  return { exit, out: io.stdout.join('\n'), events };
}

const dead = (pid: number) => {
  const s = readStat(pid);
  return s === null || s.state === 'Z';
};
const leakPids = (out: string) => [...out.matchAll(/^leak: task \S+ step \d+: pid (\d+) /gm)].map((m) => Number(m[1]));

/** Live processes whose environment holds `RUNNER_STEP=<marker>`. */
function carrying(marker: string): number[] {
  const needle = Buffer.from(`RUNNER_STEP=${marker}\0`);
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number).filter((pid) => {
    try {
      return !dead(pid) && readFileSync(`/proc/${pid}/environ`).includes(needle);
    } catch {
      return false;
    }
  });
}

describe.runIf(process.platform === 'linux')('leaked processes', () => {
  it('are reported with the leak line and killed at run end, with what they started since', async () => {
    const plan = [
      'tasks:',
      '  - name: leaky',
      '    steps:',
      '      - exec: { command: sh, args: ["-c", "sleep 30 & (sleep 0.3; sleep 33) & echo started"] }',
      '        assert: [stdout == "started\\n"]',
      '  - name: later',
      '    needs: [leaky]',
      '    steps:',
      '      - exec: { command: sleep, args: ["0.8"] }',
      '        assert: [exitCode == 0]',
      '',
    ].join('\n');
    const r = await run(plan);
    expect(r.exit).toBe(0);
    expect(r.out).toMatch(/^leak: task leaky step 1: pid \d+ sleep 30 still running$/m);
    expect(r.out).toMatch(/^leak: task leaky step 1: pid \d+ sh -c sleep 30 & \(sleep 0\.3; sleep 33\) & echo started still running$/m);
    expect(r.out).toMatch(/^leak: task leaky step 1: pid \d+ sleep 0\.3 still running$/m);
    expect(r.out).toContain('2 passed 0 failed');
    const pids = leakPids(r.out);
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(dead(pid), `pid ${pid} still alive after the run`).toBe(true);
    // `sleep 33` started after the step ended; the run-end sweep found it by the step's marker.
    const ex = r.events.find((e) => e.type === 'exchange' && e.task === 'leaky') as { request: { headers: Array<[string, string]> } };
    const marker = ex.request.headers.find(([k]) => k === 'RUNNER_STEP')![1];
    expect(carrying(marker)).toEqual([]);
    expect(r.events.filter((e) => e.type === 'notice' && e.kind === 'leak')).toHaveLength(3);
  });

  it('are killed at run end after a run deadline too', async () => {
    const plan = [
      'tasks:',
      '  - name: leaky',
      '    steps:',
      '      - exec: { command: sh, args: ["-c", "sleep 30 & echo started"] }',
      '        assert: [exitCode == 0]',
      '  - name: hangs',
      '    needs: [leaky]',
      '    steps:',
      '      - exec: { command: sleep, args: ["30"] }',
      '        assert: [exitCode == 0]',
      '',
    ].join('\n');
    const r = await run(plan, ['--timeout', '1s']);
    expect(r.exit).toBe(1);
    expect(r.out).toContain('run deadline 1.00s reached');
    const pids = leakPids(r.out);
    expect(pids).toHaveLength(1);
    expect(dead(pids[0]!)).toBe(true);
  });
});
