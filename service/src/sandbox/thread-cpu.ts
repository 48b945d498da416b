/**
 * CPU time of the calling thread, so `cpu_ms` is the evaluation's own and not the whole
 * process's (evaluator-decisions.md "Evaluation"). Linux exposes it per thread in
 * /proc/thread-self/schedstat; elsewhere we fall back to the process figure, which
 * over-counts when other threads are busy but never under-counts.
 *
 * The file is opened once per thread and re-read with a positioned read (one `pread`, which
 * regenerates a /proc file from offset 0): `readFileSync` cost open + fstat + read + close,
 * three times per evaluation.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** This thread's schedstat descriptor; null before the first call, -1 when /proc is unusable. */
let fd: number | null = null;
const buf = Buffer.alloc(96);

function open(): number {
  try {
    // Resolved at open time: the descriptor stays this thread's, module state is per thread.
    return openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return -1;
  }
}

/** Cumulative on-CPU milliseconds of the current thread (process-wide when /proc is absent). */
export function threadCpuMs(): number {
  fd ??= open();
  if (fd >= 0) {
    try {
      const n = readSync(fd, buf, 0, buf.length, 0);
      // "<ns on cpu> <ns waiting> <slices>\n"
      const space = buf.indexOf(32);
      const ns = space > 0 && space < n ? Number(buf.toString('latin1', 0, space)) : NaN;
      if (Number.isFinite(ns)) return ns / 1e6;
    } catch {
      // fall through to the process figure
    }
    try {
      closeSync(fd);
    } catch {
      // already unusable
    }
    fd = -1;
  }
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
