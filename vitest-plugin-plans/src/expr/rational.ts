/**
 * Exact rationals over BigInt. JSON and literal numbers are kept exact so
 * `10000000000000001 != 10000000000000000` and `10.10 == 10.1` hold (spec
 * "How values compare" 1). Always normalised: den > 0, gcd(num, den) = 1.
 */
const SMALL_INT = /^-?\d+$/;

export class Rational {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  /** Builds a normalised rational; throws RangeError on a zero denominator (callers check first). */
  static of(num: bigint, den: bigint = 1n): Rational {
    if (den === 0n) throw new RangeError('division by zero');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const g = gcd(num < 0n ? -num : num, den);
    return g > 1n ? new Rational(num / g, den / g) : new Rational(num, den);
  }

  static readonly ZERO = Rational.of(0n);
  static readonly ONE = Rational.of(1n);

  /**
   * Parses decimal (`-10.10`, `1e3`, `1.5E-2`) or prefixed integer (`0x1F`, `0o17`, `0b101`) text.
   * Returns undefined when the text is not a number.
   * @example Rational.parse('10.10')!.equals(Rational.parse('10.1')!) // true
   */
  static parse(text: string): Rational | undefined {
    // The common case (ids, counts, statuses): a plain integer needs no regex groups or gcd.
    if (text.length <= 15 && SMALL_INT.test(text)) return new Rational(BigInt(text), 1n);
    const prefixed = /^([+-]?)0([xob])([0-9a-fA-F]+)$/.exec(text);
    if (prefixed) {
      const digits = prefixed[3]!;
      const base = prefixed[2] === 'x' ? 16 : prefixed[2] === 'o' ? 8 : 2;
      const valid = base === 16 ? /^[0-9a-fA-F]+$/ : base === 8 ? /^[0-7]+$/ : /^[01]+$/;
      if (!valid.test(digits)) return undefined;
      const v = BigInt(`0${prefixed[2]}${digits}`);
      return Rational.of(prefixed[1] === '-' ? -v : v);
    }
    const m = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
    if (!m) return undefined;
    const frac = m[3] ?? '';
    let num = BigInt(m[2]! + frac);
    let den = 10n ** BigInt(frac.length);
    const exp = m[4] ? Number(m[4]) : 0;
    // Guard against absurd exponents (1e999999999) that would exhaust memory.
    if (Math.abs(exp) > 100_000) return undefined;
    if (exp > 0) num *= 10n ** BigInt(exp);
    else if (exp < 0) den *= 10n ** BigInt(-exp);
    if (m[1] === '-') num = -num;
    return Rational.of(num, den);
  }

  /** Converts a finite JS number exactly (its binary value printed by the shortest round-trip text). */
  static fromNumber(n: number): Rational {
    if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
    if (Number.isSafeInteger(n)) return new Rational(BigInt(n), 1n);
    return Rational.parse(String(n)) ?? Rational.ZERO;
  }

  isInteger(): boolean {
    return this.den === 1n;
  }
  sign(): number {
    return this.num === 0n ? 0 : this.num < 0n ? -1 : 1;
  }
  add(o: Rational): Rational {
    return Rational.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Rational): Rational {
    return Rational.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Rational): Rational {
    return Rational.of(this.num * o.num, this.den * o.den);
  }
  /** Callers check for a zero divisor and report it as a value error. */
  div(o: Rational): Rational {
    return Rational.of(this.num * o.den, this.den * o.num);
  }
  neg(): Rational {
    return Rational.of(-this.num, this.den);
  }
  abs(): Rational {
    return this.num < 0n ? this.neg() : this;
  }
  /** Integer remainder with the sign of the dividend (like JS `%`); both operands must be integers. */
  mod(o: Rational): Rational {
    return Rational.of(this.num % o.num);
  }
  cmp(o: Rational): number {
    const d = this.num * o.den - o.num * this.den;
    return d === 0n ? 0 : d < 0n ? -1 : 1;
  }
  equals(o: Rational): boolean {
    return this.num === o.num && this.den === o.den;
  }
  toNumber(): number {
    if (this.den === 1n) return Number(this.num);
    return Number(this.toDecimal(30).replace('…', ''));
  }

  /**
   * Decimal text. A terminating decimal prints exactly (`1/4` → `0.25`); a
   * non-terminating one prints `maxFrac` fraction digits followed by `…`
   * (`1/3` → `0.33333333333333333333…`) while the value itself stays exact.
   */
  toDecimal(maxFrac = 20): string {
    const neg = this.num < 0n;
    const n = neg ? -this.num : this.num;
    const int = n / this.den;
    let rem = n % this.den;
    if (rem === 0n) return (neg ? '-' : '') + int.toString();
    let frac = '';
    let i = 0;
    while (rem !== 0n && i < maxFrac) {
      rem *= 10n;
      frac += (rem / this.den).toString();
      rem %= this.den;
      i++;
    }
    return `${neg ? '-' : ''}${int}.${frac}${rem !== 0n ? '…' : ''}`;
  }

  /** True when the decimal expansion terminates (denominator has only factors 2 and 5). */
  isTerminating(): boolean {
    let d = this.den;
    while (d % 2n === 0n) d /= 2n;
    while (d % 5n === 0n) d /= 5n;
    return d === 1n;
  }

  toString(): string {
    return this.toDecimal();
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
