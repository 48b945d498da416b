/**
 * CPU time of another thread of this process, read from /proc. The parent uses it for a slot it
 * had to kill: the worker can no longer report its own figure, but the kernel still has it until
 * the thread is gone.
 */
import { readFileSync } from 'node:fs';

/** Cumulative on-CPU milliseconds of thread `tid` of this process, or null when unreadable. */
export function taskCpuMs(tid: number): number | null {
  try {
    // schedstat: "<ns on cpu> <ns waiting> <timeslices>".
    const ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}
