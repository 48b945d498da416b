/**
 * `loadPlan`: YAML → schema check → env, resources, lifecycle, tasks →
 * edges and references → lints. Every load error is collected (not just the
 * first). Reads only the plan and the files it names.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { compileTemplate, fsReason } from './compile.js';
import { NODE_FILES, error, regularFileSize, spanOf, sub, type FileAccess, type LoadCtx, type NodeCtx, type UseRecord } from './context.js';
import { diag, formatPath, sortDiagnostics } from './diagnostics.js';
import { adviseSize, lintQuantifiers, lintTemplateInExpr, lintUnique } from './lints.js';
import { bool, durationMs, get, items, scalarText, str } from './read.js';
import { linkTasks } from './refs.js';
import { checkSchema } from './schema-check.js';
import { loadStep } from './steps.js';
import { stepModule } from '../steps/registry.js';
import { loadTask, type TaskDraft } from './tasks.js';
import type { ClaimMode, EnvEntry, Diagnostic, LoadedPlan, Resource, Step } from './types.js';
import { entry, parseYamlTree, toPlain, type PNode } from './yaml-tree.js';

/** Cap on the plan file itself. */
const PLAN_CAP = 8 * 1024 * 1024;

/** Options of `loadPlan`. */
export interface LoadPlanOptions {
  /** File access for the plan's named files (tests inject). */
  files?: FileAccess;
  /** Directory a relative plan path resolves against (default: the process's). */
  cwd?: string;
  /** Environment that `{ fromEnv: VAR }` env entries read (default: process.env). */
  environ?: Record<string, string | undefined>;
  /**
   * The text's positioned tree, when the caller wrote the text and has it
   * (`runner import` checking the plan it prints); the YAML is then not parsed again.
   */
  tree?: PNode;
}

/** Outcome of a load. */
export type PlanLoad =
  | { ok: true; plan: LoadedPlan }
  | { ok: false; errors: Diagnostic[]; warnings: Diagnostic[] };

/** Loads and compiles a plan file. `file` is kept as given for messages. */
export function loadPlan(file: string, opts: LoadPlanOptions = {}): PlanLoad {
  let text: string;
  try {
    const abs = resolve(opts.cwd ?? process.cwd(), file);
    if (regularFileSize(abs) > PLAN_CAP) throw Object.assign(new Error(`the plan is ${statSync(abs).size} bytes, over the 8 MiB cap`), { code: 'ETOOBIG' });
    const bytes = readFileSync(abs);
    if (bytes.length > PLAN_CAP) throw Object.assign(new Error(`the plan is ${bytes.length} bytes, over the 8 MiB cap`), { code: 'ETOOBIG' });
    text = decodeUtf8(bytes);
  } catch (e) {
    if (e instanceof NotUtf8) return { ok: false, errors: [diag('error', 'yaml', { file, line: e.line }, 'plan', e.message)], warnings: [] };
    const reason = (e as NodeJS.ErrnoException).code === 'ETOOBIG' ? (e as Error).message : `open ${file}: ${fsReason(e)}`;
    return { ok: false, errors: [diag('error', 'open', { file, line: 1 }, 'plan', reason)], warnings: [] };
  }
  return loadPlanText(text, file, opts);
}

class NotUtf8 extends Error {
  constructor(readonly line: number) {
    super('the plan is not UTF-8 text (a plan is a YAML file)');
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 or a positioned refusal: replacement characters would end up in names and requests. */
function decodeUtf8(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    // Find the first bad byte's line: decode growing prefixes line by line.
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i === bytes.length || bytes[i] === 0x0a) {
        try {
          UTF8.decode(bytes.subarray(start, i));
        } catch {
          throw new NotUtf8(line);
        }
        line++;
        start = i + 1;
      }
    }
    throw new NotUtf8(1);
  }
}

