/**
 * Plan → test module. One `describe` per plan, one `test` per task (matrix
 * rows and finally tasks included, named as the runner names them), each
 * call written on one line that the source map points at the task's YAML
 * line and column: Vitest reads a test's location from the mapped stack of
 * that call. A failure is thrown from an error factory whose own line maps to
 * the YAML line the failure names (the failing assertion, else the step), so
 * the code frame shows the YAML. A plan that does not load becomes one
 * failing test carrying the runner's load-error text.
 *
 * Under `--shard`, a module is one shard's part of its plan (shard.ts): it
 * registers only that shard's tests and tells the runtime which tasks to
 * run. Tests of other shards are not registered at all, not skipped: each
 * shard's module survives `--merge-reports` beside the others, so a skipped
 * copy would show every task once per shard.
 */
import { renderDiagnostic } from '../plan/diagnostics.js';
import { loadPlanText } from '../plan/load.js';
import { NODE_FILES, type FileAccess } from '../plan/context.js';
import type { Diagnostic } from '../plan/types.js';
import { lineColumns, testSites } from './locate.js';
import type { RunSettings } from './options.js';
import { buildLineMap, type LineOrigin, type SourceMapV3 } from './source-map.js';

/** Name of the single test of a plan that did not load. */
export const LOAD_TEST = 'load';

/** What the runtime needs to run one plan module. */
export interface ModuleSpec {
  /** The plan path as `runner run` would be given it from `root` (posix separators). */
  file: string;
  /** Directory `file` is relative to: the Vitest project root. */
  root: string;
  /** Absolute path of the plan (the module id). */
  id: string;
  settings: RunSettings;
  /** Under `--shard`: the tasks (main and finally) this module runs; the rest of the plan is another shard's. */
  tasks?: string[];
}

export interface CodegenInput {
  id: string;
  /** Plan path relative to the project root, as the runner prints it. */
  file: string;
  root: string;
  text: string;
  strict: boolean;
  settings: RunSettings;
  /** Import specifier of the runtime module. */
  runtime: string;
  /** Under `--shard`: the tests this module registers (task names, or `load`); absent: every test of the plan. */
  only?: readonly string[];
}

export interface CodegenOutput {
  code: string;
  map: SourceMapV3;
  /** Every file the plan names (read at load): the module re-runs when one changes. */
  watchFiles: string[];
  /** Test names in order. */
  tests: string[];
}

/**
 * The text `runner run` prints for a plan that loads with errors (or, under
 * `--strict`, with lint warnings), without running anything. Null when the
 * plan may run.
 */
export function loadFailureText(file: string, errors: Diagnostic[], warnings: Diagnostic[], strict: boolean): string | null {
  if (errors.length > 0) {
    return [...warnings.map((w) => `warning: ${renderDiagnostic(w)}`), ...errors.map(renderDiagnostic), `${file}: ${errors.length} load error(s); nothing ran`].join('\n');
  }
  if (strict && warnings.length > 0) {
    return [...warnings.map((w) => `error (--strict): ${renderDiagnostic(w)}`), `${file}: ${warnings.length} lint warning(s) are errors under --strict; nothing ran`].join('\n');
  }
  return null;
}

/** A FileAccess that records every path the loader touches (also ones that do not exist yet). */
function recordingFiles(seen: Set<string>): FileAccess {
  return {
    size: (abs) => (seen.add(abs), NODE_FILES.size(abs)),
    read: (abs) => (seen.add(abs), NODE_FILES.read(abs)),
  };
}

const q = (s: string) => JSON.stringify(s);

/** Generates the test module of one plan. */
export function generateModule(input: CodegenInput): CodegenOutput {
  const seen = new Set<string>();
  const load = loadPlanText(input.text, input.file, { cwd: input.root, files: recordingFiles(seen) });
  const cols = lineColumns(input.text);
  const at = (line: number): LineOrigin => ({ line, column: cols.get(line) ?? 1 });

  const lines: string[] = [];
  const origins: Array<LineOrigin | undefined> = [];
  const emit = (code: string, origin?: LineOrigin) => {
    lines.push(code);
    origins.push(origin);
  };
  const spec: ModuleSpec = { file: input.file, root: input.root, id: input.id, settings: input.settings };
  const only = input.only && new Set(input.only);
  if (only && load.ok) spec.tasks = [...load.plan.tasks, ...load.plan.finallyTasks].filter((t) => only.has(t.name)).map((t) => t.name);
  emit(`import { describe as __describe, test as __test, afterAll as __afterAll } from "vitest"; import { createPlanRun as __createPlanRun } from ${q(input.runtime)};`);
  emit(`const __run = __createPlanRun(${JSON.stringify(spec)});`);
  emit('const __err = Object.create(null);');
  // One factory per significant YAML line: an Error's first frame is where it is created.
  for (const line of cols.keys()) emit(`__err[${line}] = (m) => new Error(m);`, at(line));

  const tests: string[] = [];
  emit(`__describe(${q(input.file)}, () => {`);
  const failure = load.ok ? loadFailureText(input.file, [], load.plan.warnings, input.strict) : loadFailureText(input.file, load.errors, load.warnings, input.strict);
  if (failure !== null || !load.ok) {
    const first = load.ok ? load.plan.warnings[0] : load.errors[0];
    const line = first?.span.file === input.file ? first.span.line : 1;
    if (!only || only.has(LOAD_TEST)) {
      tests.push(LOAD_TEST);
      emit(`__test(${q(LOAD_TEST)}, () => { throw __run.loadError(${q(failure ?? '')}, __err, ${line}); });`, at(line));
    }
  } else {
    emit('__afterAll(() => __run.finish(), 0);');
    for (const s of testSites(load.plan, input.text)) {
      if (only && !only.has(s.name)) continue;
      tests.push(s.name);
      emit(`__test(${q(s.name)}, async (ctx) => { const o = await __run.outcome(${q(s.name)}); if (o.kind === "skip") return ctx.skip(o.reason); if (o.kind === "fail") throw __run.failure(o, __err); }, 0);`, s);
    }
  }
  emit('});');
  const code = lines.join('\n') + '\n';
  return { code, map: buildLineMap(input.id, input.id, input.text, origins), watchFiles: [...seen], tests };
}
