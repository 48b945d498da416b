/**
 * Pairs and lists (R7RS 6.4). Every walk is a loop (no recursion over length), and every
 * walk over something that may be circular is bounded by a cycle check, so `length` or
 * `list-copy` of a circular list is an error, never a hang.
 */
import { SchemeError } from '../errors.js';
import { describe } from './check.js';
import { NIL, Nil, Pair, UNSPECIFIED, type Value } from '../values.js';
import { anyArg, defineBuiltin, type BuiltinSpec, type BuiltinTable } from './define.js';
import { indexArg, isProperList, listArg, pairArg } from './arg-types.js';
import { PAIR_BYTES, chargeFor, toCount, wrongType } from './data-checks.js';

/** Elements of a proper list (the caller has checked it is one). */
export function listToArray(v: Value): Value[] {
  const out: Value[] = [];
  for (; v instanceof Pair; v = v.cdr) out.push(v.car);
  return out;
}

/** Number of pairs in a proper list. */
function listLength(v: Value): number {
  let n = 0;
  for (; v instanceof Pair; v = v.cdr) n++;
  return n;
}

/**
 * `c[ad]+r` from its name: `cadr` applies cdr then car. When a step meets a non-pair the
 * message says which step, e.g. `caddr: expected a pair as (cddr x), got ()`.
 */
function cxr(name: string): BuiltinSpec {
  const path = name.slice(1, -1);
  return defineBuiltin({
    name,
    args: [pairArg],
    doc: `The ${path.split('').map((c) => (c === 'a' ? 'car' : 'cdr')).join(' of the ')} of a pair.`,
    fn: ([x]) => {
      let v = x!;
      for (let i = path.length - 1; i >= 0; i--) {
        if (!(v instanceof Pair)) {
          throw new SchemeError('wrong_type', `${name}: expected a pair as (c${path.slice(i + 1)}r x), got ${describe(v)}`);
        }
        v = path[i] === 'a' ? v.car : v.cdr;
      }
      return v;
    },
  });
}

const CXR_NAMES = ['aa', 'ad', 'da', 'dd'].flatMap((two) => [
  two,
  ...['a', 'd'].flatMap((c) => [c + two, ...['a', 'd'].map((d) => d + c + two)]),
]);

/** The pair at position `k` of `list` (k pairs of cdrs in), or an out-of-range error. */
function pairAt(who: string, list: Value, kv: Value): Pair {
  const k = toCount(kv);
  let v = list;
  for (let i = 0; i < k && v instanceof Pair; i++) v = v.cdr;
  if (!(v instanceof Pair)) {
    const len = isProperList(list) ? listLength(list) : null;
    const what = len === null ? `the list ${describe(list)}` : `a list of length ${len}`;
    throw new SchemeError('wrong_type', `${who}: index ${describe(kv)} out of range for ${what}`);
  }
  return v;
}

