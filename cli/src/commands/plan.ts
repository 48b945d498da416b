/**
 * `runner plan [--graph] [--only T]… [--explain T] [--strict] <plan>`
 * (spec §4 "runner plan"). Loads the plan; prints load errors, lints and
 * advice; then the graph, one task explained, or what the plan would send.
 * Opens no socket to the target; it opens each database a sql step reads
 * through, to warn when the role could write.
 */
import type { CommandSpec, ParsedArgs } from '../args.js';
import { loadForCommand } from '../load-plan.js';
import { EXIT_USAGE, type Io } from '../io.js';
import { closest } from '../suggest.js';
import { runtimeLine, probeRuntime } from '../runtimes.js';

/** Flags and arguments of `runner plan`. */
export const spec: CommandSpec = {
  name: 'plan',
  summary: 'load a plan; print what it would send, its graph, or one task explained',
  synopsis: 'plan [flags] <plan>',
  description: ['Loads the plan and prints what it would send, its graph, or one task explained.', 'Nothing is sent to the target.'],
  flags: [
    { name: '--graph', kind: 'bool', help: 'print the resolved task graph: every needs edge with its origin, every holds claim, every resource' },
    { name: '--only', kind: 'string', metavar: '<task>', repeatable: true, help: 'with --graph: print only what run --only would run' },
    { name: '--explain', kind: 'string', metavar: '<task>', help: 'explain one task' },
    { name: '--strict', kind: 'bool', help: 'lint warnings become load errors (exit 64)' },
  ],
  args: { min: 1, max: 1, what: 'plan file' },
};

/**
 * Hooks for what `plan` may do beyond loading. `checkSqlRole` is the spec's
 * sql role check (§4 rule 2: open each relational connection a sql step reads
 * through and warn when the role could write): given a rendered URL and the
 * plan's directory, the warning line without `warning: `, or undefined. By
 * default the sql step module's own check (steps/db/role.ts); tests replace it.
 * Its warnings are never lints: they do not change the exit code, even under --strict.
 */
export interface PlanHooks {
  checkSqlRole?: (url: string, planDir: string) => Promise<string | undefined>;
}

/** Runs `runner plan`. */
export async function run(args: ParsedArgs, io: Io, hooks: PlanHooks = {}): Promise<number> {
  const graph = args.has('--graph');
  const only = args.values('--only');
  if (only.length > 0 && !graph) {
    io.err('runner plan: --only goes with --graph');
    return EXIT_USAGE;
  }
  const engine = await import('vitest-plugin-plans/plan');
  const file = args.positional[0]!;
  const plan = await loadForCommand(file, io, args.has('--strict'));
  if (plan === null) return EXIT_USAGE;

  if (graph) {
    if (only.length === 0) {
      engine.renderGraph(plan).forEach((l) => io.out(l));
      return 0;
    }
    const sel = engine.selectOnly(plan, only);
    if (sel.unknown.length > 0) {
      const names = [...engine.allTasks(plan).map((t) => t.name), ...plan.matrices.keys()];
      for (const n of sel.unknown) {
        const hint = closest(n, names);
        io.err(`runner plan: --only ${n}: no task named ${n}${hint ? ` (did you mean ${hint}?)` : ''}`);
      }
      return EXIT_USAGE;
    }
    engine.renderGraph(plan, { names: only, selected: sel.selected }).forEach((l) => io.out(l));
    return 0;
  }

  const explain = args.value('--explain');
  if (explain !== undefined) {
    const tasks = engine.allTasks(plan);
    const task = tasks.find((t) => t.name === explain);
    if (task) {
      engine.renderExplain(plan, task).forEach((l) => io.out(l));
      return 0;
    }
    const rows = plan.matrices.get(explain);
    if (rows) {
      io.out(`${explain} is a matrix of ${rows.length} rows: ${rows.join(', ')}; explain one of them`);
      return 0;
    }
    const hint = closest(explain, [...tasks.map((t) => t.name), ...plan.matrices.keys()]);
    io.err(`runner plan --explain: no task ${explain} in the plan${hint ? ` (did you mean ${hint}?)` : ''}`);
    return EXIT_USAGE;
  }

  engine.writesLines(plan).forEach((l) => io.out(l));
  io.out(engine.okLine(plan));
  for (const r of plan.runtimes) io.out(runtimeLine(probeRuntime(r, io.env, plan.dir)));
  // The kinds' plan-time warnings (sql: can the role write?), against the URLs `run` would open:
  // RUNNER_ENV_* overrides applied as `run` applies them.
  const asRun = engine.applyEnvOverrides(plan, engine.envFromProcess(io.env));
  for (const kind of engine.STEP_REGISTRY) {
    for (const w of (await kind.planWarnings?.(asRun, hooks.checkSqlRole)) ?? []) io.err(`warning: ${w}`);
  }
  return 0;
}
