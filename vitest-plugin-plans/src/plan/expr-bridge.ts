/**
 * The one place plan/ talks to src/expr/: compiles an expression for a role
 * and a step kind, and returns the facts the loader needs (result references,
 * run.id mentions, paths, lint facts, advice metrics) in plan/'s own terms.
 */
import type { StepKind, ExprRole, ResultRef } from './types.js';

/** What an expression is compiled for. */
export interface BridgeOptions {
  role: ExprRole;
  /** Step kind whose names are in scope (assert/result); undefined for guards and env/templates. */
  kind?: StepKind;
  /** http with a serial or parallel repeat (responses in scope). */
  repeat?: 'serial' | 'parallel';
  /** Names of `env.*` in scope. */
  envNames: string[];
  /** Keys of `matrix.*` in scope (matrix tasks only). */
  matrixKeys?: string[];
  /** Reads a matcher file (schema, openapi, snapshot) named in the expression, relative to the plan. */
  readFile?: (path: string) => { ok: true; text: string; resolved: string } | { ok: false; message: string };
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

const REF = /tasks\.([A-Za-z0-9_][A-Za-z0-9_.-]*?)\.results\.([A-Za-z_][A-Za-z0-9_]*)/g;

/** Compiles one expression. */
export function compileExpr(source: string, opts: BridgeOptions): BridgeCompiled | BridgeFailed {
  // Interim implementation until src/expr/index.ts lands: facts by scanning.
  void opts;
  if (source.trim() === '') return { ok: false, diagnostics: [{ column: 1, message: 'an expression is empty' }] };
  const resultRefs: ResultRef[] = [];
  for (const m of source.matchAll(REF)) resultRefs.push({ task: m[1]!, key: m[2]!, column: (m.index ?? 0) + 1 });
  const reads = new Set<string>();
  if (/\bbody\.errors\b/.test(source)) reads.add('body.errors');
  if (/(^|[^.\w])code\b/.test(source)) reads.add('code');
  return {
    ok: true,
    compiled: { source },
    resultRefs,
    mentionsRunId: /\brun\.id\b/.test(source),
    paths: [],
    lint: { quantifiers: [], sizes: [] },
    metrics: { nodes: 1, closures: 0, nesting: 0 },
    reads,
  };
}
