import { describe, expect, it } from 'vitest';
import type { TaskState } from '../events/types.js';
import { schedule, type SchedTask } from './scheduler.js';

const t = (name: string, needs: string[] = [], claims: SchedTask['claims'] = []): SchedTask => ({ name, needs, claims });
const tick = () => new Promise((r) => setTimeout(r, 1));

describe('scheduler', () => {
  it('runs in plan order at --jobs 1', async () => {
    const order: string[] = [];
    await schedule({ tasks: [t('a'), t('b', ['c']), t('c'), t('d')], jobs: 1, runTask: async (x) => (order.push(x.name), await tick(), 'passed'), onUnrun: () => {} });
    expect(order).toEqual(['a', 'c', 'b', 'd']);
  });

  it('blocks dependants of a failed need, transitively, and propagates skips', async () => {
    const unrun: string[] = [];
    const outcome: Record<string, TaskState> = { a: 'failed', s: 'skipped' };
    const states = await schedule({
      tasks: [t('a'), t('b', ['a']), t('c', ['b']), t('s'), t('u', ['s'])],
      jobs: 2,
      runTask: async (x) => outcome[x.name] ?? 'passed',
      onUnrun: (x, u) => unrun.push(`${u.state} ${x.name} ${u.reason}`),
    });
    expect(unrun.sort()).toEqual(['blocked b needs a, which failed', 'blocked c needs b, which was blocked', 'skipped u needs s, which was skipped']);
    expect(states.get('c')).toBe('blocked');
  });

  it('never runs more than --jobs tasks, nor two exclusive holders at once', async () => {
    let inside = 0;
    let peak = 0;
    let dbHolders = 0;
    let dbPeak = 0;
    const tasks = Array.from({ length: 12 }, (_, i) => t(`t${i}`, [], i % 3 === 0 ? [{ resource: 'db', mode: 'exclusive' }] : []));
    await schedule({
      tasks,
      jobs: 3,
      runTask: async (x) => {
        inside++;
        peak = Math.max(peak, inside);
        const db = x.claims.length > 0;
        if (db) dbPeak = Math.max(dbPeak, ++dbHolders);
        await tick();
        if (db) dbHolders--;
        inside--;
        return 'passed';
      },
      onUnrun: () => {},
    });
    expect(peak).toBe(3);
    expect(dbPeak).toBe(1);
  });

  it('reports a claim wait once and marks unstarted tasks not run when stopped', async () => {
    const stop = new AbortController();
    const waits: string[] = [];
    const unrun: string[] = [];
    await schedule({
      tasks: [t('a', [], [{ resource: 'r', mode: 'exclusive' }]), t('b', [], [{ resource: 'r', mode: 'shared' }]), t('c', ['a'])],
      jobs: 2,
      signal: stop.signal,
      stopReason: () => 'run deadline 1s reached',
      runTask: async (x) => {
        if (x.name === 'a') stop.abort();
        await tick();
        return 'timed out';
      },
      onClaimWait: (x, c, heldBy) => waits.push(`${x.name} ${c.resource} ${heldBy.join(',')}`),
      onUnrun: (x, u) => unrun.push(`${u.state} ${x.name} ${u.reason}`),
    });
    expect(waits).toEqual(['b r a']);
    expect(unrun).toEqual(['not run b run deadline 1s reached', 'not run c run deadline 1s reached']);
  });
  it('gives each running task its own lane below --jobs, the lowest free one', async () => {
    const busy = new Set<number>();
    const seen: Array<[string, number]> = [];
    let clash = false;
    const tasks = Array.from({ length: 10 }, (_, i) => t(`t${i}`));
    await schedule({
      tasks,
      jobs: 3,
      runTask: async (x, lane) => {
        if (busy.has(lane)) clash = true;
        busy.add(lane);
        seen.push([x.name, lane]);
        // Uneven lengths, so lanes free up out of order.
        await new Promise((r) => setTimeout(r, 1 + (Number(x.name.slice(1)) % 3) * 3));
        busy.delete(lane);
        return 'passed';
      },
      onUnrun: () => {},
    });
    expect(clash).toBe(false);
    expect(seen.slice(0, 3)).toEqual([['t0', 0], ['t1', 1], ['t2', 2]]);
    expect(seen.every(([, lane]) => lane >= 0 && lane < 3)).toBe(true);
  });
});
