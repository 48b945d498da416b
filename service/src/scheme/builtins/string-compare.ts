/**
 * String comparison and case (R7RS 6.7). Order is code-point order (not UTF-16 order); the
 * `-ci` forms compare the case-folded strings. Case mapping is Unicode's full mapping, so
 * `(string-upcase "straße")` is "STRASSE", as R7RS permits for strings.
 */
import { MString } from '../values.js';
import { defineBuiltin, type BuiltinSpec, type BuiltinTable } from './define.js';
import { stringArg } from './arg-types.js';
import { CHAR_BYTES, chargeFor } from './data-checks.js';
import { COMPARISONS } from './chars.js';
import { compareCodePoints } from './string-index.js';

/**
 * Full case folding: upper then lower folds ß and SS together; JS lower-cases a word-final
 * Σ to ς, which folding maps to σ.
 */
export const foldString = (s: string): string => s.toUpperCase().toLowerCase().replace(/ς/g, 'σ');

const same = (s: string): string => s;

function chain(name: string, order: string, key: (s: string) => string, ok: (a: number, b: number) => boolean): BuiltinSpec {
  return defineBuiltin({
    name,
    args: [stringArg, stringArg],
    rest: stringArg,
    doc: `Whether the strings are ${order}${key === same ? '' : ', ignoring case'}.`,
    fn: (args) => {
      const keys = args.map((s) => key((s as MString).chars));
      for (let i = 0; i + 1 < keys.length; i++) if (!ok(compareCodePoints(keys[i]!, keys[i + 1]!), 0)) return false;
      return true;
    },
  });
}

function mapping(name: string, f: (s: string) => string, doc: string): BuiltinSpec {
  return defineBuiltin({
    name,
    args: [stringArg],
    doc,
    fn: ([s], ctx) => {
      const out = f((s as MString).chars);
      chargeFor(ctx, out.length, CHAR_BYTES);
      return new MString(out);
    },
  });
}

export const STRING_COMPARE_BUILTINS: BuiltinTable = [
  ...COMPARISONS.map(([op, order, ok]) => chain(`string${op}`, order, same, ok)),
  ...COMPARISONS.map(([op, order, ok]) => chain(`string-ci${op}`, order, foldString, ok)),
  mapping('string-upcase', (s) => s.toUpperCase(), 'A new string in upper case.'),
  mapping('string-downcase', (s) => s.toLowerCase(), 'A new string in lower case.'),
  mapping('string-foldcase', foldString, 'A new string, case-folded (for caseless comparison).'),
];

