/**
 * Power-assert values of one evaluation: what a failure shows beside the
 * paths read. A path's value alone does not explain `len(body.items) + 1 == 3`
 * or a broken `all`; the values computed on the way do (`len(body.items) = 5`,
 * `len(body.items) + 1 = 6`, and for the element that broke `all`, `.price = -1`).
 * Which nodes count, and how they print, is decided here; the evaluator only
 * reports what it evaluated (docs/assertions.md "Failure output").
 */
import type { Node } from './ast.js';
import { formatValue } from './explain.js';
import type { Value } from './values.js';

/** A computed sub-expression: its source text and its printed value. */
export interface Computed {
  /** The sub-expression as written: `len(body.items) + 1`. */
  readonly text: string;
  /** Printed as failure blocks print values (cut at 200 characters). */
  readonly value: string;
  readonly raw: Value;
}

/** What one element's predicate computed and read, for the element lines of a broken `all`/`none`. */
export interface ElementFacts {
  /** Sub-expression text → value, first evaluation first. */
  readonly computed: Map<string, Value>;
  /** Path relative to the element (`.price`, `["x-y"]`, `[0]`) → printed value. */
  readonly reads: Map<string, string>;
}

/** A fresh, empty record for one element. */
export function elementFacts(): ElementFacts {
  return { computed: new Map(), reads: new Map() };
}

const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%']);

/**
 * True for a node whose value is computed rather than read or written:
 * builtin calls, arithmetic, a negated path, `where`, `? :`. Paths are shown
 * as reads already; literals show themselves; a boolean sub-result
 * (`==`, `and`, `all`, …) follows from the values under it, and printing
 * `status == 200 = false` under `assert status == 200 failed` says nothing new.
 */
export function isComputed(n: Node): boolean {
  switch (n.type) {
    case 'call':
    case 'where':
    case 'cond':
      return true;
    case 'binary':
      return ARITHMETIC.has(n.op);
    case 'unary':
      return n.op === '-' && n.operand.type !== 'num' && n.operand.type !== 'dur';
    default:
      return false;
  }
}

/** Records `text = value` unless the sub-expression was recorded already (the first evaluation decides). */
export function noteComputed(into: Map<string, Value>, text: string, v: Value): void {
  if (!into.has(text)) into.set(text, v);
}

/** The top-level computed values, printed, in the order they were evaluated (inner before outer). */
export function printComputed(values: ReadonlyMap<string, Value>): Computed[] {
  return [...values].map(([text, raw]) => ({ text, value: formatValue(raw), raw }));
}

/**
 * The path of a read inside a predicate relative to its element: `.price`
 * for `body.items[*].price` under `body.items[*]`. Undefined for the element
 * itself (already printed on the element's line) and for paths not under it.
 */
export function relativeToElement(path: string, elementPath: string | undefined): string | undefined {
  if (elementPath === undefined || !path.startsWith(elementPath)) return undefined;
  const rest = path.slice(elementPath.length);
  return rest === '' ? undefined : rest;
}

/** The lines under a breaking element, indented two spaces: computed values, then paths read. */
export function elementFactLines(f: ElementFacts): string[] {
  return [
    ...[...f.computed].map(([text, v]) => `  ${text} = ${formatValue(v)}`),
    ...[...f.reads].map(([path, value]) => `  ${path} = ${value}`),
  ];
}

/**
 * The `values` of an assert event: the computed sub-expressions first (inner
 * before outer), then the paths read. Both travel in the event, so a report
 * rendered from the log shows what the run showed.
 * @example assertValues(r) // [{ path: 'len(body.items)', value: '5' }, { path: 'len(body.items) + 1', value: '6' }, { path: 'body.items', value: '[…]' }]
 */
export function assertValues(r: { readonly computed: readonly Computed[]; readonly reads: readonly { readonly path: string; readonly value: string }[] }): Array<{ path: string; value: string }> {
  return [...r.computed.map((c) => ({ path: c.text, value: c.value })), ...r.reads.map((x) => ({ path: x.path, value: x.value }))];
}
