/**
 * The scheduler: starts a task when its needs have passed, a worker is free
 * and its claims can all be taken. Ready tasks are considered in plan order,
 * so `--jobs 1` runs in plan order and is deterministic. A task whose claims
 * are busy reserves them: no later task may take a conflicting claim first
 * (this keeps an exclusive claim from starving behind a run of shared ones).
 */
import { createClaimTable, type Claim } from './claims.js';
import { createLimiter } from './limiter.js';
import type { TaskState } from '../events/types.js';

export interface SchedTask {
  name: string;
  /** Names of tasks this one needs (explicit and derived edges). */
  needs: readonly string[];
  claims: readonly Claim[];
}

/** Why a task did not get to run, decided by the scheduler. */
export interface Unrun {
  state: 'blocked' | 'skipped' | 'not run';
  reason: string;
}

export interface ScheduleOptions<T extends SchedTask> {
  /** Tasks in plan order. */
  tasks: readonly T[];
  jobs: number;
  /** Runs one task; resolves with its final state. */
  runTask(task: T): Promise<TaskState>;
  /** A task that will not run (blocked by a need, skipped with one, or cut by the deadline). */
  onUnrun(task: T, unrun: Unrun): void;
  /** A ready task waits on a claim held by others (reported once per task and resource). */
  onClaimWait?(task: T, claim: Claim, heldBy: string[]): void;
  /** When it aborts, no further task starts; unstarted tasks end `not run` with `stopReason()`. */
  signal?: AbortSignal;
  stopReason?(): string;
}

const WORD: Record<string, string> = {
  failed: 'failed',
  errored: 'errored',
  'timed out': 'timed out',
  blocked: 'was blocked',
  'not run': 'did not run',
  skipped: 'was skipped',
};

/** Run every task to a final state; resolves when all have one. */
export async function schedule<T extends SchedTask>(options: ScheduleOptions<T>): Promise<Map<string, TaskState>> {
  const { tasks, jobs } = options;
  const states = new Map<string, TaskState>();
  const slots = createLimiter(Math.max(1, jobs));
  const claims = createClaimTable(jobs);
  const pending = new Set(tasks.map((t) => t.name));
  const reported = new Set<string>();
  let running = 0;
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));

  const settle = (t: T, state: TaskState) => {
    states.set(t.name, state);
    pending.delete(t.name);
  };

  const pump = (): void => {
    let changed = true;
    while (changed) {
      changed = false;
      const reserved = new Map<string, 'shared' | 'exclusive'>();
      for (const t of tasks) {
        if (!pending.has(t.name)) continue;
        if (options.signal?.aborted) {
          const unrun: Unrun = { state: 'not run', reason: options.stopReason?.() ?? 'the run stopped' };
          settle(t, 'not run');
          options.onUnrun(t, unrun);
          changed = true;
          continue;
        }
        // Needs first: a need that ended badly decides this task without running it.
        let waiting = false;
        let verdict: Unrun | undefined;
        for (const n of t.needs) {
          const s = states.get(n);
          if (s === undefined) {
            waiting = true;
            continue;
          }
          if (s === 'passed') continue;
          verdict ??= s === 'skipped' ? { state: 'skipped', reason: `needs ${n}, which was skipped` } : { state: 'blocked', reason: `needs ${n}, which ${WORD[s]}` };
        }
        if (verdict && !waiting) {
          settle(t, verdict.state);
          options.onUnrun(t, verdict);
          changed = true;
          continue;
        }
        if (waiting || verdict) continue;
        // Ready: a worker and every claim, or wait (and reserve the claims against later tasks).
        const conflict = t.claims.some((c) => {
          const r = reserved.get(c.resource);
          return r !== undefined && (r === 'exclusive' || c.mode === 'exclusive');
        });
        if (conflict || running >= jobs || !claims.tryTake(t.name, t.claims)) {
          if (!conflict && running < jobs) {
            const b = claims.blocking(t.claims);
            const key = `${t.name}\u0000${b?.resource}`;
            if (b && !reported.has(key)) {
              reported.add(key);
              options.onClaimWait?.(t, b, claims.holders(b.resource));
            }
          }
          for (const c of t.claims) if (reserved.get(c.resource) !== 'exclusive') reserved.set(c.resource, c.mode);
          continue;
        }
        pending.delete(t.name);
        running++;
        void slots.acquire().then(async () => {
          let state: TaskState;
          try {
            state = await options.runTask(t);
          } catch {
            state = 'errored';
          }
          claims.release(t.name);
          slots.release();
          running--;
          states.set(t.name, state);
          pump();
        });
        changed = true;
      }
    }
    if (running === 0) {
      // Nothing runs and nothing can start: what is left waits on a cycle the loader should have refused.
      for (const t of tasks) {
        if (!pending.has(t.name)) continue;
        settle(t, 'not run');
        options.onUnrun(t, { state: 'not run', reason: 'its needs never finished' });
      }
      finish();
    }
  };

  options.signal?.addEventListener('abort', () => queueMicrotask(pump), { once: true });
  pump();
  await done;
  return states;
}
