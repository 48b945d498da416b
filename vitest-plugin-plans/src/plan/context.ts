/**
 * Load context: the plan file, where diagnostics go, the file reader, and the
 * per-task record of every compiled expression (for the reference checks and
 * derived edges that run once all tasks are known).
 */
import { readFileSync, statSync } from 'node:fs';
import { diag, formatPath, type PathSegs } from './diagnostics.js';
import type { CompiledExpr, Diagnostic, LoadedFile, Span } from './types.js';
import type { BridgeCompiled, BridgeFailed, Metrics, LintFacts } from './expr-bridge.js';
import type { PNode } from './yaml-tree.js';
import type { CompiledMatcher } from '../expr/matchers/types.js';

/** How an expression is used, for the reference rules of the spec (§4). */
export type ExprUse = 'template' | 'assert' | 'result' | 'guard' | 'until';

/** A compiled expression as recorded for later checks. */
export interface UseRecord {
  expr: CompiledExpr;
  use: ExprUse;
  /** 1-based step number (0 for a guard). */
  step: number;
  lint?: LintFacts;
  metrics?: Metrics;
  /** For a template hole: the whole templated string and the hole's 0-based offset in it. */
  within?: { source: string; offset: number };
}

/** Reads files the plan names; injectable for tests. */
export interface FileAccess {
  size(abs: string): number;
  read(abs: string): Uint8Array;
}

/** The default file access (node:fs). */
export const NODE_FILES: FileAccess = {
  size: (abs) => regularFileSize(abs),
  read: (abs) => readFileSync(abs),
};

/**
 * The size of a file the plan names, refusing devices and pipes: `/dev/zero`
 * reports size 0 and never ends, so reading it would hang the load.
 */
export function regularFileSize(abs: string): number {
  const st = statSync(abs);
  if (!st.isFile() && !st.isDirectory()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
  return st.size;
}

/** Context of one load. */
export interface LoadCtx {
  file: string;
  dir: string;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  advice: Diagnostic[];
  files: FileAccess;
  /** Files read once, by resolved path. */
  fileCache: Map<string, LoadedFile | { error: string }>;
  /** Schema, OpenAPI and snapshot matchers compiled so far in this load. */
  matcherCache?: Map<string, CompiledMatcher>;
  /** Expressions compiled so far in this load (see `BridgeOptions.compileCache`). */
  compileCache?: Map<string, BridgeCompiled | BridgeFailed>;
  /** Expressions outside tasks (env values, reset hook) that mention run.id. */
  runIdMentions: number;
  /** The current record list (a task's, or the plan-level one). */
  uses: UseRecord[];
  /** Names declared under env:. */
  envNames: string[];
  /** What `{ fromEnv: VAR }` env entries read. */
  environ: Record<string, string | undefined>;
}

/** Context of the node being loaded: where in the plan, and what is in scope. */
export interface NodeCtx {
  load: LoadCtx;
  segs: PathSegs;
  /** Step number when inside a step (1-based), else 0. */
  step: number;
  /** `matrix.*` keys in scope. */
  matrixKeys?: string[];
  /** env names in scope when not all of them (an env entry sees those above it). */
  envNames?: string[];
}

/** Span of a node. */
export function spanOf(ctx: LoadCtx, node: PNode | undefined, fallbackLine = 1): Span {
  return { file: ctx.file, line: node?.line ?? fallbackLine };
}

/** Records a load error at a node. */
export function error(ctx: NodeCtx, node: PNode | undefined, message: string, type = 'plan', segs: PathSegs = ctx.segs): void {
  ctx.load.errors.push(diag('error', type, spanOf(ctx.load, node), formatPath(segs), message));
}

/** A child context one segment deeper. */
export function sub(ctx: NodeCtx, ...more: Array<string | number>): NodeCtx {
  return { ...ctx, segs: [...ctx.segs, ...more] };
}
