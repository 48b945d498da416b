/**
 * Reading Linux's /proc for the processes a step left behind: members of its
 * process group and processes carrying its marker variable (a daemon that left
 * the group still inherits the environment). Zombies are skipped: they are
 * dead, and in a container whose PID 1 never reaps they would stay forever.
 * The reads are synchronous on purpose: a /proc file is generated in memory,
 * and a step's scan reads a handful of them; through the thread pool each
 * would cost four round trips (the exec bench's 1.5× budget).
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

/** The marker variable every child of an exec or script step carries. */
export const MARKER_VAR = 'RUNNER_STEP';

/** Whether this machine has a /proc to scan (Linux); elsewhere only the process group is checked. */
export const HAS_PROC = existsSync('/proc/self/stat');

/** What /proc/<pid>/stat says of a process. */
export interface ProcStat {
  pid: number;
  state: string;
  ppid: number;
  pgrp: number;
  /** Start time in clock ticks since boot: with the pid, it names one process (pids are reused). */
  startTime: string;
}

/** A process found by a scan, with its command line. */
export interface FoundProcess extends ProcStat {
  command: string;
}

/** One buffer for every /proc read: open, read, close, no allocation (the scan runs after every step). */
const BUF = Buffer.alloc(64 * 1024);

/** The bytes of a /proc file in the shared buffer (valid until the next read), or null when it cannot be read. */
function readProc(path: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    let n = 0;
    for (let got = 1; got > 0 && n < BUF.length; n += got) got = readSync(fd, BUF, n, BUF.length - n, null);
    // A file larger than the buffer (a huge environment) is read whole the slow way.
    return n < BUF.length ? BUF.subarray(0, n) : readFileSync(path);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Parses /proc/<pid>/stat (the command name may hold spaces and parentheses: fields start after the last `)`). */
export function readStat(pid: number): ProcStat | null {
  const raw = readProc(`/proc/${pid}/stat`);
  if (!raw) return null;
  const text = raw.toString('latin1');
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  if (f.length < 20) return null;
  return { pid, state: f[0]!, ppid: Number(f[1]), pgrp: Number(f[2]), startTime: f[19]! };
}

const alive = (s: ProcStat | null): s is ProcStat => s !== null && s.state !== 'Z' && s.state !== 'X' && s.state !== 'x';

/** The command line of a process, arguments joined by spaces (its name in brackets when it has none). */
export function commandOf(pid: number): string {
  const raw = readProc(`/proc/${pid}/cmdline`)?.toString('utf8') ?? '';
  const line = raw.split('\0').filter((a) => a !== '').join(' ');
  if (line !== '') return line.length > 200 ? `${line.slice(0, 200)}…` : line;
  const stat = readProc(`/proc/${pid}/stat`)?.toString('latin1');
  return stat ? `[${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}]` : '(unknown command)';
}

/**
 * Whether `pid` names a process, not a thread: probing numbers also reaches
 * thread ids (/proc/<tid> answers though /proc does not list it), and a
 * leaked node would otherwise be reported once per thread.
 */
function isProcess(pid: number): boolean {
  const m = /^Tgid:\s*(\d+)/m.exec(readProc(`/proc/${pid}/status`)?.toString('latin1') ?? '');
  return m !== null && Number(m[1]) === pid;
}

/** The last pid the kernel handed out (/proc/loadavg, fifth field), or null. */
function lastPid(): number | null {
  const n = Number(readProc('/proc/loadavg')?.toString('latin1').trim().split(' ').pop());
  return Number.isInteger(n) ? n : null;
}

/** Above this many pids between the child and the last pid, list /proc instead of probing each number. */
const PROBE_MAX = 256;

/**
 * Pids that may have been created since `sincePid` was: those numbered from it
 * up (pids grow until they wrap at pid_max; after a wrap, every pid). When few
 * pids were handed out since, each number is probed (its stat read fails when
 * there is no such process) instead of listing /proc.
 */
function pidsSince(sincePid: number): number[] {
  const last = lastPid();
  if (last !== null && last >= sincePid && last - sincePid <= PROBE_MAX) {
    const out: number[] = [];
    for (let p = sincePid; p <= last; p++) if (p !== process.pid) out.push(p);
    return out;
  }
  const all = readdirSync('/proc').filter((n) => n.charCodeAt(0) >= 48 && n.charCodeAt(0) <= 57).map(Number);
  const wrapped = last === null || last < sincePid;
  return all.filter((p) => p !== process.pid && (wrapped || p >= sincePid));
}

/** The needles found in the process's environment. */
function carried(pid: number, needles: readonly Buffer[]): Set<Buffer> {
  const env = readProc(`/proc/${pid}/environ`);
  return new Set(env ? needles.filter((n) => env.includes(n)) : []);
}

const needle = (marker: string) => Buffer.from(`${MARKER_VAR}=${marker}\0`);

interface Query {
  pgid: number;
  needle: Buffer;
  sincePid: number;
  resolve(found: FoundProcess[]): void;
}
let queue: Query[] = [];

/**
 * One pass over /proc answers every query queued in this turn of the event
 * loop: at --jobs 8 the steps that ended together share their reads.
 */
function flush(): void {
  const qs = queue;
  queue = [];
  const found: FoundProcess[][] = qs.map(() => []);
  const needles = qs.map((q) => q.needle);
  for (const pid of pidsSince(Math.min(...qs.map((q) => q.sincePid)))) {
    const s = readStat(pid);
    // A live child of the runner itself is the child of a step still running: never a leak.
    if (!alive(s) || s.ppid === process.pid) continue;
    let env: Set<Buffer> | undefined;
    qs.forEach((q, i) => {
      const left = s.pgrp === q.pgid || (env ??= carried(pid, needles)).has(q.needle);
      if (left && isProcess(pid)) found[i]!.push({ ...s, command: commandOf(pid) });
    });
  }
  qs.forEach((q, i) => q.resolve(found[i]!));
}

/**
 * Live processes in group `pgid` or carrying `marker`, among those created
 * since the step's child (`sincePid`, its pid), which has exited.
 */
export function findLeft(pgid: number, marker: string, sincePid: number): Promise<FoundProcess[]> {
  return new Promise((resolve) => {
    if (queue.length === 0) setImmediate(flush);
    queue.push({ pgid, needle: needle(marker), sincePid, resolve });
  });
}

/** Live members of process group `pgid` (its members were all created since its leader, pid `pgid`). */
export function liveMembers(pgid: number): number[] {
  return pidsSince(pgid).map(readStat).filter(alive).filter((s) => s.pgrp === pgid).map((s) => s.pid);
}

/** Live processes anywhere carrying one of `markers` (the run-end sweep: children of leaked processes too). */
export function findMarked(markers: readonly string[]): ProcStat[] {
  if (markers.length === 0) return [];
  const needles = markers.map(needle);
  return pidsSince(0).map(readStat).filter(alive).filter((s) => carried(s.pid, needles).size > 0 && isProcess(s.pid));
}

/** The process `pid` is still the one that started at `startTime`, and alive. */
export function stillRunning(pid: number, startTime: string): boolean {
  const s = readStat(pid);
  return alive(s) && s.startTime === startTime;
}
