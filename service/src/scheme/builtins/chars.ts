/**
 * Characters (R7RS 6.6). Classification follows the Unicode properties R7RS names
 * (Alphabetic, Nd, White_Space, Uppercase, Lowercase); case mapping is the simple (one code
 * point to one code point) mapping: a character whose full mapping is several characters
 * (ß → SS) is returned unchanged, as R7RS allows.
 */
import { SchemeError } from '../errors.js';
import { describe } from './check.js';
import { Char, type Value } from '../values.js';
import { anyArg, defineBuiltin, type BuiltinSpec, type BuiltinTable } from './define.js';
import { charArg, exactIntegerArg } from './arg-types.js';

const code = (v: Value | undefined): number => (v as Char).code;

/** One-to-one case mapping through a JS string case function; unchanged when it is not 1:1. */
function mapCase(c: number, f: (s: string) => string): number {
  const mapped = f(String.fromCodePoint(c));
  const m = mapped.codePointAt(0)!;
  return mapped.length === (m > 0xffff ? 2 : 1) ? m : c;
}

/**
 * Simple (one-to-one) mappings that differ from the first letter of the full mapping JS gives:
 * İ lower-cases to i (full: i + combining dot); Greek letters with ypogegrammeni upper-case to
 * their title-case forms (full: capital + Ι).
 */
function simpleUpper(c: number): number | null {
  if ((c >= 0x1f80 && c <= 0x1f87) || (c >= 0x1f90 && c <= 0x1f97) || (c >= 0x1fa0 && c <= 0x1fa7)) return c + 8;
  if (c === 0x1fb3 || c === 0x1fc3 || c === 0x1ff3) return c + 9;
  return null;
}

export const upcase = (c: number): number => simpleUpper(c) ?? mapCase(c, (s) => s.toUpperCase());
export const downcase = (c: number): number => (c === 0x130 ? 0x69 : mapCase(c, (s) => s.toLowerCase()));
/** Simple case folding: lower case of the upper case (folds ς and σ together), else lower. */
export function foldcase(c: number): number {
  if (c === 0x130) return c; // CaseFolding.txt has no simple folding for İ
  const viaUpper = downcase(upcase(c));
  return viaUpper === c || upcase(viaUpper) === upcase(c) ? viaUpper : downcase(c);
}

const testCp = (re: RegExp) => (c: number): boolean => re.test(String.fromCodePoint(c));
const isAlphabetic = testCp(/^\p{Alphabetic}$/u);
const isNumeric = testCp(/^\p{Nd}$/u);
const isWhitespace = testCp(/^\p{White_Space}$/u);
const isUpper = testCp(/^\p{Uppercase}$/u);
const isLower = testCp(/^\p{Lowercase}$/u);

/**
 * The value of a decimal digit in any script. Unicode allocates each script's Nd digits as a
 * contiguous run starting at zero, so the value is the distance to the run's start, mod 10.
 */
function digitValue(c: number): number | false {
  if (!isNumeric(c)) return false;
  let start = c;
  while (start > 0 && isNumeric(start - 1)) start--;
  return (c - start) % 10;
}

/** An n-ary comparison: true when `ok` holds for every adjacent pair of arguments. */
function chain(name: string, order: string, key: (c: number) => number, ok: (a: number, b: number) => boolean): BuiltinSpec {
  return defineBuiltin({
    name,
    args: [charArg, charArg],
    rest: charArg,
    doc: `Whether the characters are ${order}${key === same ? '' : ', ignoring case'}.`,
    fn: (args) => {
      for (let i = 0; i + 1 < args.length; i++) if (!ok(key(code(args[i])), key(code(args[i + 1])))) return false;
      return true;
    },
  });
}

const same = (c: number): number => c;
/** The five orders of R7RS comparisons: name suffix, wording for docs, test. */
export const COMPARISONS: [string, string, (a: number, b: number) => boolean][] = [
  ['=?', 'all equal', (a, b) => a === b],
  ['<?', 'strictly increasing', (a, b) => a < b],
  ['>?', 'strictly decreasing', (a, b) => a > b],
  ['<=?', 'non-decreasing', (a, b) => a <= b],
  ['>=?', 'non-increasing', (a, b) => a >= b],
];

const predicate = (name: string, test: (c: number) => boolean, doc: string): BuiltinSpec =>
  defineBuiltin({ name, args: [charArg], doc, fn: ([c]) => test(code(c)) });

const mapping = (name: string, f: (c: number) => number, doc: string): BuiltinSpec =>
  defineBuiltin({ name, args: [charArg], doc, fn: ([c]) => Char.of(f(code(c))) });

export const CHAR_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'char?', args: [anyArg], doc: 'Whether the value is a character.', fn: ([v]) => v instanceof Char }),
  ...COMPARISONS.map(([op, order, ok]) => chain(`char${op}`, order, same, ok)),
  ...COMPARISONS.map(([op, order, ok]) => chain(`char-ci${op}`, order, foldcase, ok)),
  predicate('char-alphabetic?', isAlphabetic, 'Whether the character is alphabetic (Unicode Alphabetic).'),
  predicate('char-numeric?', isNumeric, 'Whether the character is a decimal digit (Unicode Nd).'),
  predicate('char-whitespace?', isWhitespace, 'Whether the character is whitespace (Unicode White_Space).'),
  predicate('char-upper-case?', isUpper, 'Whether the character is upper case.'),
  predicate('char-lower-case?', isLower, 'Whether the character is lower case.'),
  defineBuiltin({ name: 'digit-value', args: [charArg], doc: 'The value of a decimal digit character, or #f.', fn: ([c]) => digitValue(code(c)) }),
  defineBuiltin({ name: 'char->integer', args: [charArg], doc: 'The Unicode code point of the character.', fn: ([c]) => code(c) }),
  defineBuiltin({
    name: 'integer->char',
    args: [exactIntegerArg],
    doc: 'The character with the given Unicode code point.',
    fn: ([n]) => {
      const k = typeof n === 'number' ? n : -1;
      if (k < 0 || k > 0x10ffff || (k >= 0xd800 && k <= 0xdfff)) {
        throw new SchemeError('wrong_type', `integer->char: ${describe(n!)} is not a Unicode scalar value (0 to #x10FFFF, excluding #xD800 to #xDFFF)`);
      }
      return Char.of(k);
    },
  }),
  mapping('char-upcase', upcase, 'The upper-case form of the character.'),
  mapping('char-downcase', downcase, 'The lower-case form of the character.'),
  mapping('char-foldcase', foldcase, 'The case-folded form of the character.'),
];
