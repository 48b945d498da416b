/**
 * Strings (R7RS 6.7): construction, access, mutation, copying and conversion. Indexes count
 * code points (see string-index.ts); comparisons and case live in string-compare.ts.
 * String literals are immutable: `string-set!`, `string-fill!` and `string-copy!` refuse them.
 */
import { Char, MString, NIL, Pair, SVector, UNSPECIFIED, type Value } from '../values.js';
import { anyArg, defineBuiltin, type BuiltinContext, type BuiltinTable } from './define.js';
import { charArg, indexArg, listArg, stringArg, vectorArg } from './arg-types.js';
import { CHAR_BYTES, PAIR_BYTES, SLOT_BYTES, chargeFor, checkIndex, checkMutable, checkRange, checkRoom, expect, toCount } from './data-checks.js';
import { codePointAt, codePoints, sliceCodePoints, stringLength, unitOffset } from './string-index.js';

export { codePointAt, sliceCodePoints, stringLength, unitOffset } from './string-index.js';

const str = (v: Value | undefined): MString => v as MString;
const text = (v: Value | undefined): string => (v as MString).chars;

/** Code points start..end of a string argument, after the shared range check. */
function range(who: string, s: Value, start: Value | undefined, end: Value | undefined): [string, number] {
  const [a, b] = checkRange(who, start, end, stringLength(str(s)), 'a string');
  return [sliceCodePoints(str(s), a, b), b - a];
}

/** A new mutable string, charged first. */
function fresh(ctx: BuiltinContext, chars: string): MString {
  chargeFor(ctx, chars.length, CHAR_BYTES);
  return new MString(chars);
}

const copyDoc = 'A new string of the characters from start (default 0) to end (default the length).';

