/**
 * Sharding's pure parts: the deal of units to shards (within a plan and
 * across plans), the units of a plan (needs, derived edges, a finally task's
 * reads, exclusive claims, a reset hook), the partition of a plan's tasks
 * over shards, the cut-down plan a shard runs, shard module ids, and the
 * code generated for one shard.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPlanText } from '../../src/plan/load.js';
import type { LoadedPlan } from '../../src/plan/types.js';
import { generateModule, LOAD_TEST } from '../../src/vitest/codegen.js';
import { resolveOptions } from '../../src/vitest/options.js';
import { modulePath, moduleShard, shardModuleId } from '../../src/vitest/shard-sequencer.js';
import { assignShards, dealPlans, planUnits, restrictPlan, shardUnits, type ShardSpec } from '../../src/vitest/shard.js';

const BIG = fileURLToPath(new URL('./fixtures/shard/big.plan.yaml', import.meta.url));

function load(text: string, file = 'p.plan.yaml'): LoadedPlan {
  const l = loadPlanText(text, file);
  if (!l.ok) throw new Error(`fixture plan does not load: ${JSON.stringify(l.errors.map((e) => e.message))}`);
  return l.plan;
}

/** A task of one GET step; `extra` is YAML indented under the task. */
const task = (name: string, extra = '', assert = 'status == 200') => `  - name: ${name}\n${extra}    steps:\n      - http: { url: "{{ env.base }}/${name}" }\n        assert: [${assert}]\n        results: { r: body.x }\n`;

describe('assignShards', () => {
  const loads = (weights: number[], at: number[], count: number) => {
    const l = new Array<number>(count).fill(0);
    at.forEach((s, i) => (l[s - 1]! += weights[i]!));
    return l;
  };

  it('balances by weight, heaviest first onto the least-loaded shard', () => {
    const w = [5, 3, 3, 1];
    expect(assignShards(w, 2)).toEqual([1, 2, 2, 1]);
    const w2 = [4, 4, 3, 2, 2, 1, 1, 1];
    expect(loads(w2, assignShards(w2, 3), 3)).toEqual([6, 6, 6]);
  });

  it('is deterministic, gives every shard a unit when there are enough, and stays within the list-scheduling bound', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let n = 1; n <= 24; n++) {
      const w = Array.from({ length: n }, () => 1 + (next() % 20));
      for (let count = 1; count <= n; count++) {
        const at = assignShards(w, count);
        expect(assignShards(w, count)).toEqual(at);
        expect(new Set(at).size, `${n} units on ${count} shards`).toBe(count);
        expect(at.every((s) => Number.isInteger(s) && s >= 1 && s <= count)).toBe(true);
        const total = w.reduce((a, b) => a + b, 0);
        // Greedy list scheduling: max load <= total/m + (1 - 1/m) * heaviest.
        expect(Math.max(...loads(w, at, count))).toBeLessThanOrEqual(total / count + (1 - 1 / count) * Math.max(...w) + 1e-9);
      }
    }
  });

  it('puts everything on shard 1 of 1 and refuses a count below 1', () => {
    expect(assignShards([3, 1, 2], 1)).toEqual([1, 1, 1]);
    expect(() => assignShards([1], 0)).toThrow('shard count 0');
  });
});

describe('dealPlans', () => {
  const unit = (key: string, weight: number) => ({ key, tasks: [key], weight });

  it('deals the units of all plans together, so one plan\'s heavy unit is offset by others', () => {
    const plans = [
      { file: 'a.plan.yaml', units: [unit('big', 6)] },
      { file: 'b.plan.yaml', units: [unit('b1', 3), unit('b2', 3)] },
      { file: 'c.plan.yaml', units: [unit('c1', 2), unit('c2', 2), unit('c3', 2)] },
    ];
    const on = (index: number) => dealPlans(plans, { index, count: 3 });
    const size = (index: number) => [...on(index).values()].flat().length;
    expect(on(1).get('a.plan.yaml')).toEqual(['big']);
    expect([1, 2, 3].map((i) => [...on(i).values()].flat().sort())).toEqual([['big'], ['b1', 'c1', 'c3'], ['b2', 'c2']]);
    expect(size(1) + size(2) + size(3)).toBe(6);
  });

  it('deals the same whatever order the files were listed in, and names every plan', () => {
    const plans = [
      { file: 'x.plan.yaml', units: [unit('x1', 1), unit('x2', 5)] },
      { file: 'a.plan.yaml', units: [unit('a1', 2)] },
    ];
    const shard: ShardSpec = { index: 2, count: 2 };
    expect(dealPlans(plans, shard)).toEqual(dealPlans([...plans].reverse(), shard));
    expect([...dealPlans(plans, shard).keys()].sort()).toEqual(['a.plan.yaml', 'x.plan.yaml']);
  });
});

