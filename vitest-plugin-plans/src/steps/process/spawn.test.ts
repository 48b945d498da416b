/**
 * runProcess against real processes: exit codes, stdin, the environment,
 * a timeout that kills the whole group (grandchildren included, SIGKILL for
 * those that ignore SIGTERM), the output read before the kill, what a
 * process leaves behind (in its group, or escaped but carrying the marker),
 * and commands that cannot start.
 */
import { describe, expect, it } from 'vitest';
import { killProcesses } from './group.js';
import { readStat } from './proc-scan.js';
import { runProcess, type ProcessSpec } from './spawn.js';

const BASE = { ...process.env };
const spec = (over: Partial<ProcessSpec>): ProcessSpec => ({
  command: 'sh', args: [], cwd: process.cwd(), baseEnv: BASE, env: {}, maxOutput: 1 << 20, signal: new AbortController().signal, marker: `test-${Math.random().toString(16).slice(2)}`, ...over,
});
const sh = (script: string, over: Partial<ProcessSpec> = {}) => runProcess(spec({ args: ['-c', script], ...over }));
/** Dead: gone from /proc, or a zombie nobody reaped yet (it runs nothing). */
const dead = (pid: number) => {
  const s = readStat(pid);
  return s === null || s.state === 'Z';
};
const pidsIn = (text: string) => text.trim().split(/\s+/).map(Number);

describe('runProcess', () => {
  it('reports the exit code and both streams', async () => {
    const r = await sh('echo out; echo err >&2; exit 4');
    expect([r.exitCode, r.signal, r.timedOut, r.spawnError]).toEqual([4, null, false, null]);
    expect([r.stdout.text(), r.stderr.text()]).toEqual(['out\n', 'err\n']);
    expect(r.left).toEqual([]);
  });

  it('feeds stdin, and a child that never reads it is no error', async () => {
    expect((await runProcess(spec({ command: 'cat', stdin: 'fed\n' }))).stdout.text()).toBe('fed\n');
    const r = await runProcess(spec({ command: 'true', stdin: 'x'.repeat(4 << 20) }));
    expect(r.exitCode).toBe(0);
  });

  it('sets the step env over the base env, with the marker', async () => {
    const r = await sh('echo "$A $B $RUNNER_STEP"', { baseEnv: { ...BASE, A: 'base-a', B: 'base-b' }, env: { B: 'step-b' }, marker: 'm-1' });
    expect(r.stdout.text()).toBe('base-a step-b m-1\n');
  });

  it('on abort kills the whole group with SIGTERM, grandchildren included, keeping the output so far', async () => {
    const ac = new AbortController();
    const t = setTimeout(() => ac.abort(), 300);
    const r = await sh('sleep 30 & echo $$ $!; wait', { signal: ac.signal });
    clearTimeout(t);
    const [shell, grandchild] = pidsIn(r.stdout.text());
    expect([r.timedOut, r.exitCode, r.signal]).toEqual([true, null, 'SIGTERM']);
    expect(shell).toBe(r.pid);
    expect(dead(shell!) && dead(grandchild!)).toBe(true);
    expect(r.durationMs).toBeLessThan(2000);
    expect(r.left).toEqual([]);
  });

  it('sends SIGKILL 2 s later to a group that ignores SIGTERM', async () => {
    const ac = new AbortController();
    const t = setTimeout(() => ac.abort(), 200);
    const r = await sh("trap '' TERM; sleep 30 & echo $$ $!; wait; wait", { signal: ac.signal });
    clearTimeout(t);
    const [shell, grandchild] = pidsIn(r.stdout.text());
    expect([r.timedOut, r.exitCode, r.signal]).toEqual([true, null, 'SIGKILL']);
    expect(r.durationMs).toBeGreaterThanOrEqual(2000);
    expect(r.durationMs).toBeLessThan(4000);
    expect(dead(shell!) && dead(grandchild!)).toBe(true);
  });

  it('finds what a process left in its group and what escaped it carrying the marker, without waiting for their pipes', async () => {
    const escape = `node -e "require('child_process').spawn('sleep', ['31'], { detached: true, stdio: 'ignore' }).unref()"`;
    // A leaked node has threads whose ids follow its pid: it is still one leak.
    const threaded = `node -e "setTimeout(() => {}, 30000)" >/dev/null &`;
    const started = performance.now();
    const r = await sh(`sleep 30 & ${threaded} ${escape}; sleep 0.3; echo done`);
    try {
      expect(performance.now() - started).toBeLessThan(2000);
      expect(r.exitCode).toBe(0);
      expect(r.stdout.text()).toBe('done\n');
      const commands = r.left.map((p) => p.command).sort();
      expect(commands).toEqual(['node -e setTimeout(() => {}, 30000)', 'sleep 30', 'sleep 31']);
      expect(r.left.find((p) => p.command === 'sleep 30')?.pgrp).toBe(r.pid);
      expect(r.left.find((p) => p.command === 'sleep 31')?.pgrp).not.toBe(r.pid);
    } finally {
      expect(await killProcesses(r.left)).toEqual([]);
    }
    for (const p of r.left) expect(dead(p.pid)).toBe(true);
  });

  it('reports a command that cannot start by its errno code', async () => {
    const r = await runProcess(spec({ command: 'no-such-command-xyz' }));
    expect(r.spawnError?.code).toBe('ENOENT');
    expect([r.pid, r.exitCode, r.timedOut]).toEqual([null, null, false]);
  });

  it('does not start when the signal has already fired', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await sh('echo never', { signal: ac.signal });
    expect([r.pid, r.timedOut, r.stdout.text()]).toEqual([null, true, '']);
  });
});
