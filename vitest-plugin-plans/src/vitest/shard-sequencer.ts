/**
 * How plans reach every shard. Vitest shards by test FILE (the sequencer's
 * `shard`, over `config.sequence.sequencer`), so one big plan would land
 * whole on one machine. The plugin wraps the configured sequencer: other
 * files are dealt as before; each plan file goes to every shard that owns
 * one of its units, as the module `<plan>?shard=<i>/<n>` whose code
 * registers and runs only that shard's tasks.
 *
 * The query is what keeps merged reports complete: `vitest --merge-reports`
 * keeps ONE module per (path, project), the last blob's, so three shards
 * reporting `big.plan.yaml` would leave one third of it. Distinct module ids
 * per shard survive the merge side by side, each task in exactly one.
 */
import type { TestSequencer, TestSequencerConstructor, TestSpecification, Vitest } from 'vitest/node';
import type { ShardSpec } from './shard.js';

const SHARD_QUERY = /[?&]shard=(\d+)\/(\d+)(?:&|$)/;

/**
 * The module id of a plan's part on one shard.
 *
 * @example shardModuleId('/r/big.plan.yaml', { index: 2, count: 3 }) // '/r/big.plan.yaml?shard=2/3'
 */
export function shardModuleId(moduleId: string, shard: ShardSpec): string {
  return `${moduleId}${moduleId.includes('?') ? '&' : '?'}shard=${shard.index}/${shard.count}`;
}

/** The shard a module id names, if any. */
export function moduleShard(id: string): ShardSpec | undefined {
  const m = SHARD_QUERY.exec(id);
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && index <= count ? { index, count } : undefined;
}

/** A module id without its query: the plan file's path. */
export function modulePath(id: string): string {
  return id.split('?')[0]!;
}

/** What the wrapping sequencer needs to know of one plugin instance. */
export interface PlanSharding {
  /** The Vitest project whose plan files this instance owns. */
  project: string;
  /** Which modules are plans. */
  include: RegExp;
  shard: ShardSpec;
  /** Deals the run's plan files (module ids) over the shards; returns the ones shard `shard` runs part of. */
  assign(files: readonly string[]): ReadonlySet<string>;
}

/**
 * A sequencer class that gives each of `sharding.project`'s plan files to
 * every shard that owns part of it (as its shard module) and leaves every
 * other file to `Base`'s own `shard`. Nests: one wrap per plans project.
 */
export function planShardingSequencer(Base: TestSequencerConstructor, sharding: PlanSharding): TestSequencerConstructor {
  return class PlanShardingSequencer implements TestSequencer {
    private readonly inner: TestSequencer;
    constructor(ctx: Vitest) {
      this.inner = new Base(ctx);
    }

    async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
      const isPlan = (s: TestSpecification) => s.project.name === sharding.project && sharding.include.test(modulePath(s.moduleId));
      const rest = files.filter((s) => !isPlan(s));
      const out = rest.length > 0 ? [...(await this.inner.shard(rest))] : [];
      const plans = files.filter(isPlan);
      const mine = sharding.assign(plans.map((s) => s.moduleId));
      for (const s of plans) {
        if (!mine.has(s.moduleId)) continue;
        const id = shardModuleId(s.moduleId, sharding.shard);
        // Renamed in place, not replaced: the run's end looks each module up from the very
        // specification objects it started with (a new one would go unreported, and so would be
        // missing from every report, the blob included). The task id is Vitest's own hash of the
        // new id, taken from a specification Vitest builds for it.
        const renamed = s.project.createSpecification(id, undefined, s.pool);
        Object.assign(s, { moduleId: renamed.moduleId, taskId: renamed.taskId });
        out.push(s);
      }
      return out;
    }

    sort(files: TestSpecification[]) {
      return this.inner.sort(files);
    }
  };
}