export const LIST_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'pair?', args: [anyArg], doc: 'Whether the value is a pair.', fn: ([v]) => v instanceof Pair }),
  defineBuiltin({ name: 'null?', args: [anyArg], doc: 'Whether the value is the empty list.', fn: ([v]) => v instanceof Nil }),
  defineBuiltin({ name: 'list?', args: [anyArg], doc: 'Whether the value is a proper (finite, ()-terminated) list.', fn: ([v]) => isProperList(v!) }),
  defineBuiltin({
    name: 'cons',
    args: [anyArg, anyArg],
    doc: 'A new pair of the two values.',
    fn: ([a, d], ctx) => {
      ctx.charge(PAIR_BYTES);
      return new Pair(a!, d!);
    },
  }),
  defineBuiltin({ name: 'car', args: [pairArg], doc: 'The first part of a pair.', fn: ([p]) => (p as Pair).car }),
  defineBuiltin({ name: 'cdr', args: [pairArg], doc: 'The second part of a pair.', fn: ([p]) => (p as Pair).cdr }),
  defineBuiltin({
    name: 'set-car!',
    args: [pairArg, anyArg],
    doc: 'Replace the car of a pair.',
    fn: ([p, v]) => {
      (p as Pair).car = v!;
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'set-cdr!',
    args: [pairArg, anyArg],
    doc: 'Replace the cdr of a pair.',
    fn: ([p, v]) => {
      (p as Pair).cdr = v!;
      return UNSPECIFIED;
    },
  }),
  ...CXR_NAMES.map((path) => cxr(`c${path}r`)),
  defineBuiltin({
    name: 'list',
    args: [],
    rest: anyArg,
    doc: 'A new list of the arguments.',
    fn: (args, ctx) => {
      chargeFor(ctx, args.length, PAIR_BYTES);
      let out: Value = NIL;
      for (let i = args.length - 1; i >= 0; i--) out = new Pair(args[i]!, out);
      return out;
    },
  }),
  defineBuiltin({
    name: 'make-list',
    args: [indexArg, anyArg],
    optional: 1,
    doc: 'A new list of k elements, each fill (default #f).',
    fn: ([k, fill], ctx) => {
      const n = toCount(k!);
      chargeFor(ctx, n, PAIR_BYTES);
      let out: Value = NIL;
      for (let i = 0; i < n; i++) out = new Pair(fill ?? false, out);
      return out;
    },
  }),
  defineBuiltin({ name: 'length', args: [listArg], doc: 'The number of elements of a list.', fn: ([l]) => listLength(l!) }),
  defineBuiltin({
    name: 'append',
    args: [],
    rest: anyArg,
    doc: 'A list of the elements of the lists in order; the last argument is shared, not copied.',
    fn: (args, ctx) => {
      if (args.length === 0) return NIL;
      let total = 0;
      for (let i = 0; i < args.length - 1; i++) {
        if (!isProperList(args[i]!)) throw wrongType('append', listArg, args[i]!);
        total += listLength(args[i]!);
      }
      chargeFor(ctx, total, PAIR_BYTES);
      let out = args[args.length - 1]!;
      for (let i = args.length - 2; i >= 0; i--) {
        const items = listToArray(args[i]!);
        for (let j = items.length - 1; j >= 0; j--) out = new Pair(items[j]!, out);
      }
      return out;
    },
  }),
  defineBuiltin({
    name: 'reverse',
    args: [listArg],
    doc: 'A new list of the elements in reverse order.',
    fn: ([l], ctx) => {
      chargeFor(ctx, listLength(l!), PAIR_BYTES);
      let out: Value = NIL;
      for (let v = l!; v instanceof Pair; v = v.cdr) out = new Pair(v.car, out);
      return out;
    },
  }),
  defineBuiltin({
    name: 'list-tail',
    args: [anyArg, indexArg],
    doc: 'What remains of the list after dropping its first k elements.',
    fn: ([l, kv]) => {
      const k = toCount(kv!);
      let v = l!;
      for (let i = 0; i < k; i++) {
        if (!(v instanceof Pair)) throw new SchemeError('wrong_type', `list-tail: index ${describe(kv!)} out of range for ${describe(l!)}`);
        v = v.cdr;
      }
      return v;
    },
  }),
  defineBuiltin({ name: 'list-ref', args: [pairArg, indexArg], doc: 'The k-th element of a list (from 0).', fn: ([l, k]) => pairAt('list-ref', l!, k!).car }),
  defineBuiltin({
    name: 'list-set!',
    args: [pairArg, indexArg, anyArg],
    doc: 'Replace the k-th element of a list.',
    fn: ([l, k, v]) => {
      pairAt('list-set!', l!, k!).car = v!;
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'list-copy',
    args: [anyArg],
    doc: 'A new list with the same elements; an improper tail is kept, a non-list is returned as is.',
    fn: ([l], ctx) => {
      const items: Value[] = [];
      let v = l!;
      let slow = v;
      for (; v instanceof Pair; v = v.cdr) {
        items.push(v.car);
        if (items.length % 2 === 0) {
          slow = (slow as Pair).cdr;
          if (slow === v.cdr) throw wrongType('list-copy', listArg, l!);
        }
      }
      chargeFor(ctx, items.length, PAIR_BYTES);
      let out: Value = v;
      for (let i = items.length - 1; i >= 0; i--) out = new Pair(items[i]!, out);
      return out;
    },
  }),
];
