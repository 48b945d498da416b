/**
 * Hash tables (SRFI 69 names, plus Guile's `hash-set!`/`hash-ref`): not in R7RS-small, but
 * programs reach for them constantly. Keys compare with `equal?`: atoms by value, strings,
 * lists and vectors by their written form, everything else (records, procedures…) by
 * identity. Insertion order is kept, so `hash-table-keys` is deterministic.
 */
import { writeString } from '../printer.js';
import {
  Bytevector, Char, ErrorObject, Flonum, MString, Opaque, Pair, Ratnum, SVector, UNSPECIFIED, list,
  type Value,
} from '../values.js';
import type { Machine } from '../machine/machine.js';
import type { Node } from '../machine/node.js';
import { callThen, procedureArg, ret, type ControlTable } from './control-kit.js';
import { anyArg, defineBuiltin, type ArgType, type BuiltinTable } from './define.js';

/** A hash table: key → [key, value], in insertion order. */
export class HashTable extends Opaque {
  readonly kind = 'hash-table';
  readonly entries = new Map<unknown, [Value, Value]>();
}

const tableArg: ArgType = { noun: 'a hash table', test: (v) => v instanceof HashTable };

/** The Map key standing for `k` under equal?. */
function keyOf(k: Value): unknown {
  if (typeof k === 'number') return k;
  if (typeof k === 'bigint') return `i:${k}`;
  if (k instanceof Flonum) return `f:${Object.is(k.value, -0) ? '-0' : k.value}`;
  if (k instanceof Ratnum) return `r:${k.num}/${k.den}`;
  if (k instanceof Char) return `c:${k.code}`;
  if (k instanceof MString) return `s:${k.chars}`;
  if (k instanceof Pair || k instanceof SVector || k instanceof Bytevector) return `w:${writeString(k)}`;
  return k; // symbols (interned), booleans, (), records, procedures: identity
}

const get = (t: Value, k: Value): [Value, Value] | undefined => (t as HashTable).entries.get(keyOf(k));
const set = (t: Value, k: Value, v: Value): Value => {
  (t as HashTable).entries.set(keyOf(k), [k, v]);
  return UNSPECIFIED;
};

const make = (name: string): BuiltinTable[number] =>
  defineBuiltin({ name, args: [anyArg, anyArg], optional: 2, doc: 'A new, empty hash table (keys compared with equal?).', fn: () => new HashTable() });

export const HASH_TABLE_BUILTINS: BuiltinTable = [
  make('make-hash-table'),
  make('make-equal-hash-table'),
  make('make-string-hash-table'),
  defineBuiltin({ name: 'hash-table?', args: [anyArg], doc: 'Whether the value is a hash table.', fn: ([v]) => v instanceof HashTable }),
  defineBuiltin({ name: 'hash-table-set!', args: [tableArg, anyArg, anyArg], doc: 'Associate the key with the value.', fn: ([t, k, v]) => set(t!, k!, v!) }),
  defineBuiltin({ name: 'hash-set!', args: [tableArg, anyArg, anyArg], doc: 'Associate the key with the value (Guile).', fn: ([t, k, v]) => set(t!, k!, v!) }),
  defineBuiltin({
    name: 'hash-table-ref/default', args: [tableArg, anyArg, anyArg], doc: 'The value for the key, or the default.',
    fn: ([t, k, d]) => get(t!, k!)?.[1] ?? d!,
  }),
  defineBuiltin({
    name: 'hash-ref', args: [tableArg, anyArg, anyArg], optional: 1, doc: 'The value for the key, or the default (#f) (Guile).',
    fn: ([t, k, d]) => get(t!, k!)?.[1] ?? d ?? false,
  }),
  defineBuiltin({
    name: 'hash-table-delete!', args: [tableArg, anyArg], doc: 'Remove the key.',
    fn: ([t, k]) => ((t as HashTable).entries.delete(keyOf(k!)), UNSPECIFIED),
  }),
  defineBuiltin({
    name: 'hash-remove!', args: [tableArg, anyArg], doc: 'Remove the key (Guile).',
    fn: ([t, k]) => ((t as HashTable).entries.delete(keyOf(k!)), UNSPECIFIED),
  }),
  defineBuiltin({ name: 'hash-table-contains?', args: [tableArg, anyArg], doc: 'Whether the key is present.', fn: ([t, k]) => get(t!, k!) !== undefined }),
  defineBuiltin({ name: 'hash-table-exists?', args: [tableArg, anyArg], doc: 'Whether the key is present.', fn: ([t, k]) => get(t!, k!) !== undefined }),
  defineBuiltin({ name: 'hash-table-count', args: [tableArg], doc: 'The number of entries.', fn: ([t]) => (t as HashTable).entries.size }),
  defineBuiltin({ name: 'hash-table-size', args: [tableArg], doc: 'The number of entries.', fn: ([t]) => (t as HashTable).entries.size }),
  defineBuiltin({ name: 'hash-table-keys', args: [tableArg], doc: 'The keys, in insertion order.', fn: ([t]) => list(...[...(t as HashTable).entries.values()].map((e) => e[0])) }),
  defineBuiltin({ name: 'hash-table-values', args: [tableArg], doc: 'The values, in insertion order.', fn: ([t]) => list(...[...(t as HashTable).entries.values()].map((e) => e[1])) }),
  defineBuiltin({
    name: 'hash-table->alist', args: [tableArg], doc: 'The entries as a list of (key . value).',
    fn: ([t]) => list(...[...(t as HashTable).entries.values()].map(([k, v]) => new Pair(k, v))),
  }),
  defineBuiltin({ name: 'hash-table-clear!', args: [tableArg], doc: 'Remove every entry.', fn: ([t]) => ((t as HashTable).entries.clear(), UNSPECIFIED) }),
  defineBuiltin({
    name: 'hash-table-copy', args: [tableArg, anyArg], optional: 1, doc: 'A new table with the same entries.',
    fn: ([t]) => {
      const out = new HashTable();
      for (const [key, e] of (t as HashTable).entries) out.entries.set(key, [e[0], e[1]]);
      return out;
    },
  }),
];

