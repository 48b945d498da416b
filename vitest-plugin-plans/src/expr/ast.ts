/** The assertion language's syntax tree: node shapes, spans, operators, and the walkers and static-path reader over it. */
import type { Rational } from './rational.js';

/** 0-based [start, end) offsets of a node in the expression text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Binary operators of the base language, after the written forms are rewritten. */
export type BinaryOp =
  | '==' | '!=' | '<' | '<=' | '>' | '>='
  | '+' | '-' | '*' | '/' | '%'
  | 'and' | 'or'
  | 'in' | 'contains' | 'startsWith' | 'endsWith' | 'matches';

/** Quantifiers of the written forms `X all (p)`, `X any (p)`, `X none (p)`. */
export type Quantifier = 'all' | 'any' | 'none';

export type Node =
  | { readonly type: 'num'; readonly span: Span; readonly value: Rational; readonly text: string }
  | { readonly type: 'dur'; readonly span: Span; readonly ns: Rational; readonly text: string }
  | { readonly type: 'str'; readonly span: Span; readonly value: string }
  | { readonly type: 'bool'; readonly span: Span; readonly value: boolean }
  | { readonly type: 'nil'; readonly span: Span }
  | { readonly type: 'list'; readonly span: Span; readonly items: readonly Node[] }
  /** A root name: `status`, `body`, `it`, `response` (only as the left of `matches openapi`). */
  | { readonly type: 'name'; readonly span: Span; readonly name: string }
  /** `.field` inside a predicate: short for `it.field`. */
  | { readonly type: 'member'; readonly span: Span; readonly object: Node; readonly field: string; readonly optional: boolean; readonly fieldSpan: Span }
  | { readonly type: 'index'; readonly span: Span; readonly object: Node; readonly index: Node; readonly optional: boolean }
  | { readonly type: 'slice'; readonly span: Span; readonly object: Node; readonly from?: Node; readonly to?: Node }
  | { readonly type: 'call'; readonly span: Span; readonly fn: string; readonly fnSpan: Span; readonly args: readonly Node[] }
  | { readonly type: 'unary'; readonly span: Span; readonly op: 'not' | '-'; readonly operand: Node }
  | { readonly type: 'binary'; readonly span: Span; readonly op: BinaryOp; readonly left: Node; readonly right: Node; readonly negated?: boolean; readonly opSpan: Span }
  | { readonly type: 'cond'; readonly span: Span; readonly test: Node; readonly then: Node; readonly else: Node }
  /** `exists X` / `missing X`. */
  | { readonly type: 'presence'; readonly span: Span; readonly missing: boolean; readonly operand: Node }
  /** `A ~= B ± T`. */
  | { readonly type: 'approx'; readonly span: Span; readonly left: Node; readonly target: Node; readonly tolerance: Node }
  /** `X count N` (compare = the whole form is `len(X) == N`). */
  | { readonly type: 'countIs'; readonly span: Span; readonly collection: Node; readonly count: Node }
  /** `X where (p)`: the matching elements. */
  | { readonly type: 'where'; readonly span: Span; readonly collection: Node; readonly predicate: Node }
  /** `X all (p)`, `any`, `none`, and the function forms `all(X, p)`. */
  | { readonly type: 'quant'; readonly span: Span; readonly q: Quantifier; readonly collection: Node; readonly predicate: Node }
  /** `X matches schema|openapi|snapshot "<file>" [ignoring [...]]`. */
  | { readonly type: 'matcher'; readonly span: Span; readonly kind: MatcherKind; readonly subject: Node; readonly file: string; readonly fileSpan: Span; readonly ignoring: readonly { readonly path: string; readonly span: Span }[] };

export type MatcherKind = 'schema' | 'openapi' | 'snapshot';

/** Names of the functions whose last argument is a closure over `it`. */
export const CLOSURE_FUNCTIONS: ReadonlySet<string> = new Set(['filter', 'map', 'count', 'all', 'any', 'none']);

/** Calls `visit` on every node, depth first; `visit` returns false to skip children. */
export function walk(node: Node, visit: (n: Node, depth: number) => boolean | void, depth = 0): void {
  if (visit(node, depth) === false) return;
  for (const c of children(node)) walk(c, visit, depth + 1);
}

/** The direct children of a node, in source order. */
export function children(n: Node): Node[] {
  switch (n.type) {
    case 'list':
      return [...n.items];
    case 'member':
      return [n.object];
    case 'index':
      return [n.object, n.index];
    case 'slice':
      return [n.object, ...(n.from ? [n.from] : []), ...(n.to ? [n.to] : [])];
    case 'call':
      return [...n.args];
    case 'unary':
      return [n.operand];
    case 'binary':
      return [n.left, n.right];
    case 'cond':
      return [n.test, n.then, n.else];
    case 'presence':
      return [n.operand];
    case 'approx':
      return [n.left, n.target, n.tolerance];
    case 'countIs':
      return [n.collection, n.count];
    case 'where':
    case 'quant':
      return [n.collection, n.predicate];
    case 'matcher':
      return [n.subject];
    default:
      return [];
  }
}

/**
 * The path a node reads when it is a chain of fields and literal indexes from
 * a root name (`body.items[0].qty`, `headers["retry-after"]`); undefined otherwise.
 */
export function staticPath(n: Node): string | undefined {
  switch (n.type) {
    case 'name':
      return n.name;
    case 'member': {
      const base = staticPath(n.object);
      if (base === undefined) return undefined;
      return base === 'headers' ? `headers[${JSON.stringify(n.field.toLowerCase())}]` : `${base}.${n.field}`;
    }
    case 'index': {
      const base = staticPath(n.object);
      if (base === undefined) return undefined;
      if (n.index.type === 'num') return `${base}[${n.index.text}]`;
      if (n.index.type === 'unary' && n.index.op === '-' && n.index.operand.type === 'num') return `${base}[-${n.index.operand.text}]`;
      if (n.index.type === 'str') return `${base}[${JSON.stringify(base === 'headers' ? n.index.value.toLowerCase() : n.index.value)}]`;
      return undefined;
    }
    case 'slice': {
      const base = staticPath(n.object);
      const lit = (x?: Node) => (x === undefined ? '' : x.type === 'num' ? x.text : undefined);
      const from = lit(n.from);
      const to = lit(n.to);
      return base === undefined || from === undefined || to === undefined ? undefined : `${base}[${from}:${to}]`;
    }
    default:
      return undefined;
  }
}
