/**
 * Thread priorities of the sandbox slots (Linux: `setpriority` on a thread id affects that thread
 * alone). Shared by the pool, which demotes long evaluations, and the worker, which warms up at
 * the demoted priority.
 */
import { setPriority } from 'node:os';

/**
 * Nice value of an evaluation thread that has run longer than `DEMOTE_AFTER_MS`. On Linux
 * `setpriority` on a thread id affects that thread alone, so runaway programs yield the CPU to
 * the HTTP thread: health checks, refusals and answers stay fast while every slot spins.
 */
export const WORKER_NICE = 10;

/**
 * A job starts at normal priority and is demoted to `WORKER_NICE` after this long (wall time
 * from dispatch). Short programs (most take well under a millisecond) then never wait behind
 * other processes' threads at nice 10, which on a shared machine cost them more latency than
 * they run; a runaway spends at most this long of its deadline at normal priority.
 */
export const DEMOTE_AFTER_MS = 10;

/**
 * How a slot's thread priority is handled: `on-demand` when this process may both lower and
 * raise it again (raising needs CAP_SYS_NICE or RLIMIT_NICE), else `fixed` at `WORKER_NICE`
 * from the start (as for an unprivileged user), or `none` without a thread id (not Linux).
 */
export type NiceMode = 'on-demand' | 'fixed' | 'none';

export function niceModeOf(tid: number | null): NiceMode {
  if (tid === null) return 'none';
  try {
    setPriority(tid, WORKER_NICE);
  } catch {
    return 'none';
  }
  try {
    setPriority(tid, 0);
    return 'on-demand';
  } catch {
    return 'fixed';
  }
}
