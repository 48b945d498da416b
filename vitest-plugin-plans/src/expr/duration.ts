/** Duration literals (`200ms`, `1m30s`): parsing to exact nanoseconds, conversion from milliseconds, and formatting. */
import { Rational } from './rational.js';

/** Nanoseconds per unit of a duration literal (spec: units ns, us, µs, ms, s, m, h). */
export const DURATION_UNITS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n, // U+03BC, the Greek mu some keyboards produce instead of the micro sign
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const PART = /(\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h)/y;

/**
 * Parses a duration literal (`200ms`, `1m30s`, `1.5s`) into exact nanoseconds.
 * Returns undefined when the text is not a duration.
 * @example parseDuration('1m30s')!.toDecimal() // '90000000000'
 */
export function parseDuration(text: string): Rational | undefined {
  let pos = 0;
  let total = Rational.ZERO;
  let parts = 0;
  while (pos < text.length) {
    PART.lastIndex = pos;
    const m = PART.exec(text);
    if (!m) return undefined;
    const n = Rational.parse(m[1]!);
    if (!n) return undefined;
    total = total.add(n.mul(Rational.of(DURATION_UNITS[m[2]!]!)));
    pos = PART.lastIndex;
    parts++;
  }
  return parts > 0 ? total : undefined;
}

/**
 * A duration given as a JS number of milliseconds (what timers report), in whole
 * nanoseconds: no timer resolves finer, and the integer path costs a fraction of
 * converting the double's decimal text exactly (six phases per exchange).
 */
export function durationFromMs(ms: number): Rational {
  const ns = Math.round(ms * 1_000_000);
  if (Number.isSafeInteger(ns)) return Rational.of(BigInt(ns));
  return Rational.fromNumber(ms).mul(Rational.of(1_000_000n));
}

/**
 * Prints nanoseconds the way they are written: `200ms`, `1.5s`, `1m30s`, `2h0m5s`, `0s`.
 * Sub-second values use the largest unit that keeps the number ≥ 1; fractions print
 * with at most 3 decimals (the value itself stays exact).
 */
export function formatDuration(ns: Rational): string {
  if (ns.sign() === 0) return '0s';
  if (ns.sign() < 0) return '-' + formatDuration(ns.neg());
  const S = Rational.of(1_000_000_000n);
  if (ns.cmp(Rational.of(60_000_000_000n)) >= 0) {
    const totalS = ns.div(S);
    const whole = totalS.num / totalS.den;
    const h = whole / 3600n;
    const m = (whole % 3600n) / 60n;
    const rest = totalS.sub(Rational.of(h * 3600n + m * 60n));
    return `${h > 0n ? `${h}h` : ''}${m}m${trim(rest)}s`;
  }
  for (const [unit, size] of [['s', 1_000_000_000n], ['ms', 1_000_000n], ['µs', 1_000n]] as const) {
    if (ns.cmp(Rational.of(size)) >= 0) return trim(ns.div(Rational.of(size))) + unit;
  }
  return trim(ns) + 'ns';
}

function trim(r: Rational): string {
  const t = r.toDecimal(3);
  return t.endsWith('…') ? t.slice(0, -1) : t;
}