export const STRING_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'string?', args: [anyArg], doc: 'Whether the value is a string.', fn: ([v]) => v instanceof MString }),
  defineBuiltin({
    name: 'make-string',
    args: [indexArg, charArg],
    optional: 1,
    doc: 'A new string of k copies of the character (default space).',
    fn: ([k, c], ctx) => {
      const n = toCount(k!);
      const ch = String.fromCodePoint(c === undefined ? 32 : (c as Char).code);
      chargeFor(ctx, n * ch.length, CHAR_BYTES);
      return new MString(ch.repeat(n));
    },
  }),
  defineBuiltin({
    name: 'string',
    args: [],
    rest: charArg,
    doc: 'A new string of the given characters.',
    fn: (args, ctx) => {
      // In chunks: spreading a million arguments would overflow the JS stack.
      let out = '';
      for (let i = 0; i < args.length; i += 8192) out += String.fromCodePoint(...args.slice(i, i + 8192).map((c) => (c as Char).code));
      return fresh(ctx, out);
    },
  }),
  defineBuiltin({ name: 'string-length', args: [stringArg], doc: 'The number of characters of the string.', fn: ([s]) => stringLength(str(s)) }),
  defineBuiltin({
    name: 'string-ref',
    args: [stringArg, indexArg],
    doc: 'The k-th character of the string (from 0).',
    fn: ([s, k]) => Char.of(codePointAt(str(s), checkIndex('string-ref', k!, stringLength(str(s)), 'a string'))),
  }),
  defineBuiltin({
    name: 'string-set!',
    args: [stringArg, indexArg, charArg],
    doc: 'Replace the k-th character of a (non-literal) string.',
    fn: ([s, k, c]) => {
      const target = str(s);
      checkMutable('string-set!', target, 'string');
      const i = checkIndex('string-set!', k!, stringLength(target), 'a string');
      const from = unitOffset(target, i);
      const to = unitOffset(target, i + 1);
      target.chars = target.chars.slice(0, from) + String.fromCodePoint((c as Char).code) + target.chars.slice(to);
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'string-append',
    args: [],
    rest: stringArg,
    doc: 'A new string of the strings joined in order.',
    fn: (args, ctx) => {
      chargeFor(ctx, args.reduce<number>((n, s) => n + text(s).length, 0), CHAR_BYTES);
      // `+` rather than join: V8 makes a rope, so appending to a long string is not a copy.
      let out = '';
      for (const s of args) out += text(s);
      return new MString(out);
    },
  }),
  defineBuiltin({
    name: 'substring',
    args: [stringArg, indexArg, indexArg],
    doc: 'A new string of the characters from start to end.',
    fn: ([s, a, b], ctx) => fresh(ctx, range('substring', s!, a, b)[0]),
  }),
  defineBuiltin({
    name: 'string-copy',
    args: [stringArg, indexArg, indexArg],
    optional: 2,
    doc: copyDoc,
    fn: ([s, a, b], ctx) => fresh(ctx, range('string-copy', s!, a, b)[0]),
  }),
  defineBuiltin({
    name: 'string-copy!',
    args: [stringArg, indexArg, stringArg, indexArg, indexArg],
    optional: 2,
    doc: 'Copy characters start..end of the source into the target string at index at.',
    fn: ([to, at, from, a, b]) => {
      const target = str(to);
      checkMutable('string-copy!', target, 'string');
      const [chars, count] = range('string-copy!', from!, a, b);
      const len = stringLength(target);
      const i = checkRoom('string-copy!', at!, count, len, 'a string');
      const start = unitOffset(target, i);
      const end = unitOffset(target, i + count);
      target.chars = target.chars.slice(0, start) + chars + target.chars.slice(end);
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'string-fill!',
    args: [stringArg, charArg, indexArg, indexArg],
    optional: 2,
    doc: 'Set characters start..end of a (non-literal) string to the character.',
    fn: ([s, c, a, b]) => {
      const target = str(s);
      checkMutable('string-fill!', target, 'string');
      const [i, j] = checkRange('string-fill!', a, b, stringLength(target), 'a string');
      const start = unitOffset(target, i);
      const end = unitOffset(target, j);
      target.chars = target.chars.slice(0, start) + String.fromCodePoint((c as Char).code).repeat(j - i) + target.chars.slice(end);
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'string->list',
    args: [stringArg, indexArg, indexArg],
    optional: 2,
    doc: 'A new list of the characters from start to end.',
    fn: ([s, a, b], ctx) => {
      const cps = codePoints(range('string->list', s!, a, b)[0]);
      chargeFor(ctx, cps.length, PAIR_BYTES);
      let out: Value = NIL;
      for (let i = cps.length - 1; i >= 0; i--) out = new Pair(Char.of(cps[i]!), out);
      return out;
    },
  }),
  defineBuiltin({
    name: 'list->string',
    args: [listArg],
    doc: 'A new string of the characters of the list.',
    fn: ([l], ctx) => {
      const parts: string[] = [];
      for (let v = l!; v instanceof Pair; v = v.cdr) {
        expect('list->string', charArg, v.car);
        parts.push(String.fromCodePoint((v.car as Char).code));
      }
      return fresh(ctx, parts.join(''));
    },
  }),
  defineBuiltin({
    name: 'string->vector',
    args: [stringArg, indexArg, indexArg],
    optional: 2,
    doc: 'A new vector of the characters from start to end.',
    fn: ([s, a, b], ctx) => {
      const cps = codePoints(range('string->vector', s!, a, b)[0]);
      chargeFor(ctx, cps.length, SLOT_BYTES);
      return new SVector(cps.map((c) => Char.of(c)));
    },
  }),
  defineBuiltin({
    name: 'vector->string',
    args: [vectorArg, indexArg, indexArg],
    optional: 2,
    doc: 'A new string of the characters of the vector from start to end.',
    fn: ([v, a, b], ctx) => {
      const items = (v as SVector).items;
      const [i, j] = checkRange('vector->string', a, b, items.length, 'a vector');
      const parts: string[] = [];
      for (let k = i; k < j; k++) {
        expect('vector->string', charArg, items[k]!);
        parts.push(String.fromCodePoint((items[k] as Char).code));
      }
      return fresh(ctx, parts.join(''));
    },
  }),
];
