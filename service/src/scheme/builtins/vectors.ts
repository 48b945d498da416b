/**
 * Vectors (R7RS 6.8). Vector literals are immutable: `vector-set!`, `vector-fill!` and
 * `vector-copy!` refuse them. Allocation is charged before it happens, so
 * `(make-vector 1000000000)` ends in memory_limit rather than exhausting the heap.
 */
import { NIL, Pair, SVector, UNSPECIFIED, type Value } from '../values.js';
import { anyArg, defineBuiltin, type BuiltinTable } from './define.js';
import { indexArg, listArg, vectorArg } from './arg-types.js';
import { PAIR_BYTES, SLOT_BYTES, chargeFor, checkIndex, checkMutable, checkRange, checkRoom, toCount } from './data-checks.js';
import { listToArray } from './lists.js';

const items = (v: Value | undefined): Value[] => (v as SVector).items;

/** Elements start..end of a vector argument, after the shared range check. */
function slice(who: string, v: Value, start: Value | undefined, end: Value | undefined): Value[] {
  const [a, b] = checkRange(who, start, end, items(v).length, 'a vector');
  return items(v).slice(a, b);
}

export const VECTOR_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'vector?', args: [anyArg], doc: 'Whether the value is a vector.', fn: ([v]) => v instanceof SVector }),
  defineBuiltin({
    name: 'make-vector',
    args: [indexArg, anyArg],
    optional: 1,
    doc: 'A new vector of k elements, each fill (default #f).',
    fn: ([k, fill], ctx) => {
      const n = toCount(k!);
      chargeFor(ctx, n, SLOT_BYTES);
      return new SVector(new Array<Value>(n).fill(fill ?? false));
    },
  }),
  defineBuiltin({
    name: 'vector',
    args: [],
    rest: anyArg,
    doc: 'A new vector of the arguments.',
    fn: (args, ctx) => {
      chargeFor(ctx, args.length, SLOT_BYTES);
      return new SVector(args.slice());
    },
  }),
  defineBuiltin({ name: 'vector-length', args: [vectorArg], doc: 'The number of elements of the vector.', fn: ([v]) => items(v).length }),
  defineBuiltin({
    name: 'vector-ref',
    args: [vectorArg, indexArg],
    doc: 'The k-th element of the vector (from 0).',
    fn: ([v, k]) => items(v)[checkIndex('vector-ref', k!, items(v).length, 'a vector')]!,
  }),
  defineBuiltin({
    name: 'vector-set!',
    args: [vectorArg, indexArg, anyArg],
    doc: 'Replace the k-th element of a (non-literal) vector.',
    fn: ([v, k, x]) => {
      checkMutable('vector-set!', v as SVector, 'vector');
      items(v)[checkIndex('vector-set!', k!, items(v).length, 'a vector')] = x!;
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'vector->list',
    args: [vectorArg, indexArg, indexArg],
    optional: 2,
    doc: 'A new list of the elements from start to end.',
    fn: ([v, a, b], ctx) => {
      const xs = slice('vector->list', v!, a, b);
      chargeFor(ctx, xs.length, PAIR_BYTES);
      let out: Value = NIL;
      for (let i = xs.length - 1; i >= 0; i--) out = new Pair(xs[i]!, out);
      return out;
    },
  }),
  defineBuiltin({
    name: 'list->vector',
    args: [listArg],
    doc: 'A new vector of the elements of the list.',
    fn: ([l], ctx) => {
      const xs = listToArray(l!);
      chargeFor(ctx, xs.length, SLOT_BYTES);
      return new SVector(xs);
    },
  }),
  defineBuiltin({
    name: 'vector-fill!',
    args: [vectorArg, anyArg, indexArg, indexArg],
    optional: 2,
    doc: 'Set elements start..end of a (non-literal) vector to the value.',
    fn: ([v, x, a, b]) => {
      checkMutable('vector-fill!', v as SVector, 'vector');
      const [i, j] = checkRange('vector-fill!', a, b, items(v).length, 'a vector');
      items(v).fill(x!, i, j);
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'vector-copy',
    args: [vectorArg, indexArg, indexArg],
    optional: 2,
    doc: 'A new vector of the elements from start (default 0) to end (default the length).',
    fn: ([v, a, b], ctx) => {
      const xs = slice('vector-copy', v!, a, b);
      chargeFor(ctx, xs.length, SLOT_BYTES);
      return new SVector(xs);
    },
  }),
  defineBuiltin({
    name: 'vector-copy!',
    args: [vectorArg, indexArg, vectorArg, indexArg, indexArg],
    optional: 2,
    doc: 'Copy elements start..end of the source into the target vector at index at.',
    fn: ([to, at, from, a, b]) => {
      checkMutable('vector-copy!', to as SVector, 'vector');
      // Slice first: source and target may be the same vector with overlapping ranges.
      const xs = slice('vector-copy!', from!, a, b);
      const i = checkRoom('vector-copy!', at!, xs.length, items(to).length, 'a vector');
      for (let k = 0; k < xs.length; k++) items(to)[i + k] = xs[k]!;
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'vector-append',
    args: [],
    rest: vectorArg,
    doc: 'A new vector of the elements of the vectors in order.',
    fn: (args, ctx) => {
      chargeFor(ctx, args.reduce<number>((n, v) => n + items(v).length, 0), SLOT_BYTES);
      return new SVector(args.flatMap((v) => items(v)));
    },
  }),
];
