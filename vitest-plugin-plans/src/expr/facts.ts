/** Static facts of a compiled expression for the plan loader (result reads, paths, quantifiers, sizes, matcher files) and the lints and advice drawn from them. */
import { CLOSURE_FUNCTIONS, children, staticPath, type MatcherKind, type Node } from './ast.js';

/** What the plan loader needs to know about one compiled expression (edges, lints, advice). */
export interface ExprFacts {
  /** Every `tasks.<t>.results.<k>` read, with the 1-based column of `tasks`. */
  readonly taskResults: readonly { readonly task: string; readonly key: string; readonly column: number }[];
  /** True when `run.id` is read (lint: strategy unique with nothing referencing run.id). */
  readonly mentionsRunId: boolean;
  /** True when `body.errors` is read (the graphql auto-assertion is then omitted). */
  readonly readsBodyErrors: boolean;
  /** True when `code` is read (the grpc auto-assertion is then omitted). */
  readonly readsCode: boolean;
  /** Root names read (`status`, `body`, …). */
  readonly names: readonly string[];
  /** Static paths read, as `optional:` names them (`body.items[*].qty` inside a predicate), for `--explain`. */
  readonly paths: readonly string[];
  /** Quantifiers; `topLevel` is false inside another quantifier's or closure's predicate (not linted). */
  readonly quantifiers: readonly QuantifierFact[];
  /** Collections this expression sizes (`count`, `len(x) == N`, `count(x…)`, `filter(x…)`). */
  readonly sizes: readonly SizeFact[];
  /** Files the matchers named, as written. */
  readonly files: readonly { readonly kind: MatcherKind; readonly path: string; readonly column: number }[];
  /** Advice inputs. */
  readonly metrics: { readonly nodes: number; readonly closures: number; readonly closureDepth: number };
}

export interface QuantifierFact {
  readonly q: 'all' | 'any' | 'none';
  /** The collection's path without a slice (`responses`, `body.items`); undefined when not a path. */
  readonly collection?: string;
  /** End of a literal slice `[a:b]` over the collection. */
  readonly sliceEnd?: number;
  readonly topLevel: boolean;
  readonly column: number;
}

export interface SizeFact {
  readonly collection: string;
  /** The size is pinned to at least this many elements (`count 4`, `len(x) == 4`, `len(x) >= 4`). */
  readonly atLeast?: number;
}

/** Collects the facts of a parsed expression. */
export function collectFacts(ast: Node): ExprFacts {
  const taskResults: { task: string; key: string; column: number }[] = [];
  const names = new Set<string>();
  const paths = new Set<string>();
  const quantifiers: QuantifierFact[] = [];
  const sizes: SizeFact[] = [];
  const files: { kind: MatcherKind; path: string; column: number }[] = [];
  let nodes = 0;
  let closures = 0;
  let closureDepth = 0;
  let runId = false;
  let bodyErrors = false;
  let code = false;

  const visit = (n: Node, depth: number, itPrefix: string | undefined): void => {
    nodes++;
    // Only these node types can be a path (and a task result reference).
    const pathLike = n.type === 'name' || n.type === 'member' || n.type === 'index' || n.type === 'slice';
    const p = pathLike ? pathOf(n, itPrefix) : undefined;
    if (p !== undefined) {
      if (p === 'run.id') runId = true;
      if (p === 'body.errors' || p.startsWith('body.errors.') || p.startsWith('body.errors[')) bodyErrors = true;
      if (p === 'code') code = true;
      paths.add(p);
    }
    if (n.type === 'name' && n.name !== 'it') names.add(n.name);
    const ref = pathLike ? taskResultRef(n) : undefined;
    if (ref) taskResults.push(ref);
    if (n.type === 'matcher') files.push({ kind: n.kind, path: n.file, column: n.fileSpan.start + 1 });
    sizeFact(n, sizes);
    const closure = closureOf(n);
    if (closure) {
      closures++;
      const base = collectionPath(closure.collection);
      if (n.type === 'quant')
        quantifiers.push({
          q: n.q,
          ...(base.path !== undefined ? { collection: base.path } : {}),
          ...(base.sliceEnd !== undefined ? { sliceEnd: base.sliceEnd } : {}),
          topLevel: depth === 0,
          column: n.span.start + 1,
        });
      visit(closure.collection, depth, itPrefix);
      const coll = pathOf(closure.collection, itPrefix) ?? collectionPath(closure.collection).path;
      closureDepth = Math.max(closureDepth, depth + 1);
      visit(closure.predicate, depth + 1, coll !== undefined ? `${coll}[*]` : undefined);
      return;
    }
    for (const c of children(n)) visit(c, depth, itPrefix);
  };
  visit(ast, 0, undefined);
  // Only maximal paths: drop a path when a longer one extends it.
  const all = [...paths];
  const maximal = all.filter((p) => !all.some((q) => q !== p && (q.startsWith(p + '.') || q.startsWith(p + '['))));
  return {
    taskResults,
    mentionsRunId: runId,
    readsBodyErrors: bodyErrors,
    readsCode: code,
    names: [...names],
    paths: maximal,
    quantifiers,
    sizes,
    files,
    metrics: { nodes, closures, closureDepth },
  };
}

