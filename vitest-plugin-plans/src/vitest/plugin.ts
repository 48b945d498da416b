/**
 * The Vite/Vitest plugin: `*.plan.yaml` files become test modules, the
 * workers get a directory for their event logs, and the reporter that writes
 * the runner's JUnit, TAP and HTML joins the run. Under `--shard` it wraps
 * the sequencer so each plan's tasks spread over the shards
 * (shard-sequencer.ts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Brings in the `configureVitest` hook's declaration on Vite's Plugin type.
import type {} from 'vitest/config';
import { generateModule } from './codegen.js';
import { EVENTS_DIR_KEY } from './events-file.js';
import { resolveOptions, type PlansOptions } from './options.js';
import { PlansReporter } from './reporter.js';
import { modulePath, moduleShard, planShardingSequencer, shardModuleId } from './shard-sequencer.js';
import { dealPlans, planUnits, type ShardSpec } from './shard.js';

/** The runtime module generated code imports: the .ts source beside a .ts plugin (tests, the repo's config), else dist's .js. */
function runtimePath(): string {
  const here = import.meta.url;
  return fileURLToPath(new URL(here.endsWith('.ts') ? './runtime.ts' : './runtime.js', here));
}

/**
 * Turns plan files into Vitest test modules: one `describe` per plan, one
 * test per task, at the task's YAML line.
 *
 * @example
 * // vitest.config.ts
 * import { plansPlugin } from 'vitest-plugin-plans/vitest';
 * export default defineConfig({
 *   plugins: [plansPlugin({ jobs: 8, exports: { junit: 'reports/[name].junit.xml' } })],
 *   test: { include: ['**\/*.plan.yaml'], includeTaskLocation: true },
 * });
 */
export function plansPlugin(options: PlansOptions = {}): Plugin {
  const resolved = resolveOptions(options);
  let root = process.cwd();
  let eventsDir: string | undefined;
  const relOf = (file: string) => relative(root, file).split(sep).join('/');
  // Under `--shard`: shard module id → the tests it registers. The sequencer deals every plan of
  // the run at once (dealPlans) before any module is imported; the transform reads the deal.
  const dealt = new Map<string, string[]>();
  const deal = (files: readonly string[], shard: ShardSpec): void => {
    const plans = files.map((f) => ({ file: relOf(f), units: planUnits(readFileSync(f, 'utf8'), relOf(f), root, resolved.strict) }));
    const mine = dealPlans(plans, shard);
    for (const f of files) dealt.set(shardModuleId(f, shard), mine.get(relOf(f)) ?? []);
  };
  return {
    name: 'vitest-plugin-plans',
    enforce: 'pre',
    config() {
      // Built runtime: let Node import it and the engine natively instead of
      // through Vite's transform (a workspace link is not under node_modules,
      // so Vitest would inline it); this halves the start-up of a plan module.
      const runtime = runtimePath();
      if (!runtime.endsWith('.js')) return undefined;
      const dist = dirname(dirname(runtime)) + sep;
      return { test: { server: { deps: { external: [new RegExp(`^${dist.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)] } } } };
    },
    configResolved(config) {
      root = config.root;
    },
    configureVitest({ vitest, project }) {
      eventsDir ??= mkdtempSync(join(tmpdir(), 'plans-events-'));
      project.provide(EVENTS_DIR_KEY, eventsDir);
      // Reporters are created after this hook, from this same list. One per
      // project, so each project's plugin options name its own exports.
      vitest.config.reporters.push(new PlansReporter({ exports: resolved.exports, eventsDir, root: project.config.root, include: resolved.include, project: project.name }));
      const shard = vitest.config.shard;
      if (shard) {
        // Every shard gets a part of every plan, so a plan file is no longer the unit Vitest's
        // "--shard <count> must be a smaller than count of test files" check counts: 1 plan on 3 shards is fine.
        vitest.config.passWithNoTests = true;
        vitest.config.sequence.sequencer = planShardingSequencer(vitest.config.sequence.sequencer, {
          project: project.name,
          include: resolved.include,
          shard: { index: shard.index, count: shard.count },
          assign: (files) => {
            deal(files, shard);
            return new Set(files.filter((f) => dealt.get(shardModuleId(f, shard))!.length > 0));
          },
        });
      }
    },
    transform(_code, id) {
      const file = modulePath(id);
      if (!resolved.include.test(file)) return null;
      // Read again: Vite may hand a YAML file to plugins as text already altered by another plugin.
      const text = readFileSync(file, 'utf8');
      const shard = moduleShard(id);
      // A shard module imported without the sequencer's deal (not in a sharded run): deal its plan alone.
      if (shard && !dealt.has(id)) deal([file], shard);
      const only = shard ? { only: dealt.get(id)! } : {};
      const out = generateModule({ id: file, file: relOf(file), root, text, strict: resolved.strict, settings: resolved.run, runtime: runtimePath(), ...only });
      for (const f of out.watchFiles) this.addWatchFile(f);
      return { code: out.code, map: out.map };
    },
  };
}
