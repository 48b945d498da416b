/**
 * The R7RS-small numeric procedures (R7RS 6.2.6), on top of the tower in ../numbers/.
 * Type errors come from the shared argument check via the ArgTypes; value-dependent errors
 * (a zero divisor, a non-real result) are thrown here as division_by_zero / arithmetic_error.
 */
import { SchemeError } from '../errors.js';
import * as N from '../numbers/index.js';
import { stringArg } from './arg-types.js';
import { anyArg, defineBuiltin, type ArgType, type BuiltinSpec, type BuiltinTable } from './define.js';
import { Flonum, MString, MultipleValues, Ratnum, type SchemeNumber, type Value } from '../values.js';

const { numberArg, realArg, rationalArg, integerArg, exactNonNegIntegerArg, radixArg } = N;

type Num = SchemeNumber;
type Int = number | bigint | Flonum;
const nums = (args: Value[]): Num[] => args as Num[];

/** A one-argument predicate over numbers (or any value with `anyArg`). */
function predicate(name: string, arg: ArgType, doc: string, test: (x: Num) => boolean): BuiltinSpec {
  return defineBuiltin({ name, args: [arg], doc, fn: ([x]) => test(x as Num) });
}

/** An n-ary comparison: true when every adjacent pair satisfies `rel` (R7RS: transitive). */
function comparison(name: string, rel: (a: Num, b: Num) => boolean): BuiltinSpec {
  return defineBuiltin({
    name, args: [realArg], rest: realArg, doc: `#t when the arguments are monotonically ${name}.`,
    fn: (args) => {
      const a = nums(args);
      for (let i = 0; i + 1 < a.length; i++) if (!rel(a[i]!, a[i + 1]!)) return false;
      return true;
    },
  });
}

/** A function of doubles: exact arguments are converted, the result is always inexact. */
function flonumFn(name: string, doc: string, f: (x: number) => number, domain?: (x: number) => boolean): BuiltinSpec {
  return defineBuiltin({
    name, args: [numberArg], doc,
    fn: ([x]) => {
      const v = N.toDouble(x as Num);
      if (domain !== undefined && !Number.isNaN(v) && !domain(v)) {
        throw new SchemeError('arithmetic_error', `${name}: the result for ${N.numberToString(x as Num)} is not a real number (complex numbers are not supported)`);
      }
      return new Flonum(f(v));
    },
  });
}

function divisionPair(name: string, op: typeof N.floorDiv): BuiltinSpec {
  return defineBuiltin({
    name, args: [integerArg, integerArg], doc: 'Quotient and remainder, as two values.',
    fn: ([a, b]) => new MultipleValues(op(a as Int, b as Int, name)),
  });
}

function divisionPart(name: string, op: typeof N.floorDiv, part: 0 | 1): BuiltinSpec {
  return defineBuiltin({
    name, args: [integerArg, integerArg], doc: part === 0 ? 'The integer quotient.' : 'The remainder.',
    fn: ([a, b]) => op(a as Int, b as Int, name)[part],
  });
}

function rounding(name: 'floor' | 'ceiling' | 'truncate' | 'round', doc: string): BuiltinSpec {
  return defineBuiltin({ name, args: [realArg], doc, fn: ([x]) => N.roundTo(x as Num, name) });
}

/** max/min: any inexact argument makes the result inexact; NaN wins. */
function extremum(name: string, better: (a: Num, b: Num) => boolean): BuiltinSpec {
  return defineBuiltin({
    name, args: [realArg], rest: realArg, doc: `The ${name}imum of the arguments (inexact if any is).`,
    fn: (args) => {
      const a = nums(args);
      let best = a[0]!;
      let inexact = best instanceof Flonum;
      for (let i = 1; i < a.length; i++) {
        const x = a[i]!;
        if (x instanceof Flonum) inexact = true;
        if (N.isNaNNumber(x) || (!N.isNaNNumber(best) && better(x, best))) best = x;
      }
      return inexact ? N.toFlonum(best) : best;
    },
  });
}

