/**
 * Runs one child process the way exec and script steps need it (issue 11):
 * no shell, its own process group (`detached`), the runner's environment with
 * the step's over it and the marker variable, stdin fed, stdout and stderr
 * captured up to a cap, fd 3 read for the script protocol. The step's signal
 * kills the whole group (SIGTERM, SIGKILL 2 s later) and keeps the output read
 * so far. After the child ends, what it left running is found. Never rejects,
 * never waits unbounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { OutputCapture } from './capture.js';
import { groupAlive, killGroup } from './group.js';
import { HAS_PROC, MARKER_VAR, findLeft, type FoundProcess } from './proc-scan.js';

/** After the child exits, how long its pipes may stay open (a process it left holds them) before they are cut. */
const CLOSE_GRACE_MS = 200;
/** After SIGKILL, how long to wait for the exit before giving up on it. */
const EXIT_AFTER_KILL_MS = 1000;

/** What to run. */
export interface ProcessSpec {
  command: string;
  args: string[];
  cwd: string;
  /** The runner's environment (a plain copy: reading `process.env` key by key is slow). */
  baseEnv: Record<string, string | undefined>;
  /** Merged over `baseEnv`. */
  env: Record<string, string>;
  /** Written to stdin, then closed; without it stdin is /dev/null. */
  stdin?: string;
  maxOutput: number;
  /** Receives what the child writes to fd 3 (script protocol); without it fd 3 is not opened. */
  onFd3?: (chunk: Buffer) => void;
  /** The step's deadline (or the run's stop). */
  signal: AbortSignal;
  /** This attempt's marker value (`RUNNER_STEP=<marker>`). */
  marker: string;
}

/** How it went. */
export interface ProcessRun {
  pid: number | null;
  /** Exit code; null when a signal ended it or it never started. */
  exitCode: number | null;
  /** The signal that ended it, else null. */
  signal: NodeJS.Signals | null;
  stdout: OutputCapture;
  stderr: OutputCapture;
  /** The signal aborted it (step deadline, run deadline or the runner's SIGINT/SIGTERM). */
  timedOut: boolean;
  /** The child never started: the errno code (`ENOENT`, `EACCES`, …) and Node's message. */
  spawnError: { code: string; message: string } | null;
  /** From spawn to exit. */
  durationMs: number;
  /** Processes left running in its group or carrying its marker. */
  left: FoundProcess[];
}

type Ending = { code: number | null; signal: NodeJS.Signals | null } | { error: NodeJS.ErrnoException };

/** Resolves true once every stream has closed (end of file on each pipe). */
function streamsClosed(streams: Array<Readable | null | undefined>): Promise<true> {
  return Promise.all(streams.map((s) => (s && !s.closed && !s.destroyed ? new Promise<void>((r) => s.once('close', () => r())) : undefined))).then(() => true as const);
}

/** Resolves with `p`, or with undefined after `ms` (the timer is cleared either way). */
function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)))]).finally(() => clearTimeout(timer));
}

/** What the child left running (Linux: /proc; elsewhere the group only, named by its id). */
async function leftBehind(pid: number, marker: string): Promise<FoundProcess[]> {
  if (HAS_PROC) return findLeft(pid, marker, pid);
  return groupAlive(pid) ? [{ pid, ppid: 0, pgrp: pid, state: '?', startTime: '', command: `(process group ${pid})` }] : [];
}

/** Runs one process to its end (or its kill). */
export async function runProcess(spec: ProcessSpec): Promise<ProcessRun> {
  const stdout = new OutputCapture(spec.maxOutput);
  const stderr = new OutputCapture(spec.maxOutput);
  const base = { stdout, stderr, left: [] as FoundProcess[] };
  if (spec.signal.aborted) return { ...base, pid: null, exitCode: null, signal: null, timedOut: true, spawnError: null, durationMs: 0 };
  const started = performance.now();
  let child: ChildProcess;
  try {
    child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: { ...spec.baseEnv, ...spec.env, [MARKER_VAR]: spec.marker },
      detached: true,
      stdio: [spec.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe', ...(spec.onFd3 ? (['pipe'] as const) : [])],
      windowsHide: true,
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { ...base, pid: null, exitCode: null, signal: null, timedOut: false, spawnError: { code: err.code ?? 'EINVAL', message: err.message }, durationMs: 0 };
  }
  const fd3 = spec.onFd3 ? (child.stdio[3] as Readable | null) : null;
  child.stdout?.on('data', (c: Buffer) => stdout.push(c));
  child.stderr?.on('data', (c: Buffer) => stderr.push(c));
  if (fd3 && spec.onFd3) fd3.on('data', spec.onFd3);
  for (const s of [child.stdout, child.stderr, fd3]) s?.on('error', () => undefined);
  if (child.stdin) {
    // A child that exits without reading its stdin makes the write fail with EPIPE: not the step's concern.
    child.stdin.on('error', () => undefined);
    child.stdin.end(spec.stdin);
  }

  let timedOut = false;
  let onKilled: (s: NodeJS.Signals) => void = () => undefined;
  const killed = new Promise<NodeJS.Signals>((r) => (onKilled = r));
  const ended = new Promise<Ending>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) resolve({ error });
    });
  });
  const onAbort = () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    timedOut = true;
    void killGroup(child.pid).then(onKilled);
  };
  spec.signal.addEventListener('abort', onAbort, { once: true });
  // After a kill, the exit is waited for a bounded time: a process stuck in the kernel must not hang the run.
  let end = await Promise.race([ended, killed.then(async (sig) => (await within(ended, EXIT_AFTER_KILL_MS)) ?? { code: null, signal: sig })]);
  spec.signal.removeEventListener('abort', onAbort);
  const durationMs = performance.now() - started;
  if ('error' in end) {
    return { ...base, pid: null, exitCode: null, signal: null, timedOut: false, spawnError: { code: end.error.code ?? 'EINVAL', message: end.error.message }, durationMs };
  }
  // The group kill runs to its end (every member gone, or SIGKILL sent) before anything is scanned.
  const lastSignal = timedOut ? await killed : null;
  const pid = child.pid!;
  if ((await within(streamsClosed([child.stdout, child.stderr, fd3]), CLOSE_GRACE_MS)) !== true) {
    for (const s of [child.stdout, child.stderr, fd3]) s?.destroy();
  }
  if (timedOut) end = { code: null, signal: end.signal ?? lastSignal ?? 'SIGKILL' };
  const left = await within(leftBehind(pid, spec.marker), EXIT_AFTER_KILL_MS * 5);
  return { ...base, pid, exitCode: end.code, signal: end.signal, timedOut, spawnError: null, durationMs, left: left ?? [] };
}