/** Loads a plan from text; named files resolve relative to `dirname(file)`. */
export function loadPlanText(text: string, file: string, opts: LoadPlanOptions = {}): PlanLoad {
  const ctx: LoadCtx = {
    file, dir: resolve(opts.cwd ?? process.cwd(), dirname(file)), errors: [], warnings: [], advice: [],
    files: opts.files ?? NODE_FILES, fileCache: new Map(), matcherCache: new Map(), compileCache: new Map(), runIdMentions: 0, uses: [], envNames: [],
    environ: opts.environ ?? process.env,
  };
  const tree = opts.tree ? { root: opts.tree, problems: [] } : parseYamlTree(text);
  for (const p of tree.problems) ctx.errors.push(diag('error', 'yaml', { file, line: p.line }, formatPath(p.at ?? []), p.message));
  const root = tree.root;
  if (tree.problems.some((p) => p.at === undefined)) return fail(ctx);
  if (root === undefined || root.kind !== 'map') {
    ctx.errors.push(diag('error', 'plan', { file, line: root?.line ?? 1 }, 'plan', 'a plan is a map with a tasks: list (and optionally env, lifecycle, resources, finally)'));
    return fail(ctx);
  }
  ctx.errors.push(...checkSchema(file, root, toPlain(root)));
  const top: NodeCtx = { load: ctx, segs: [], step: 0 };
  const planUses: UseRecord[] = [];
  ctx.uses = planUses;

  const env = loadEnv(top, get(root, 'env'));
  const resources = new Map<string, Resource>();
  const resNode = get(root, 'resources');
  if (resNode?.kind === 'map') {
    for (const e of resNode.entries) {
      const mode = str(e.value);
      if (mode === 'shared' || mode === 'exclusive') {
        resources.set(e.key, { name: e.key, defaultMode: mode as ClaimMode, span: { file, line: e.keyPos.line }, path: formatPath(['resources', e.key]) });
      }
    }
  }

  const lc = get(root, 'lifecycle');
  const strategy = str(get(lc, 'strategy')) === 'reset' ? 'reset' : 'unique';
  const reset: Step[] = [];
  const resetNode = get(lc, 'reset');
  if (resetNode !== undefined && strategy !== 'reset') {
    ctx.errors.push(diag('error', 'plan', { file, line: resetNode.line }, 'lifecycle.reset', 'the reset hook runs only with strategy: reset; set lifecycle.strategy: reset or remove lifecycle.reset'));
  }
  items(resetNode).forEach((it, i) => {
    const s = loadStep({ ...sub(top, 'lifecycle', 'reset', i), step: i + 1 }, it, { name: 'lifecycle.reset', results: new Map() });
    if (s) reset.push(s);
  });
  for (const u of planUses) {
    for (const r of u.expr.resultRefs) {
      const where = u.expr.path.startsWith('env') ? 'env renders' : 'the reset hook runs';
      ctx.errors.push(diag('error', 'ref', u.expr.span, u.expr.path, `${where} before any task; it cannot read tasks.${r.task}.results.${r.key}`));
    }
  }

  const drafts: TaskDraft[] = [];
  const names = new Map<string, number>();
  let order = 0;
  for (const [key, isFinally] of [['tasks', false], ['finally', true]] as const) {
    items(get(root, key)).forEach((it, i) => {
      const name = str(get(it, 'name'));
      const tctx = sub(top, key, i);
      if (name !== undefined) {
        const prev = names.get(name);
        if (prev !== undefined) {
          ctx.errors.push(diag('error', 'plan', { file, line: entry(it, 'name')!.keyPos.line }, formatPath([key, i, 'name']), `task name ${name} is already used by the task at line ${prev}`));
          return;
        }
        names.set(name, it.line);
      }
      const d = loadTask(tctx, it, isFinally, resources, order);
      if (d) {
        drafts.push(d);
        order += d.tasks.length;
      }
    });
  }
  const linked = linkTasks(ctx, drafts);

  const allUses = [...planUses, ...drafts.flatMap((d) => d.uses)];
  for (const d of drafts) lintQuantifiers(ctx, d.uses);
  lintQuantifiers(ctx, planUses);
  const strategyEntry = entry(lc, 'strategy');
  lintUnique(ctx, strategyEntry && str(strategyEntry.value) === 'unique' ? strategyEntry.keyPos.line : undefined, allUses);
  lintTemplateInExpr(ctx, allUses);
  adviseSize(ctx, allUses);

  if (ctx.errors.length > 0) return fail(ctx);
  const all = drafts.flatMap((d) => d.tasks);
  const runtimes = [...new Set([...reset, ...all.flatMap((t) => t.steps)].flatMap((s) => {
    const r = stepModule(s.kind).runtime?.(s.request);
    return r === undefined ? [] : [r];
  }))];
  const plan: LoadedPlan = {
    file, dir: ctx.dir, env,
    lifecycle: { strategy, sharedTarget: bool(get(lc, 'sharedTarget')) ?? false, reset },
    resources,
    tasks: all.filter((t) => !t.finally),
    finallyTasks: all.filter((t) => t.finally),
    edges: linked.edges,
    matrices: linked.matrices,
    runtimes,
    warnings: sortDiagnostics(ctx.warnings),
    advice: sortDiagnostics(ctx.advice),
  };
  const timeoutMs = durationMs(get(root, 'timeout'));
  if (timeoutMs !== undefined) plan.timeoutMs = timeoutMs;
  return { ok: true, plan };
}