/** numerator/denominator: of the exact value; an inexact argument gives an inexact answer. */
function ratioPart(name: string, pick: (r: number | bigint | Ratnum) => number | bigint): BuiltinSpec {
  return defineBuiltin({
    name, args: [rationalArg], doc: `The ${name} of the number in lowest terms.`,
    fn: ([x]) => {
      const part = pick(N.toExact(x as Num, name));
      return x instanceof Flonum ? new Flonum(Number(part)) : part;
    },
  });
}

const PREDICATES: BuiltinTable = [
  predicate('number?', anyArg, '#t for any number.', (x) => N.isNumber(x)),
  predicate('complex?', anyArg, '#t for any number (every number here is real).', (x) => N.isNumber(x)),
  predicate('real?', anyArg, '#t for any number (there are no non-real complex numbers).', (x) => N.isNumber(x)),
  predicate('rational?', anyArg, '#t for an exact number or a finite inexact one.', (x) => N.isRational(x)),
  predicate('integer?', anyArg, '#t for an integer of either exactness (3 or 3.0).', (x) => N.isInteger(x)),
  predicate('exact-integer?', anyArg, '#t for an exact integer.', (x) => N.isExactInteger(x)),
  predicate('exact?', numberArg, '#t when the number is exact.', (x) => N.isExact(x)),
  predicate('inexact?', numberArg, '#t when the number is inexact.', (x) => !N.isExact(x)),
  predicate('nan?', numberArg, '#t for +nan.0.', (x) => N.isNaNNumber(x)),
  predicate('infinite?', numberArg, '#t for +inf.0 or -inf.0.', (x) => x instanceof Flonum && Math.abs(x.value) === Infinity),
  predicate('finite?', numberArg, '#t unless infinite or NaN.', (x) => !(x instanceof Flonum) || Number.isFinite(x.value)),
  predicate('zero?', realArg, '#t for 0 or 0.0.', (x) => N.isZero(x)),
  predicate('positive?', realArg, '#t when greater than zero.', (x) => N.sign(x) > 0),
  predicate('negative?', realArg, '#t when less than zero.', (x) => N.sign(x) < 0),
  predicate('odd?', integerArg, '#t for an odd integer.', (x) => !N.isZero(N.floorDiv(x as Int, 2, 'odd?')[1])),
  predicate('even?', integerArg, '#t for an even integer.', (x) => N.isZero(N.floorDiv(x as Int, 2, 'even?')[1])),
];

