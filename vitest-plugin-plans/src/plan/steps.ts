/**
 * One step: exactly one kind key with its request, plus the common keys
 * (name, assert, optional, results, retry, repeat). The kind's module (from
 * the registry) loads the request, names the scope and adds its automatic
 * assertions (spec §4).
 */
import { compileAt, readsOf } from './compile.js';
import { formatPath } from './diagnostics.js';
import { error, spanOf, sub, type NodeCtx } from './context.js';
import { durationMs, get, has, int, items, str } from './read.js';
import { STEP_KINDS, stepModule } from '../steps/registry.js';
import type { CompiledAssertion, RepeatSpec, ResultDecl, RetrySpec, Step } from './types.js';
import type { PNode } from './yaml-tree.js';

/** Task-level facts a step needs: its name for messages and the results declared so far. */
export interface StepTaskInfo {
  /** Task name for messages (`step N of task T`); `lifecycle.reset` for the reset hook. */
  name: string;
  results: Map<string, { step: number; secret: boolean }>;
}

/** Normalises an `optional:` entry: spaces dropped, header names lower-cased. */
export function normaliseOptional(p: string): string {
  const s = p.replace(/\s+/g, '');
  return s.replace(/^headers\[("|')(.*?)\1\]/, (_m, q: string, name: string) => `headers[${q}${name.toLowerCase()}${q}]`).replace(/^headers\.([A-Za-z0-9_-]+)/, (_m, n: string) => `headers.${n.toLowerCase()}`);
}

/** Loads one step; returns undefined when it cannot be built (diagnostics recorded). */
export function loadStep(ctx: NodeCtx, node: PNode, task: StepTaskInfo): Step | undefined {
  const kinds = STEP_KINDS.filter((k) => has(node, k));
  if (node.kind !== 'map') return undefined;
  if (kinds.length === 0) {
    error(ctx, node, `a step needs one kind key: ${STEP_KINDS.join(', ')}`);
    return undefined;
  }
  if (kinds.length > 1) {
    error(ctx, node, `a step takes one kind key, found ${kinds.join(' and ')}; split it into ${kinds.length} steps`);
    return undefined;
  }
  const kind = kinds[0]!;
  const mod = stepModule(kind);
  const kindEntry = node.entries.find((e) => e.key === kind)!;
  const an = /^([aeiou]|http)/i.test(kind) ? 'an' : 'a';
  if (!mod.keys.retry && has(node, 'retry')) error(sub(ctx, 'retry'), get(node, 'retry'), `retry is not a key of ${an} ${kind} step`);
  if (!mod.keys.repeat && has(node, 'repeat')) {
    // graphql keeps the spec's wording; other kinds say where repeat belongs.
    const msg = mod.keys.retry ? `repeat is a key of http steps only, not of ${an} ${kind} step` : `repeat is not a key of ${an} ${kind} step`;
    error(sub(ctx, 'repeat'), get(node, 'repeat'), msg);
  }

  const repeatNode = get(node, 'repeat');
  const repeat: RepeatSpec | undefined = mod.keys.repeat && repeatNode !== undefined && int(get(repeatNode, 'count')) !== undefined
    ? { count: int(get(repeatNode, 'count'))!, mode: str(get(repeatNode, 'mode')) === 'parallel' ? 'parallel' : 'serial' }
    : undefined;
  const retryNode = get(node, 'retry');
  const retry: RetrySpec | undefined = mod.keys.retry && retryNode !== undefined && int(get(retryNode, 'attempts')) !== undefined
    ? { attempts: int(get(retryNode, 'attempts'))!, delayMs: durationMs(get(retryNode, 'delay')) ?? 0 }
    : undefined;

  // A request that is not a map was reported by the schema check.
  const request = kindEntry.value.kind === 'map' ? mod.load(sub(ctx, kind), kindEntry.value) : undefined;

  const scope = { kind, names: mod.scope(repeat ? { repeat: repeat.mode } : {}), ...(repeat ? { repeat: repeat.mode } : {}) };
  const assertions: CompiledAssertion[] = [];
  const assertNode = get(node, 'assert');
  const written = items(assertNode);
  if (mod.keys.assertRequired && written.length === 0 && (assertNode === undefined || assertNode.kind === 'seq')) {
    error(ctx, assertNode ?? node, `step ${ctx.step} of task ${task.name} has no assertions`, 'plan', assertNode ? [...ctx.segs, 'assert'] : ctx.segs);
  }
  written.forEach((it, i) => {
    const src = str(it);
    if (src === undefined) return;
    const e = compileAt(sub(ctx, 'assert', i), it, src, 'assert', 'assert', scope);
    if (e) assertions.push(Object.assign(e, { role: 'assert' as const, number: i + 1, auto: false }));
  });
  const kindCtx = sub(ctx, kind);
  const readsAny = (name: string) => assertions.some((a) => readsOf(a).has(name));
  if (request !== undefined && (written.length > 0 || !mod.keys.assertRequired)) {
    for (const source of mod.autoAssertions(request, readsAny)) {
      const e = compileAt(kindCtx, kindEntry.value, source, 'assert', 'assert', scope);
      if (e) assertions.push(Object.assign(e, { span: spanOf(ctx.load, undefined, kindEntry.keyPos.line), role: 'assert' as const, number: 0, auto: true }));
    }
  }

  const optional = items(get(node, 'optional')).map(str).filter((s): s is string => s !== undefined).map(normaliseOptional);

  const results: ResultDecl[] = [];
  const resultsNode = get(node, 'results');
  if (resultsNode?.kind === 'map') {
    for (const e of resultsNode.entries) {
      const secret = e.value.kind === 'map';
      const exprNode = secret ? get(e.value, 'secret') : e.value;
      const src = str(exprNode);
      const rctx = sub(ctx, 'results', e.key);
      const prior = task.results.get(e.key);
      if (prior) {
        error(rctx, e.value, `result ${e.key} is already declared by step ${prior.step} of task ${task.name}; a task's results share one namespace`);
        continue;
      }
      task.results.set(e.key, { step: ctx.step, secret });
      if (src === undefined) continue;
      const expr = compileAt(secret ? sub(rctx, 'secret') : rctx, exprNode, src, 'result', 'result', scope);
      if (expr) results.push({ key: e.key, expr, secret });
    }
  }
  if (request === undefined) return undefined;
  const step = {
    kind,
    number: ctx.step,
    span: spanOf(ctx.load, node),
    path: formatPath(ctx.segs),
    kindSpan: spanOf(ctx.load, undefined, kindEntry.keyPos.line),
    request,
    assertions,
    optional,
    results,
  } as Step;
  const name = str(get(node, 'name'));
  if (name !== undefined) step.name = name;
  if (retry) step.retry = retry;
  if (repeat) step.repeat = repeat;
  return step;
}
