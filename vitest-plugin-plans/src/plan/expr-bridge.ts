/**
 * The one place plan/ talks to src/expr/: compiles an expression for a role
 * and a step kind, and returns the facts the loader needs (result references,
 * run.id mentions, paths, lint facts, advice metrics) in plan/'s own terms.
 */
import { compileExpression, scopeFor, type FileRead, type MatcherFiles, type Scope, type ScopeKind } from '../expr/index.js';
import type { CompiledMatcher } from '../expr/matchers/types.js';
import type { Type } from '../expr/types.js';
import type { StepKind, ExprRole, ResultRef } from './types.js';

/** What an expression is compiled for. */
export interface BridgeOptions {
  role: ExprRole;
  /** Step kind whose names are in scope (assert/result); undefined for guards and env/templates. */
  kind?: StepKind;
  /** http with a serial or parallel repeat (responses in scope). */
  repeat?: 'serial' | 'parallel';
  /** The kind's typed names (from its module); none for guards and templates. */
  names?: Readonly<Record<string, Type>>;
  /** The scope's noun in messages, when not `a <kind> step`. */
  noun?: string;
  /** Names of `env.*` in scope. */
  envNames: string[];
  /** Keys of `matrix.*` in scope (matrix tasks only). */
  matrixKeys?: string[];
  /** Reads a matcher file (schema, openapi, snapshot) named in the expression, relative to the plan. */
  readFile?: (path: string) => { ok: true; text: string; resolved: string } | { ok: false; missing: boolean; message: string };
  /** Matchers compiled earlier in the same load (shared across expressions). */
  matcherCache?: Map<string, CompiledMatcher>;
  /**
   * Expressions compiled earlier in the same load, by scope, role and source:
   * `status == 200` in 1,000 steps compiles once. Compiled expressions are
   * immutable, so sharing them is safe.
   */
  compileCache?: Map<string, BridgeCompiled | BridgeFailed>;
}

/** Lint facts of a compiled assertion. */
export interface LintFacts {
  /** Top-level all/none quantifiers not covered by a sizing assertion of the same step need the step's other facts. */
  quantifiers: Array<{ op: 'all' | 'none'; collection: string; column: number; sliceEnd?: number }>;
  /** Collections this expression sizes, with the pinned size when literal. */
  sizes: Array<{ collection: string; atLeast?: number }>;
}

/** Advice metrics. */
export interface Metrics {
  nodes: number;
  closures: number;
  nesting: number;
}

/** A compiled expression and its facts. */
export interface BridgeCompiled {
  ok: true;
  compiled: unknown;
  resultRefs: ResultRef[];
  mentionsRunId: boolean;
  paths: string[];
  lint: LintFacts;
  metrics: Metrics;
  /** True when the expression reads `body.errors` (graphql) or `code` (grpc): automatic assertion omitted. */
  reads: Set<string>;
}

/** A compile failure: every diagnostic with its 1-based column. */
export interface BridgeFailed {
  ok: false;
  diagnostics: Array<{ column: number; message: string }>;
}

/** What a scope is built from. */
type ScopeArgs = { repeat?: 'serial' | 'parallel'; envKeys: string[]; matrixKeys?: string[]; names?: Readonly<Record<string, Type>>; noun?: string };

// Scopes are immutable; thousands of expressions share a handful of them.
const SCOPES = new Map<string, Scope>();
function scopeKey(kind: ScopeKind, o: ScopeArgs): string {
  return `${kind}|${o.noun ?? ''}|${o.repeat ?? ''}|${o.envKeys.join(',')}|${o.matrixKeys?.join(',') ?? '-'}`;
}

function cachedScope(kind: ScopeKind, o: ScopeArgs): Scope {
  const key = scopeKey(kind, o);
  let s = SCOPES.get(key);
  if (!s) {
    if (SCOPES.size > 500) SCOPES.clear();
    s = scopeFor(kind, o);
    SCOPES.set(key, s);
  }
  return s;
}

/** Compiles one expression. */
export function compileExpr(source: string, opts: BridgeOptions): BridgeCompiled | BridgeFailed {
  const scopeKind: ScopeKind = opts.kind ?? (opts.role === 'guard' ? 'guard' : 'template');
  const scopeOpts: ScopeArgs = { envKeys: opts.envNames };
  if (opts.repeat !== undefined) scopeOpts.repeat = opts.repeat;
  if (opts.matrixKeys !== undefined) scopeOpts.matrixKeys = opts.matrixKeys;
  if (opts.names !== undefined) scopeOpts.names = opts.names;
  if (opts.noun !== undefined) scopeOpts.noun = opts.noun;
  const cache = opts.compileCache;
  if (!cache) return compileUncached(source, opts, scopeKind, scopeOpts);
  const key = `${scopeKey(scopeKind, scopeOpts)}|${opts.role}|${opts.readFile ? 'f' : '-'}|${source}`;
  let out = cache.get(key);
  if (!out) {
    out = compileUncached(source, opts, scopeKind, scopeOpts);
    cache.set(key, out);
  }
  return out;
}

function compileUncached(
  source: string,
  opts: BridgeOptions,
  scopeKind: ScopeKind,
  scopeOpts: ScopeArgs,
): BridgeCompiled | BridgeFailed {
  const read = opts.readFile;
  const files: MatcherFiles | undefined = read && {
    read: (path: string): FileRead => {
      const r = read(path);
      if (r.ok) return { ok: true, text: r.text };
      return { ok: false, missing: r.missing, error: r.message };
    },
    ...(opts.matcherCache ? { cache: opts.matcherCache } : {}),
  };
  const scope = cachedScope(scopeKind, scopeOpts);
  const out = compileExpression(source, files ? { scope, role: opts.role, files } : { scope, role: opts.role });
  if (!out.ok) return { ok: false, diagnostics: out.diagnostics.map((d) => ({ column: d.column, message: d.message })) };
  const f = out.compiled.facts;
  const reads = new Set<string>();
  if (f.readsBodyErrors) reads.add('body.errors');
  if (f.readsCode) reads.add('code');
  const lint: LintFacts = { quantifiers: [], sizes: f.sizes.map((s) => (s.atLeast === undefined ? { collection: s.collection } : { collection: s.collection, atLeast: s.atLeast })) };
  for (const q of f.quantifiers) {
    if (!q.topLevel || q.q === 'any' || q.collection === undefined) continue;
    lint.quantifiers.push(q.sliceEnd === undefined ? { op: q.q, collection: q.collection, column: q.column } : { op: q.q, collection: q.collection, column: q.column, sliceEnd: q.sliceEnd });
  }
  return {
    ok: true,
    compiled: out.compiled,
    resultRefs: f.taskResults.map((r) => ({ task: r.task, key: r.key, column: r.column })),
    mentionsRunId: f.mentionsRunId,
    paths: [...f.paths],
    lint,
    metrics: { nodes: f.metrics.nodes, closures: f.metrics.closures, nesting: f.metrics.closureDepth },
    reads,
  };
}