export const HASH_TABLE_CONTROL: ControlTable = [
  {
    name: 'hash-table-ref', args: [tableArg, anyArg, procedureArg, procedureArg], optional: 2,
    doc: 'The value for the key; else the result of the thunk (an error without one).',
    run: (m, [t, k, fail, succeed], at) => {
      const e = get(t!, k!);
      if (e === undefined) {
        if (fail === undefined) return m.raise(errorFor(k!), false, at);
        return m.apply(fail, [], at);
      }
      return succeed === undefined ? ret(m, e[1]) : m.apply(succeed, [e[1]], at);
    },
  },
  {
    name: 'hash-table-update!', args: [tableArg, anyArg, procedureArg, procedureArg], optional: 1,
    doc: 'Set the key to the procedure applied to its value (or to the thunk’s result).',
    run: (m, [t, k, proc, fail], at) => {
      const e = get(t!, k!);
      const update = (m2: Machine): null => ret(m2, set(t!, k!, m2.val));
      if (e !== undefined) return callThen(m, proc!, [e[1]], at, update);
      if (fail === undefined) return m.raise(errorFor(k!), false, at);
      return callThen(m, fail, [], at, (m2) => callThen(m2, proc!, [m2.val], at, update));
    },
  },
  {
    name: 'hash-table-update!/default', args: [tableArg, anyArg, procedureArg, anyArg],
    doc: 'Set the key to the procedure applied to its value (or to the default).',
    run: (m, [t, k, proc, d], at) => callThen(m, proc!, [get(t!, k!)?.[1] ?? d!], at, (m2) => ret(m2, set(t!, k!, m2.val))),
  },
  {
    name: 'hash-table-walk', args: [tableArg, procedureArg], doc: 'Call the procedure on each key and value.',
    run: (m, [t, proc], at) => walk(m, proc!, [...(t as HashTable).entries.values()], 0, at),
  },
];

function walk(m: Machine, proc: Value, entries: Array<[Value, Value]>, i: number, at: Node | null): Node | null {
  if (i === entries.length) return ret(m, UNSPECIFIED);
  return callThen(m, proc, [entries[i]![0], entries[i]![1]], at, (m2) => walk(m2, proc, entries, i + 1, at));
}

/** The condition for a missing key: a user_error naming it. */
function errorFor(k: Value): ErrorObject {
  return new ErrorObject('user_error', 'hash-table-ref: no value for key', [k]);
}
