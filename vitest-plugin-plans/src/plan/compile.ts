/**
 * Compiles expressions and templates of the plan through the expr bridge,
 * turning failures into positioned diagnostics (with `column N` and the
 * expression as written) and recording every success for the later checks.
 */
import { resolve } from 'node:path';
import { diag, formatPath } from './diagnostics.js';
import { compileExpr, type BridgeOptions } from './expr-bridge.js';
import { spanOf, type ExprUse, type NodeCtx } from './context.js';
import type { CompiledExpr, ExprRole, JsonTemplate, StepKind, Template, TemplatePart } from './types.js';
import type { PNode } from './yaml-tree.js';
import type { Type } from '../expr/types.js';

const MATCHER_CAP = 8 * 1024 * 1024;

/** Scope of an expression beyond its role. */
export interface ScopeOpts {
  kind?: StepKind;
  repeat?: 'serial' | 'parallel';
  /** The kind's typed names (its module's `scope()`). */
  names?: Readonly<Record<string, Type>>;
  /** The scope's noun in messages, when not `a <kind> step`. */
  noun?: string;
}

function bridgeOpts(ctx: NodeCtx, role: ExprRole, scope: ScopeOpts): BridgeOptions {
  const o: BridgeOptions = {
    role,
    envNames: ctx.envNames ?? ctx.load.envNames,
    readFile: (p) => {
      const abs = resolve(ctx.load.dir, p);
      try {
        const size = ctx.load.files.size(abs);
        if (size > MATCHER_CAP) return { ok: false, missing: false, message: `the file is ${size} bytes, over the 8 MiB cap` };
        return { ok: true, text: Buffer.from(ctx.load.files.read(abs)).toString('utf8'), resolved: abs };
      } catch (e) {
        return { ok: false, missing: (e as NodeJS.ErrnoException).code === 'ENOENT', message: `open ${p}: ${fsReason(e)}` };
      }
    },
  };
  if (ctx.load.matcherCache) o.matcherCache = ctx.load.matcherCache;
  if (ctx.load.compileCache) o.compileCache = ctx.load.compileCache;
  if (scope.kind !== undefined) o.kind = scope.kind;
  if (scope.repeat !== undefined) o.repeat = scope.repeat;
  if (scope.names !== undefined) o.names = scope.names;
  if (scope.noun !== undefined) o.noun = scope.noun;
  if (ctx.matrixKeys !== undefined) o.matrixKeys = ctx.matrixKeys;
  return o;
}

/** The reason of a file-system error, Go-style (`no such file or directory`). */
export function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'ENOTREG') return 'not a regular file';
  return (e as Error).message;
}

/**
 * Compiles one expression written as a whole value (assertion, result, guard,
 * until). Returns undefined (and records diagnostics) when it does not compile.
 */
export function compileAt(ctx: NodeCtx, node: PNode | undefined, source: string, role: ExprRole, use: ExprUse, scope: ScopeOpts = {}): CompiledExpr | undefined {
  const out = compileExpr(source, bridgeOpts(ctx, role, scope));
  const span = spanOf(ctx.load, node);
  const path = formatPath(ctx.segs);
  if (!out.ok) {
    for (const d of out.diagnostics) ctx.load.errors.push(diag('error', 'expr', span, path, d.message, { column: d.column, expression: source }));
    return undefined;
  }
  const expr: CompiledExpr = { source, role, span, path, compiled: out.compiled, resultRefs: out.resultRefs, mentionsRunId: out.mentionsRunId, paths: out.paths };
  ctx.load.uses.push({ expr, use, step: ctx.step, lint: out.lint, metrics: out.metrics });
  READS.set(expr, out.reads);
  return expr;
}

const READS = new WeakMap<CompiledExpr, Set<string>>();

/** Names an expression reads (for automatic-assertion omission). */
export function readsOf(e: CompiledExpr): Set<string> {
  return READS.get(e) ?? new Set();
}

/**
 * Parses `{{ expr }}` holes in a string and compiles each. Errors carry the
 * column inside the whole string and the string as written.
 */
export function compileTemplate(ctx: NodeCtx, node: PNode | undefined, source: string): Template | undefined {
  const span = spanOf(ctx.load, node);
  const path = formatPath(ctx.segs);
  const parts: TemplatePart[] = [];
  let pos = 0;
  let ok = true;
  while (pos < source.length) {
    const open = source.indexOf('{{', pos);
    if (open < 0) break;
    if (open > pos) parts.push({ kind: 'text', text: source.slice(pos, open) });
    const close = source.indexOf('}}', open + 2);
    if (close < 0) {
      ctx.load.errors.push(diag('error', 'template', span, path, 'unterminated {{: close the expression with }}', { column: open + 1, expression: source }));
      return undefined;
    }
    const inner = source.slice(open + 2, close);
    const lead = inner.length - inner.trimStart().length;
    const text = inner.trim();
    const out = text === ''
      ? { ok: false as const, diagnostics: [{ column: 1, message: 'an empty {{ }} in a template; write an expression such as {{ env.base }}' }] }
      : compileExpr(text, bridgeOpts(ctx, 'template', {}));
    if (!out.ok) {
      ok = false;
      for (const d of out.diagnostics) {
        ctx.load.errors.push(diag('error', 'expr', span, path, d.message, { column: open + 3 + lead + d.column - 1, expression: source }));
      }
    } else {
      const expr: CompiledExpr = { source: text, role: 'template', span, path, compiled: out.compiled, resultRefs: out.resultRefs, mentionsRunId: out.mentionsRunId, paths: out.paths };
      ctx.load.uses.push({ expr, use: 'template', step: ctx.step, within: { source, offset: open + 2 + lead } });
      parts.push({ kind: 'expr', expr });
    }
    pos = close + 2;
  }
  if (pos < source.length) parts.push({ kind: 'text', text: source.slice(pos) });
  if (parts.length === 0) parts.push({ kind: 'text', text: '' });
  return ok ? { source, span, path, parts } : undefined;
}

/** True when a string has a template hole. */
export function isTemplated(s: string): boolean {
  return s.includes('{{');
}

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** A JSON-like node with templated strings; numbers keep their text. */
export function compileJson(ctx: NodeCtx, node: PNode | undefined): JsonTemplate | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'seq') {
    const out: JsonTemplate[] = [];
    node.items.forEach((it, i) => {
      const v = compileJson({ ...ctx, segs: [...ctx.segs, i] }, it);
      if (v) out.push(v);
    });
    return { kind: 'array', items: out };
  }
  if (node.kind === 'map') {
    const entries: Array<[string, JsonTemplate]> = [];
    for (const e of node.entries) {
      const v = compileJson({ ...ctx, segs: [...ctx.segs, e.key] }, e.value);
      if (v) entries.push([e.key, v]);
    }
    return { kind: 'object', entries };
  }
  const v = node.value;
  if (v === null) return { kind: 'null' };
  if (typeof v === 'boolean') return { kind: 'boolean', value: v };
  if (typeof v === 'number') return { kind: 'number', text: JSON_NUMBER.test(node.text) ? node.text : String(v) };
  const t = compileTemplate(ctx, node, v);
  return t ? { kind: 'string', template: t } : undefined;
}
