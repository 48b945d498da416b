/** `compileExpression`: parse, type-check and compile the matchers of one expression, giving facts and an evaluator to call per step. */
import { children, walk, type Node } from './ast.js';
import { check, type Role } from './check.js';
import { diag, type Diagnostic } from './diagnostic.js';
import { evaluateTree, type EvalOptions, type EvalResult, type RuntimeScope } from './evaluate.js';
import { collectFacts, type ExprFacts } from './facts.js';
import { compileMatcher } from './matchers/index.js';
import type { CompiledMatcher, MatcherFiles } from './matchers/types.js';
import { parse } from './parse.js';
import type { Scope } from './scopes.js';
import type { Type } from './types.js';

/** Options of `compileExpression`. */
export interface CompileOptions {
  /** Names in scope (see `scopeFor`). */
  readonly scope: Scope;
  /** `assert` and `guard` must be boolean; `result` and `template` may be any value. */
  readonly role: Role;
  /** Reads files named by `matches schema|openapi|snapshot`; without it a matcher is a load error. */
  readonly files?: MatcherFiles;
}

/** A compiled expression: evaluate it as often as needed. */
export interface CompiledExpr {
  readonly source: string;
  readonly role: Role;
  /** The static type of the whole expression. */
  readonly type: Type;
  readonly facts: ExprFacts;
  /**
   * Evaluates against the runtime values of the step. Never throws for a
   * fault of the input: run-time faults are the `error` outcome, an `n/a`
   * phase the `n/a` outcome.
   */
  evaluate(rt: RuntimeScope, opts?: EvalOptions): EvalResult;
}

export type CompileResult = { readonly ok: true; readonly compiled: CompiledExpr } | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/**
 * Compiles one expression (assertion, `when` guard, result or `{{ }}`
 * template) against the names of its scope. Collects every diagnostic it can
 * (tokenizer faults, the first syntax fault, every type fault, every matcher file fault).
 * @example
 * const r = compileExpression('status == 200', { scope: scopeFor('http', { names: httpScopeNames() }), role: 'assert' });
 * if (!r.ok) for (const d of r.diagnostics) console.log(`column ${d.column}: ${d.message}`);
 */
export function compileExpression(source: string, opts: CompileOptions): CompileResult {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(source);
  } catch (e) {
    if (e instanceof RangeError) return tooDeep();
    throw e;
  }
  if (!parsed.ast) return { ok: false, diagnostics: parsed.diagnostics };
  const ast = parsed.ast;
  // Checking, facts and evaluation recurse over the tree; a tree this deep is
  // never a real assertion, and must not overflow the stack at run time.
  if (depthOf(ast) > MAX_DEPTH) return tooDeep();
  const checked = check(ast, opts.scope, opts.role);
  // A tokenizer fault (unterminated string, `200x`) already explains a non-boolean result.
  const typeDiags = parsed.diagnostics.length > 0 ? checked.diagnostics.filter((d) => d.type !== 'not_boolean') : checked.diagnostics;
  const diagnostics: Diagnostic[] = [...parsed.diagnostics, ...typeDiags];
  const matchers = new Map<Node, CompiledMatcher>();
  walk(ast, (n) => {
    if (n.type !== 'matcher') return;
    if (!opts.files) {
      diagnostics.push(diag('matcher_file', n.fileSpan.start, `${n.kind} ${n.file}: files cannot be read here`));
      return;
    }
    const m = compileMatcher(n, opts.files);
    if (m.ok) matchers.set(n, m.matcher);
    else diagnostics.push(diag('matcher_file', m.at ?? n.fileSpan.start, m.message));
  });
  if (diagnostics.length > 0) return { ok: false, diagnostics: dedupe(diagnostics) };
  const facts = collectFacts(ast);
  const role = opts.role;
  return {
    ok: true,
    compiled: {
      source,
      role,
      type: checked.type,
      facts,
      evaluate: (rt, eo) => evaluateTree(ast, role, rt, matchers, eo, source),
    },
  };
}

/** Deepest expression tree accepted (real assertions stay under 30). */
const MAX_DEPTH = 200;

function tooDeep(): CompileResult {
  return { ok: false, diagnostics: [diag('syntax', 0, 'the expression nests too deeply')] };
}

/** Depth of the tree, without recursion. */
function depthOf(root: Node): number {
  let max = 0;
  const stack: Array<[Node, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [n, d] = stack.pop()!;
    if (d > max) max = d;
    if (max > MAX_DEPTH) return max;
    for (const c of children(n)) stack.push([c, d + 1]);
  }
  return max;
}

function dedupe(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds
    .filter((d) => {
      const k = `${d.column}:${d.message}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => a.column - b.column);
}
