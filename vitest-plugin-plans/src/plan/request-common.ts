/**
 * Pieces shared by the per-kind request loaders: templated strings, header
 * maps, argument lists, timeouts.
 */
import { compileTemplate } from './compile.js';
import { error, sub, type NodeCtx } from './context.js';
import { durationMs, get, items, scalarText, str } from './read.js';
import type { NamedTemplate, Template } from './types.js';
import type { PNode } from './yaml-tree.js';

/** A request loader: validates and types one kind's request (ctx.segs ends at the kind key). */
export type RequestLoader<R> = (ctx: NodeCtx, node: PNode) => R | undefined;

/** The templated string at `key`, undefined when absent or not a string. */
export function templateAt(ctx: NodeCtx, node: PNode, key: string): Template | undefined {
  const n = get(node, key);
  const s = scalarText(n);
  return s === undefined ? undefined : compileTemplate(sub(ctx, key), n, s);
}

/** A required templated string; reports `<what> needs <key>` when missing. */
export function requiredTemplate(ctx: NodeCtx, node: PNode, key: string, missing: string): Template | undefined {
  if (get(node, key) === undefined) {
    error(ctx, node, missing);
    return undefined;
  }
  return templateAt(ctx, node, key);
}

/** A map of templated values (headers, metadata, env), in plan order. */
export function namedTemplates(ctx: NodeCtx, node: PNode, key: string): NamedTemplate[] {
  const m = get(node, key);
  if (m?.kind !== 'map') return [];
  const out: NamedTemplate[] = [];
  for (const e of m.entries) {
    const s = scalarText(e.value);
    if (s === undefined) continue;
    const t = compileTemplate(sub(ctx, key, e.key), e.value, s);
    if (t) out.push({ name: e.key, value: t });
  }
  return out;
}

/** A list of templated strings (args). */
export function templateList(ctx: NodeCtx, node: PNode, key: string): Template[] {
  const out: Template[] = [];
  items(get(node, key)).forEach((it, i) => {
    const s = scalarText(it);
    if (s === undefined) return;
    const t = compileTemplate(sub(ctx, key, i), it, s);
    if (t) out.push(t);
  });
  return out;
}

/** Optional `timeout` in milliseconds. */
export function timeoutOf(node: PNode): number | undefined {
  return durationMs(get(node, 'timeout'));
}

/** Refuses `{{` in a literal (query, sql): values go elsewhere. */
export function literal(ctx: NodeCtx, node: PNode, key: string, refusal: string): string | undefined {
  const n = get(node, key);
  const s = str(n);
  if (s !== undefined && s.includes('{{')) {
    error(sub(ctx, key), n, refusal);
    return undefined;
  }
  return s;
}

/** Copies defined optional fields onto a target (exactOptionalPropertyTypes-friendly). */
export function withOptional<T extends object>(target: T, extra: Partial<T>): T {
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) (target as Record<string, unknown>)[k] = v;
  return target;
}
