/**
 * The scheduler: starts a task when its needs have passed, a worker is free
 * and its claims can all be taken. Ready tasks are considered in plan order,
 * so `--jobs 1` runs in plan order and is deterministic. A task whose claims
 * are busy reserves them: no later task may take a conflicting claim first
 * (this keeps an exclusive claim from starving behind a run of shared ones).
 *
 * Bookkeeping is incremental (remaining-need counts, a ready list in plan
 * order), so a plan of 20,000 tasks costs no more per task than one of 20.
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
  /**
   * Runs one task; resolves with its final state. `lane` is the worker slot
   * it holds (0-based, the lowest free one), so a timeline can draw tasks on
   * the workers that ran them.
   */
  runTask(task: T, lane: number): Promise<TaskState>;
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
  const index = new Map(tasks.map((t, i) => [t.name, i]));
  const remaining = new Int32Array(tasks.length);
  const firstBad = new Array<Unrun | undefined>(tasks.length);
  const dependants: number[][] = tasks.map(() => []);
  const settled = new Uint8Array(tasks.length);
  const reported = new Set<string>();
  // Free worker slots, ascending: a starting task takes the lowest.
  const lanes: number[] = Array.from({ length: Math.max(1, jobs) }, (_, i) => i);
  // Ready tasks by plan index, ascending.
  const ready: number[] = [];
  let open = tasks.length;
  let running = 0;
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));

  const addReady = (i: number) => {
    let lo = 0;
    let hi = ready.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ready[mid]! < i) lo = mid + 1;
      else hi = mid;
    }
    ready.splice(lo, 0, i);
  };

  // A task reached its final state: dependants count it down; the last need decides them.
  const complete = (i: number, state: TaskState) => {
    states.set(tasks[i]!.name, state);
    settled[i] = 1;
    open--;
    // After a stop, what has not started is `not run`, whatever its needs did.
    if (options.signal?.aborted) return;
    const queue: Array<[number, TaskState]> = [[i, state]];
    while (queue.length > 0) {
      const [j, s] = queue.shift()!;
      for (const d of dependants[j]!) {
        if (settled[d]) continue;
        if (s !== 'passed' && !firstBad[d]) {
          const n = tasks[j]!.name;
          firstBad[d] = s === 'skipped' ? { state: 'skipped', reason: `needs ${n}, which was skipped` } : { state: 'blocked', reason: `needs ${n}, which ${WORD[s]}` };
        }
        if (--remaining[d] === 0) {
          const bad = firstBad[d];
          if (bad) {
            settled[d] = 1;
            open--;
            states.set(tasks[d]!.name, bad.state);
            options.onUnrun(tasks[d]!, bad);
            queue.push([d, bad.state]);
          } else addReady(d);
        }
      }
    }
  };

  tasks.forEach((t, i) => {
    const needs = [...new Set(t.needs)].filter((n) => index.has(n) && n !== t.name);
    remaining[i] = needs.length;
    for (const n of needs) dependants[index.get(n)!]!.push(i);
  });
  tasks.forEach((_, i) => {
    if (remaining[i] === 0) ready.push(i);
  });

  const stopAll = () => {
    const unrun: Unrun = { state: 'not run', reason: options.stopReason?.() ?? 'the run stopped' };
    ready.length = 0;
    tasks.forEach((t, i) => {
      if (settled[i] || states.has(t.name) || startedSet.has(i)) return;
      settled[i] = 1;
      open--;
      states.set(t.name, 'not run');
      options.onUnrun(t, unrun);
    });
  };
  const startedSet = new Set<number>();

  const pump = (): void => {
    if (options.signal?.aborted) {
      // Running tasks end first (timed out), then the rest are reported not run.
      if (running > 0) return;
      stopAll();
      finish();
      return;
    }
    const reserved = new Map<string, 'shared' | 'exclusive'>();
    for (let k = 0; k < ready.length && running < jobs; ) {
      const i = ready[k]!;
      const t = tasks[i]!;
      const conflict = t.claims.some((c) => {
        const r = reserved.get(c.resource);
        return r !== undefined && (r === 'exclusive' || c.mode === 'exclusive');
      });
      if (conflict || !claims.tryTake(t.name, t.claims)) {
        if (!conflict) {
          const b = claims.blocking(t.claims);
          const key = `${t.name}\u0000${b?.resource}`;
          if (b && !reported.has(key)) {
            reported.add(key);
            options.onClaimWait?.(t, b, claims.holders(b.resource));
          }
        }
        for (const c of t.claims) if (reserved.get(c.resource) !== 'exclusive') reserved.set(c.resource, c.mode);
        k++;
        continue;
      }
      ready.splice(k, 1);
      startedSet.add(i);
      running++;
      // running < jobs, so a slot is free.
      const lane = lanes.shift()!;
      void slots.acquire().then(async () => {
        let state: TaskState;
        try {
          state = await options.runTask(t, lane);
        } catch {
          state = 'errored';
        }
        claims.release(t.name);
        slots.release();
        let at = 0;
        while (at < lanes.length && lanes[at]! < lane) at++;
        lanes.splice(at, 0, lane);
        running--;
        startedSet.delete(i);
        complete(i, state);
        pump();
      });
    }
    if (running === 0 && ready.length === 0) {
      if (open > 0) {
        // Nothing runs and nothing can start: what is left waits on a cycle the loader should have refused.
        tasks.forEach((t, i) => {
          if (settled[i]) return;
          settled[i] = 1;
          open--;
          states.set(t.name, 'not run');
          options.onUnrun(t, { state: 'not run', reason: 'its needs never finished' });
        });
      }
      finish();
    }
  };

  options.signal?.addEventListener('abort', () => queueMicrotask(pump), { once: true });
  pump();
  await done;
  return states;
}