/** `tasks.<t>.results.<k>`, also written with string indexes (`tasks["a"].results["k-1"]`). */
function taskResultRef(n: Node): { task: string; key: string; column: number } | undefined {
  const key = (x: Node): [string, Node] | undefined =>
    x.type === 'member' ? [x.field, x.object] : x.type === 'index' && x.index.type === 'str' ? [x.index.value, x.object] : undefined;
  const k = key(n);
  const r = k && key(k[1]);
  if (!k || !r || r[0] !== 'results') return undefined;
  const t = key(r[1]);
  if (!t || t[1].type !== 'name' || t[1].name !== 'tasks') return undefined;
  return { task: t[0], key: k[0], column: t[1].span.start + 1 };
}

function closureOf(n: Node): { collection: Node; predicate: Node } | undefined {
  if (n.type === 'quant' || n.type === 'where') return { collection: n.collection, predicate: n.predicate };
  if (n.type === 'call' && CLOSURE_FUNCTIONS.has(n.fn) && n.args.length === 2) return { collection: n.args[0]!, predicate: n.args[1]! };
  return undefined;
}

/** A path with `it` replaced by the enclosing collection's `[*]` path. */
function pathOf(n: Node, itPrefix: string | undefined): string | undefined {
  const p = staticPath(n);
  if (p === undefined) return undefined;
  if (p === 'it' || p.startsWith('it.') || p.startsWith('it[')) return itPrefix === undefined ? undefined : itPrefix + p.slice(2);
  return p;
}

function collectionPath(n: Node): { path?: string; sliceEnd?: number } {
  if (n.type === 'slice') {
    const base = staticPath(n.object);
    const end = n.to?.type === 'num' ? Number(n.to.text) : undefined;
    return { ...(base !== undefined ? { path: base } : {}), ...(end !== undefined ? { sliceEnd: end } : {}) };
  }
  const p = staticPath(n);
  return p !== undefined ? { path: p } : {};
}

/** The collection a sizing expression sizes: `x`, `x where (p)`, `filter(x, p)`. A filtered count bounds the whole from below. */
function sizedPath(n: Node): string | undefined {
  if (n.type === 'where') return sizedPath(n.collection);
  if (n.type === 'call' && n.fn === 'filter' && n.args[0]) return sizedPath(n.args[0]);
  return staticPath(n);
}

function sizeFact(n: Node, out: SizeFact[]): void {
  const lit = (x: Node) => (x.type === 'num' && /^\d+$/.test(x.text) ? Number(x.text) : undefined);
  if (n.type === 'countIs') {
    const p = sizedPath(n.collection);
    if (p !== undefined) out.push(withAtLeast(p, lit(n.count)));
    return;
  }
  // Any len(...) of the collection counts as sizing it (spec Lints 1: "any len(...)"); a literal comparison also pins it.
  if (n.type === 'call' && (n.fn === 'count' || n.fn === 'filter' || n.fn === 'len') && n.args[0]) {
    const p = sizedPath(n.args[0]);
    if (p !== undefined) out.push({ collection: p });
    return;
  }
  if (n.type === 'binary' && (n.op === '==' || n.op === '>=' || n.op === '>') && n.left.type === 'call' && (n.left.fn === 'len' || n.left.fn === 'count') && n.left.args[0]) {
    const p = sizedPath(n.left.args[0]);
    const v = lit(n.right);
    if (p !== undefined) out.push(withAtLeast(p, v === undefined ? undefined : n.op === '>' ? v + 1 : v));
  }
}

function withAtLeast(collection: string, atLeast: number | undefined): SizeFact {
  return atLeast === undefined ? { collection } : { collection, atLeast };
}

/**
 * The empty-collection lint over one step's assertions (spec Lints 1): a
 * top-level `all`/`none` over a collection that no assertion of the step sizes.
 * Returns one finding per quantifier, indexed by assertion.
 */
export function lintEmptyQuantifiers(step: readonly ExprFacts[]): { index: number; column: number; message: string }[] {
  const sizes = step.flatMap((f) => f.sizes);
  const out: { index: number; column: number; message: string }[] = [];
  step.forEach((f, index) => {
    for (const q of f.quantifiers) {
      if (!q.topLevel || q.q === 'any' || q.collection === undefined) continue;
      const covered = sizes.some((s) => s.collection === q.collection && (q.sliceEnd === undefined || (s.atLeast ?? 0) >= q.sliceEnd));
      if (covered) continue;
      const what = q.sliceEnd !== undefined ? `${q.collection} count ${q.sliceEnd} (or more)` : `${q.collection} count N`;
      out.push({ index, column: q.column, message: `\`${q.q}\` over ${q.collection} holds on an empty collection; also assert its size, e.g. ${what}` });
    }
  });
  return out;
}

/** Advice thresholds (spec §8): more than 40 nodes, more than 2 closures, closures nested 2 deep. */
export function adviceFor(f: ExprFacts): string[] {
  const out: string[] = [];
  if (f.metrics.nodes > 40) out.push(`this assertion has ${f.metrics.nodes} expression nodes (more than 40); split it into several assertions`);
  if (f.metrics.closures > 2) out.push(`this assertion has ${f.metrics.closures} closures (more than 2); split it into several assertions`);
  if (f.metrics.closureDepth >= 2) out.push(`this assertion nests closures ${f.metrics.closureDepth} deep; split it or name the inner collection with where`);
  return out;
}
