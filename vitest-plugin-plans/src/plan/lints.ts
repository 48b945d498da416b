/**
 * Lints and advice (spec §4). Lints warn at load and become errors under
 * `--strict`; advice is printed and never refused.
 */
import { diag } from './diagnostics.js';
import type { LoadCtx, UseRecord } from './context.js';

/** Advice thresholds (spec §8). */
export const ADVICE = { nodes: 40, closures: 2, nesting: 2 } as const;

/**
 * Lint 1: a top-level `all`/`none` over a collection holds on an empty
 * collection, unless an assertion of the same step sizes that collection
 * (a slice with literal bounds needs a size pinned to at least its end).
 */
export function lintQuantifiers(ctx: LoadCtx, uses: UseRecord[]): void {
  const bySteps = new Map<number, UseRecord[]>();
  for (const u of uses) {
    if (u.use !== 'assert' || !u.lint) continue;
    const key = u.step;
    const list = bySteps.get(key) ?? [];
    list.push(u);
    bySteps.set(key, list);
  }
  for (const list of bySteps.values()) {
    const sizes = list.flatMap((u) => u.lint!.sizes);
    for (const u of list) {
      for (const q of u.lint!.quantifiers) {
        const covered = sizes.some((s) => s.collection === q.collection && (q.sliceEnd === undefined || (s.atLeast !== undefined && s.atLeast >= q.sliceEnd)));
        if (covered) continue;
        const hint = q.sliceEnd === undefined ? `${q.collection} count N` : `${q.collection.replace(/\[.*\]$/, '')} count ${q.sliceEnd} or more`;
        ctx.warnings.push(diag('warning', 'lint.empty-quantifier', u.expr.span, u.expr.path,
          `${q.op} over ${q.collection} holds on an empty collection; also assert its size in this step (for example ${hint})`));
      }
    }
  }
}

/** Lint 2: `lifecycle.strategy: unique` written, but nothing references run.id. */
export function lintUnique(ctx: LoadCtx, strategyLine: number | undefined, allUses: UseRecord[]): void {
  if (strategyLine === undefined) return;
  if (allUses.some((u) => u.expr.mentionsRunId)) return;
  ctx.warnings.push(diag('warning', 'lint.unique-without-run-id', { file: ctx.file, line: strategyLine }, 'lifecycle.strategy',
    'lifecycle.strategy is unique but nothing references run.id; use {{ run.id }} in a template or env value so each run makes its own data'));
}

/** What an expression that is not a template is called, one and many, per use. */
const EXPR_NOUN: Record<string, [string, string]> = {
  assert: ['an assertion', 'assertions'],
  guard: ['a when guard', 'guards'],
  result: ['a result expression', 'result expressions'],
  // waitFor until, ws until and ignore: the path names which.
  until: ['a condition', 'conditions'],
};

/**
 * Lint 3: `{{` in an assertion, guard, result or until expression. Only
 * request values are templates; elsewhere `"{{ env.base }}"` is a string
 * literal compared as written, which silently never matches (issue 12, D6).
 */
export function lintTemplateInExpr(ctx: LoadCtx, uses: UseRecord[]): void {
  for (const u of uses) {
    const noun = EXPR_NOUN[u.use];
    const at = u.expr.source.indexOf('{{');
    if (!noun || at < 0) continue;
    const close = u.expr.source.indexOf('}}', at + 2);
    const inner = close < 0 ? '' : u.expr.source.slice(at + 2, close).trim();
    const name = inner === '' ? 'env.base' : inner;
    ctx.warnings.push(diag('warning', 'lint.template-in-expression', u.expr.span, u.expr.path,
      `{{ }} in ${noun[0]} is text, not a template: ${noun[1]} read names directly (write ${name}, not {{ ${name} }})`,
      { column: at + 1, expression: u.expr.source }));
  }
}

/** Advice: assertions past 40 expression-tree nodes, more than 2 closures, or closures nested 2 deep. */
export function adviseSize(ctx: LoadCtx, uses: UseRecord[]): void {
  for (const u of uses) {
    if (u.use !== 'assert' || !u.metrics) continue;
    const m = u.metrics;
    const said: string[] = [];
    if (m.nodes > ADVICE.nodes) said.push(`${m.nodes} expression-tree nodes (more than ${ADVICE.nodes})`);
    if (m.closures > ADVICE.closures) said.push(`${m.closures} closures (more than ${ADVICE.closures})`);
    if (m.nesting >= ADVICE.nesting) said.push(`closures nested ${m.nesting} deep`);
    if (said.length === 0) continue;
    ctx.advice.push(diag('advice', 'advice.size', u.expr.span, u.expr.path, `this assertion has ${said.join(', ')}; split it into smaller assertions so a failure points at one fact`));
  }
}