const ARITHMETIC: BuiltinTable = [
  comparison('=', N.numEq),
  comparison('<', N.lt),
  comparison('>', N.gt),
  comparison('<=', N.le),
  comparison('>=', N.ge),
  extremum('max', N.gt),
  extremum('min', N.lt),
  defineBuiltin({
    name: '+', args: [], rest: numberArg, doc: 'The sum of the arguments (0 for none).',
    fn: (args) => nums(args).reduce<Num>((s, x) => N.add(s, x), 0),
  }),
  defineBuiltin({
    name: '*', args: [], rest: numberArg, doc: 'The product of the arguments (1 for none).',
    fn: (args) => nums(args).reduce<Num>((p, x) => N.mul(p, x), 1),
  }),
  defineBuiltin({
    name: '-', args: [numberArg], rest: numberArg, doc: 'Difference, or negation with one argument.',
    fn: (args) => {
      const a = nums(args);
      return a.length === 1 ? N.negate(a[0]!) : a.slice(1).reduce<Num>((d, x) => N.sub(d, x), a[0]!);
    },
  }),
  defineBuiltin({
    name: '/', args: [numberArg], rest: numberArg, doc: 'Quotient (exact operands give a rational), or reciprocal with one argument.',
    fn: (args) => {
      const a = nums(args);
      return a.length === 1 ? N.div(1, a[0]!) : a.slice(1).reduce<Num>((q, x) => N.div(q, x), a[0]!);
    },
  }),
  defineBuiltin({
    name: 'abs', args: [realArg], doc: 'The absolute value.',
    fn: ([x]) => (x instanceof Flonum ? new Flonum(Math.abs(x.value)) : N.sign(x as Num) < 0 ? N.negate(x as Num) : x),
  }),
  divisionPart('quotient', N.truncateDiv, 0),
  divisionPart('remainder', N.truncateDiv, 1),
  divisionPart('modulo', N.floorDiv, 1),
  divisionPair('floor/', N.floorDiv),
  divisionPart('floor-quotient', N.floorDiv, 0),
  divisionPart('floor-remainder', N.floorDiv, 1),
  divisionPair('truncate/', N.truncateDiv),
  divisionPart('truncate-quotient', N.truncateDiv, 0),
  divisionPart('truncate-remainder', N.truncateDiv, 1),
  defineBuiltin({
    name: 'gcd', args: [], rest: integerArg, doc: 'Greatest common divisor (0 for none).',
    fn: (args) => (args as Int[]).reduce<Num>((g, x) => N.gcd(g as Int, x), 0),
  }),
  defineBuiltin({
    name: 'lcm', args: [], rest: integerArg, doc: 'Least common multiple (1 for none).',
    fn: (args) => (args as Int[]).reduce<Num>((l, x) => N.lcm(l as Int, x), 1),
  }),
  ratioPart('numerator', (r) => (r instanceof Ratnum ? N.normalizeBig(r.num) : r)),
  ratioPart('denominator', (r) => (r instanceof Ratnum ? N.normalizeBig(r.den) : 1)),
  rounding('floor', 'The largest integer not greater than x.'),
  rounding('ceiling', 'The smallest integer not less than x.'),
  rounding('truncate', 'x with its fractional part dropped.'),
  rounding('round', 'The nearest integer, ties to even.'),
  defineBuiltin({
    name: 'rationalize', args: [realArg, realArg], doc: 'The simplest rational within y of x.',
    fn: ([x, y]) => N.rationalize(x as Num, y as Num),
  }),
  defineBuiltin({ name: 'square', args: [numberArg], doc: 'x times x.', fn: ([x]) => N.mul(x as Num, x as Num) }),
];

const SPECIAL: BuiltinTable = [
  flonumFn('exp', 'e to the power x.', Math.exp),
  defineBuiltin({
    name: 'log', args: [numberArg, numberArg], optional: 1, doc: 'Natural logarithm, or logarithm to base b.',
    fn: ([x, b]) => {
      if (b === undefined) return new Flonum(N.log(x as Num));
      if (b === 2 && typeof x === 'number') return new Flonum(Math.log2(x));
      if (b === 10 && typeof x === 'number') return new Flonum(Math.log10(x));
      return new Flonum(N.log(x as Num) / N.log(b as Num));
    },
  }),
  flonumFn('sin', 'Sine.', Math.sin),
  flonumFn('cos', 'Cosine.', Math.cos),
  flonumFn('tan', 'Tangent.', Math.tan),
  flonumFn('asin', 'Arcsine (x in [-1, 1]).', Math.asin, (v) => v >= -1 && v <= 1),
  flonumFn('acos', 'Arccosine (x in [-1, 1]).', Math.acos, (v) => v >= -1 && v <= 1),
  defineBuiltin({
    name: 'atan', args: [numberArg, numberArg], optional: 1, doc: 'Arctangent of y, or of y/x with two arguments.',
    fn: ([y, x]) => new Flonum(x === undefined ? Math.atan(N.toDouble(y as Num)) : Math.atan2(N.toDouble(y as Num), N.toDouble(x as Num))),
  }),
  defineBuiltin({ name: 'sqrt', args: [numberArg], doc: 'Square root; exact for exact perfect squares.', fn: ([x]) => N.sqrt(x as Num) }),
  defineBuiltin({
    name: 'exact-integer-sqrt', args: [exactNonNegIntegerArg], doc: 'Values s and r with s*s + r = k.',
    fn: ([k]) => new MultipleValues(N.exactIntegerSqrt(k as number | bigint)),
  }),
  defineBuiltin({ name: 'expt', args: [numberArg, numberArg], doc: 'z1 to the power z2.', fn: ([a, b]) => N.expt(a as Num, b as Num) }),
  defineBuiltin({ name: 'exact', args: [numberArg], doc: 'The exact number nearest z.', fn: ([x]) => N.toExact(x as Num, 'exact') }),
  defineBuiltin({ name: 'inexact', args: [numberArg], doc: 'The inexact number nearest z.', fn: ([x]) => N.toFlonum(x as Num) }),
  defineBuiltin({ name: 'inexact->exact', args: [numberArg], doc: 'Same as exact.', fn: ([x]) => N.toExact(x as Num, 'inexact->exact') }),
  defineBuiltin({ name: 'exact->inexact', args: [numberArg], doc: 'Same as inexact.', fn: ([x]) => N.toFlonum(x as Num) }),
  defineBuiltin({
    name: 'number->string', args: [numberArg, radixArg], optional: 1, doc: 'The external representation of z.',
    fn: ([x, r]) => new MString(N.numberToString(x as Num, (r as number | undefined) ?? 10)),
  }),
  defineBuiltin({
    name: 'string->number', args: [stringArg, radixArg], optional: 1, doc: 'The number the string denotes, or #f.',
    fn: ([s, r]) => N.parseNumber((s as MString).chars, (r as number | undefined) ?? 10) ?? false,
  }),
];

