/**
 * CPU time of the calling thread, so `cpu_ms` is the evaluation's own and not the whole
 * process's (evaluator-decisions.md "Evaluation"). Linux exposes it per thread in
 * /proc/thread-self/schedstat; elsewhere we fall back to the process figure, which
 * over-counts when other threads are busy but never under-counts.
 */
import { readFileSync } from 'node:fs';

let procUsable = true;

/** Cumulative on-CPU milliseconds of the current thread (process-wide when /proc is absent). */
export function threadCpuMs(): number {
  if (procUsable) {
    try {
      // schedstat: "<ns on cpu> <ns waiting> <timeslices>".
      const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
      if (Number.isFinite(ns)) return ns / 1e6;
    } catch {
      // Not Linux, or /proc not mounted: fall through for good.
    }
    procUsable = false;
  }
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