function fail(ctx: LoadCtx): PlanLoad {
  return { ok: false, errors: sortDiagnostics(ctx.errors), warnings: sortDiagnostics(ctx.warnings) };
}

/** env: rendered in order; an entry may use run.id and the entries above it. */
function loadEnv(top: NodeCtx, node: PNode | undefined): EnvEntry[] {
  const out: EnvEntry[] = [];
  if (node?.kind !== 'map') return out;
  top.load.envNames = node.entries.map((e) => e.key);
  node.entries.forEach((e, i) => {
    const ctx: NodeCtx = { ...sub(top, 'env', e.key), envNames: node.entries.slice(0, i).map((x) => x.key) };
    if (e.value.kind === 'map') {
      const entry = loadEnvFromProcess(ctx, e.key, e.value);
      if (entry) out.push(entry);
      return;
    }
    const s = scalarText(e.value);
    if (s === undefined) return;
    const t = compileTemplate(ctx, e.value, s);
    if (t) out.push({ name: e.key, value: t });
  });
  return out;
}

/**
 * `name: { fromEnv: VAR, default?: …, secret?: true }`: the value is read from
 * the environment when the plan loads (an empty variable counts as unset, as
 * in shells' `${VAR:-default}`), so a plan can be pointed at a target without
 * editing it. Unset with no default is a load error: a run against a blank
 * value would fail later and further from the cause.
 */
function loadEnvFromProcess(ctx: NodeCtx, name: string, node: PNode): EnvEntry | undefined {
  const variable = scalarText(get(node, 'fromEnv'));
  if (variable === undefined) return undefined; // the schema check reported it
  const secret = scalarText(get(node, 'secret')) === 'true';
  const fromProcess = ctx.load.environ[variable];
  if (fromProcess !== undefined && fromProcess !== '') {
    const span = spanOf(ctx.load, node);
    return { name, fromEnv: variable, secret, value: { source: fromProcess, span, path: formatPath(ctx.segs), parts: [{ kind: 'text', text: fromProcess }] } };
  }
  const fallback = get(node, 'default');
  const text = scalarText(fallback);
  if (fallback === undefined || text === undefined) {
    error(ctx, node, `the environment variable ${variable} is not set and the entry has no default`);
    return undefined;
  }
  const value = compileTemplate(sub(ctx, 'default'), fallback, text);
  return value ? { name, fromEnv: variable, secret, value } : undefined;
}