describe('shardUnits', () => {
  const plan = load(
    [
      'env:\n  base: http://x\n',
      'resources:\n  db: exclusive\n  pool: shared\n',
      'tasks:\n',
      task('a'),
      task('b', '    needs: [a]\n'),
      task('c'),
      task('d', '    holds: [db]\n'),
      task('e', '    holds: [{ resource: db, mode: shared }]\n'),
      task('f', '    holds: [pool]\n'),
      task('g', '    holds: [pool]\n'),
      task('h', '    when: tasks.a.results.r == 1\n'),
      'finally:\n',
      task('z', '', 'tasks.c.results.r == 1'),
      task('y'),
    ].join(''),
  );

  it('joins needs, guards, a finally task\'s assertion reads and the holders of an exclusively held resource', () => {
    expect(shardUnits(plan).map((u) => u.tasks)).toEqual([['a', 'b', 'h'], ['c', 'z'], ['d', 'e'], ['f'], ['g'], ['y']]);
  });

  it('weighs a unit by the requests its steps send', () => {
    expect(shardUnits(plan).map((u) => [u.key, u.weight])).toEqual([
      ['a', 3],
      ['c', 2],
      ['d', 2],
      ['f', 1],
      ['g', 1],
      ['y', 1],
    ]);
  });

  it('keeps a plan with a lifecycle reset hook whole', () => {
    const reset = load(['env:\n  base: http://x\n', 'lifecycle:\n  strategy: reset\n  reset:\n    - http: { method: POST, url: "{{ env.base }}/reset" }\n      assert: [status == 200]\n', 'tasks:\n', task('a'), task('b'), 'finally:\n', task('z')].join(''));
    expect(shardUnits(reset).map((u) => u.tasks)).toEqual([['a', 'b', 'z']]);
  });

  it('restricts a plan to whole units, edges included', () => {
    const part = restrictPlan(plan, new Set(['a', 'b', 'h', 'y']));
    expect(part.tasks.map((t) => t.name)).toEqual(['a', 'b', 'h']);
    expect(part.finallyTasks.map((t) => t.name)).toEqual(['y']);
    expect(part.edges.every((e) => ['a', 'b', 'h'].includes(e.from) && ['a', 'b', 'h'].includes(e.to))).toBe(true);
    expect(part.edges.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the fixture plan over shards', () => {
  const text = readFileSync(BIG, 'utf8');
  const plan = load(text, 'big.plan.yaml');
  const all = [...plan.tasks, ...plan.finallyTasks].map((t) => t.name);
  const units = planUnits(text, 'big.plan.yaml', '/r', false);
  const shardTasks = (index: number, count: number) => dealPlans([{ file: 'big.plan.yaml', units }], { index, count }).get('big.plan.yaml')!;

  it('partitions every task onto exactly one shard, for any shard count', () => {
    for (let count = 1; count <= 6; count++) {
      const parts = Array.from({ length: count }, (_, i) => shardTasks(i + 1, count));
      expect(parts.flat().sort()).toEqual([...all].sort());
      expect(new Set(parts.flat()).size).toBe(all.length);
    }
  });

  it('keeps each chain on one shard', () => {
    const chains = [['signup', 'login', 'profile', 'logout'], ['catalog', 'item[a]', 'item[b]', 'item[c]'], ['cart', 'checkout', 'receipt'], ['flag', 'guarded'], ['version', 'audit']];
    const parts = [1, 2, 3].map((index) => new Set(shardTasks(index, 3)));
    for (const chain of chains) expect(parts.filter((p) => chain.some((t) => p.has(t))).map((p) => chain.every((t) => p.has(t))), chain.join(',')).toEqual([true]);
  });

  it('generates, per shard, only that shard\'s tests and hands the runtime its task list', () => {
    const settings = resolveOptions({ jobs: 2 }).run;
    const gen = (index: number) => generateModule({ id: BIG, file: 'big.plan.yaml', root: '/r', text, strict: false, settings, runtime: '/rt.js', only: shardTasks(index, 3) });
    const outs = [1, 2, 3].map(gen);
    expect(outs.flatMap((o) => o.tests).sort()).toEqual([...all].sort());
    for (const [i, o] of outs.entries()) {
      expect(new Set(o.tests)).toEqual(new Set(shardTasks(i + 1, 3)));
      // The runtime's list is in plan order, main tasks then finally tasks, as the tests are.
      expect(o.code).toContain(`"tasks":${JSON.stringify(o.tests)}`);
    }
    // Without a shard, the module is the whole plan and names no task list.
    const whole = generateModule({ id: BIG, file: 'big.plan.yaml', root: '/r', text, strict: false, settings, runtime: '/rt.js' });
    expect(whole.tests).toHaveLength(all.length);
    expect(whole.code).not.toContain('"tasks":');
  });

  it('deals a plan that does not load as its one load test, registered on exactly one shard', () => {
    const settings = resolveOptions({ jobs: 2 }).run;
    const broken = 'tasks:\n  - name: a\n    steps: []\n';
    const brokenUnits = planUnits(broken, 'b.plan.yaml', '/r', false);
    expect(brokenUnits).toEqual([{ key: LOAD_TEST, tasks: [LOAD_TEST], weight: 1 }]);
    const tests = [1, 2, 3].map((index) => {
      const only = dealPlans([{ file: 'b.plan.yaml', units: brokenUnits }], { index, count: 3 }).get('b.plan.yaml')!;
      return generateModule({ id: '/r/b.plan.yaml', file: 'b.plan.yaml', root: '/r', text: broken, strict: false, settings, runtime: '/rt.js', only }).tests;
    });
    expect(tests).toEqual([[LOAD_TEST], [], []]);
  });
});

describe('shard module ids', () => {
  it('round-trips the shard and the path', () => {
    const id = shardModuleId('/r/big.plan.yaml', { index: 2, count: 3 });
    expect(id).toBe('/r/big.plan.yaml?shard=2/3');
    expect(moduleShard(id)).toEqual({ index: 2, count: 3 });
    expect(modulePath(id)).toBe('/r/big.plan.yaml');
    expect(moduleShard(shardModuleId('/r/x.plan.yaml?v=1', { index: 1, count: 2 }))).toEqual({ index: 1, count: 2 });
    expect(moduleShard('/r/big.plan.yaml')).toBeUndefined();
    expect(moduleShard('/r/big.plan.yaml?shard=4/3')).toBeUndefined();
  });
});
