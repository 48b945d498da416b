/**
 * The engine's one door to src/expr: evaluate a compiled expression against a
 * runtime scope, render templates, and print values. Everything the engine
 * knows about the expression language goes through here.
 */
import { str, type Value } from '../expr/values.js';
import { templateText } from '../expr/template-text.js';
import type { EvalOptions, EvalResult, RuntimeScope } from '../expr/evaluate.js';
import type { CompiledExpr, JsonTemplate, Template } from '../plan/types.js';
import { TemplateError, type Renderer } from '../steps/types.js';
import type { ResultStore } from './results.js';

export type { EvalResult, RuntimeScope } from '../expr/evaluate.js';

interface Evaluable {
  evaluate(rt: RuntimeScope, opts?: EvalOptions): EvalResult;
}

/** Evaluate one compiled expression; a fault of the evaluator itself becomes the `error` outcome. */
export function evaluate(expr: CompiledExpr, rt: RuntimeScope, opts: EvalOptions = {}): EvalResult {
  const c = expr.compiled as Partial<Evaluable> | null;
  if (!c || typeof c.evaluate !== 'function') {
    return { outcome: 'error', error: 'the expression evaluator is not available', reads: [], computed: [], elementReads: [], detail: [], snapshotWrites: [] };
  }
  try {
    return c.evaluate(rt, opts);
  } catch (e) {
    return { outcome: 'error', error: (e as Error).message, reads: [], computed: [], elementReads: [], detail: [], snapshotWrites: [] };
  }
}

/** A result reference whose value is absent: the step ends errored, naming it. */
function checkRefs(expr: CompiledExpr, results: ResultStore): void {
  for (const r of expr.resultRefs) {
    if (!results.has(r.task, r.key)) {
      throw new TemplateError(`${expr.path}: tasks.${r.task}.results.${r.key} is absent (${r.task} stored no value for ${r.key})`);
    }
  }
}

/** A renderer over a scope (env, tasks, run, matrix). */
export function createRenderer(scope: RuntimeScope, results: ResultStore): Renderer {
  const hole = (expr: CompiledExpr): Value => {
    checkRefs(expr, results);
    const r = evaluate(expr, scope);
    if (r.outcome !== 'held' || r.value === undefined) {
      throw new TemplateError(`${expr.path}: {{ ${expr.source} }}: ${r.error ?? r.outcome}`);
    }
    return r.value;
  };
  const text = (t: Template): string => t.parts.map((p) => (p.kind === 'text' ? p.text : templateText(hole(p.expr)))).join('');
  const json = (t: JsonTemplate): string => {
    switch (t.kind) {
      case 'null':
        return 'null';
      case 'boolean':
        return String(t.value);
      case 'number':
        return t.text;
      case 'string':
        return JSON.stringify(text(t.template));
      case 'array':
        return `[${t.items.map(json).join(',')}]`;
      case 'object':
        return `{${t.entries.map(([k, v]) => `${JSON.stringify(k)}:${json(v)}`).join(',')}}`;
    }
  };
  const value = (t: JsonTemplate): unknown => JSON.parse(json(t));
  return { text, json, value };
}

/** Build `env` from the plan's entries, rendered in order (an entry sees those above it and run.id). */
export function stringValue(s: string): Value {
  return str(s);
}