const noComplex = (name: string): SchemeError =>
  new SchemeError('arithmetic_error', `${name}: the result is not a real number (complex numbers are not supported)`);

/** (scheme complex) for the reals we have: every number is its own real part. */
const COMPLEX: BuiltinTable = [
  defineBuiltin({ name: 'real-part', args: [realArg], doc: 'The real part of x: x itself.', fn: ([x]) => x }),
  defineBuiltin({ name: 'imag-part', args: [realArg], doc: 'The imaginary part of a real: exact 0.', fn: () => 0 }),
  defineBuiltin({
    name: 'magnitude', args: [realArg], doc: 'The magnitude of a real: its absolute value.',
    fn: ([x]) => (x instanceof Flonum ? new Flonum(Math.abs(x.value)) : N.sign(x as Num) < 0 ? N.negate(x as Num) : x),
  }),
  defineBuiltin({
    name: 'angle', args: [realArg], doc: 'The angle of a real: 0 when non-negative, pi when negative.',
    fn: ([x]) => {
      if (x instanceof Flonum) return new Flonum(Number.isNaN(x.value) ? NaN : x.value < 0 || Object.is(x.value, -0) ? Math.PI : 0);
      return N.sign(x as Num) < 0 ? new Flonum(Math.PI) : 0;
    },
  }),
  defineBuiltin({
    name: 'make-rectangular', args: [realArg, realArg], doc: 'x + yi; only a zero imaginary part is supported.',
    fn: ([x, y]) => {
      if (y === 0) return x;
      if (y instanceof Flonum && y.value === 0) return N.toFlonum(x as Num);
      throw noComplex('make-rectangular');
    },
  }),
  defineBuiltin({
    name: 'make-polar', args: [realArg, realArg], doc: 'The number with magnitude m and angle a; only real results are supported.',
    fn: ([m, a]) => {
      if (a === 0) return m;
      const t = N.toDouble(a as Num);
      const r = N.toDouble(m as Num);
      if (t === 0) return new Flonum(r);
      if (t === Math.PI) return new Flonum(-r);
      throw noComplex('make-polar');
    },
  }),
];

/** Every R7RS-small numeric procedure. */
export const NUMBER_BUILTINS: BuiltinTable = [...PREDICATES, ...ARITHMETIC, ...SPECIAL, ...COMPLEX];
