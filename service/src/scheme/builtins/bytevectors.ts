/**
 * Bytevectors (R7RS 6.9). Literal bytevectors are immutable. `utf8->string` replaces
 * malformed UTF-8 with U+FFFD rather than failing, so any bytes can be inspected as text.
 */
import { Bytevector, MString, UNSPECIFIED, type Value } from '../values.js';
import { anyArg, defineBuiltin, type BuiltinTable } from './define.js';
import { bytevectorArg, byteArg, indexArg, stringArg } from './arg-types.js';
import { CHAR_BYTES, chargeFor, checkIndex, checkMutable, checkRange, checkRoom, toCount } from './data-checks.js';
import { sliceCodePoints, stringLength } from './string-index.js';

const bytes = (v: Value | undefined): Uint8Array => (v as Bytevector).bytes;
const decoder = new TextDecoder('utf-8', { fatal: false });
const encoder = new TextEncoder();

/** Bytes start..end of a bytevector argument (a view: copy before keeping it). */
function view(who: string, v: Value, start: Value | undefined, end: Value | undefined): Uint8Array {
  const [a, b] = checkRange(who, start, end, bytes(v).length, 'a bytevector');
  return bytes(v).subarray(a, b);
}

export const BYTEVECTOR_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'bytevector?', args: [anyArg], doc: 'Whether the value is a bytevector.', fn: ([v]) => v instanceof Bytevector }),
  defineBuiltin({
    name: 'make-bytevector',
    args: [indexArg, byteArg],
    optional: 1,
    doc: 'A new bytevector of k bytes, each fill (default 0).',
    fn: ([k, fill], ctx) => {
      const n = toCount(k!);
      chargeFor(ctx, n, 1);
      return new Bytevector(new Uint8Array(n).fill((fill as number | undefined) ?? 0));
    },
  }),
  defineBuiltin({
    name: 'bytevector',
    args: [],
    rest: byteArg,
    doc: 'A new bytevector of the given bytes.',
    fn: (args, ctx) => {
      chargeFor(ctx, args.length, 1);
      return new Bytevector(Uint8Array.from(args as number[]));
    },
  }),
  defineBuiltin({ name: 'bytevector-length', args: [bytevectorArg], doc: 'The number of bytes.', fn: ([b]) => bytes(b).length }),
  defineBuiltin({
    name: 'bytevector-u8-ref',
    args: [bytevectorArg, indexArg],
    doc: 'The k-th byte (from 0).',
    fn: ([b, k]) => bytes(b)[checkIndex('bytevector-u8-ref', k!, bytes(b).length, 'a bytevector')]!,
  }),
  defineBuiltin({
    name: 'bytevector-u8-set!',
    args: [bytevectorArg, indexArg, byteArg],
    doc: 'Replace the k-th byte of a (non-literal) bytevector.',
    fn: ([b, k, x]) => {
      checkMutable('bytevector-u8-set!', b as Bytevector, 'bytevector');
      bytes(b)[checkIndex('bytevector-u8-set!', k!, bytes(b).length, 'a bytevector')] = x as number;
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'bytevector-copy',
    args: [bytevectorArg, indexArg, indexArg],
    optional: 2,
    doc: 'A new bytevector of the bytes from start (default 0) to end (default the length).',
    fn: ([b, s, e], ctx) => {
      const part = view('bytevector-copy', b!, s, e);
      chargeFor(ctx, part.length, 1);
      return new Bytevector(part.slice());
    },
  }),
  defineBuiltin({
    name: 'bytevector-copy!',
    args: [bytevectorArg, indexArg, bytevectorArg, indexArg, indexArg],
    optional: 2,
    doc: 'Copy bytes start..end of the source into the target at index at.',
    fn: ([to, at, from, s, e]) => {
      checkMutable('bytevector-copy!', to as Bytevector, 'bytevector');
      const part = view('bytevector-copy!', from!, s, e);
      const i = checkRoom('bytevector-copy!', at!, part.length, bytes(to).length, 'a bytevector');
      // TypedArray.set handles overlapping source and target correctly.
      bytes(to).set(part, i);
      return UNSPECIFIED;
    },
  }),
  defineBuiltin({
    name: 'bytevector-append',
    args: [],
    rest: bytevectorArg,
    doc: 'A new bytevector of the bytes of the bytevectors in order.',
    fn: (args, ctx) => {
      const total = args.reduce<number>((n, b) => n + bytes(b).length, 0);
      chargeFor(ctx, total, 1);
      const out = new Uint8Array(total);
      let at = 0;
      for (const b of args) {
        out.set(bytes(b), at);
        at += bytes(b).length;
      }
      return new Bytevector(out);
    },
  }),
  defineBuiltin({
    name: 'utf8->string',
    args: [bytevectorArg, indexArg, indexArg],
    optional: 2,
    doc: 'A new string decoded from the UTF-8 bytes from start to end.',
    fn: ([b, s, e], ctx) => {
      const part = view('utf8->string', b!, s, e);
      chargeFor(ctx, part.length, CHAR_BYTES);
      return new MString(decoder.decode(part));
    },
  }),
  defineBuiltin({
    name: 'string->utf8',
    args: [stringArg, indexArg, indexArg],
    optional: 2,
    doc: 'A new bytevector of the UTF-8 encoding of the characters from start to end.',
    fn: ([str, s, e], ctx) => {
      const m = str as MString;
      const [a, z] = checkRange('string->utf8', s, e, stringLength(m), 'a string');
      const text = sliceCodePoints(m, a, z);
      chargeFor(ctx, text.length * 3, 1);
      return new Bytevector(encoder.encode(text));
    },
  }),
];
