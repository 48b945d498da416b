/** `--strict-paths`: the paths an evaluation read and found absent that the step's `optional:` does not declare. */
import type { EvalResult, Read } from './evaluate.js';

/** Roots whose paths `--strict-paths` checks (spec "--strict-paths"). */
export const STRICT_ROOTS: ReadonlySet<string> = new Set(['body', 'headers', 'responses', 'rows', 'result']);

/**
 * Normalises a path as `optional:` entries are compared: spaces dropped,
 * header names lower-cased, `headers.x` written `headers["x"]`, single quotes as double.
 * @example normalizePath('headers[ "Retry-After" ]') // 'headers["retry-after"]'
 */
export function normalizePath(p: string): string {
  let s = p.replace(/\s+/g, '').replace(/\['([^']*)'\]/g, (_, k: string) => `[${JSON.stringify(k)}]`);
  s = s.replace(/^headers\.([A-Za-z0-9_-]+)/, (_, k: string) => `headers[${JSON.stringify(k)}]`);
  s = s.replace(/^headers\["([^"]*)"\]/, (_, k: string) => `headers[${JSON.stringify(k.toLowerCase())}]`);
  return s;
}

function rootOf(path: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(path)?.[0] ?? '';
}

/** True when `path` is `declared` or lies under it (`body.coupon` covers `body.coupon.code`). */
function covered(path: string, declared: ReadonlySet<string>): boolean {
  for (const d of declared) {
    if (path === d || path.startsWith(d + '.') || path.startsWith(d + '[')) return true;
  }
  return false;
}

/**
 * The `--strict-paths` failures of one evaluation: every path rooted at body,
 * headers, responses, rows or result that was read and found absent, unless
 * exempt (`exists X`, read through `?.`) or declared in the step's `optional:`.
 * @example
 * strictPathFailures(result, ['body.coupon'])
 * // ['--strict-paths: body.order.id is absent from the result and not declared in optional:']
 */
export function strictPathFailures(result: Pick<EvalResult, 'reads' | 'elementReads'>, optional: readonly string[]): string[] {
  const declared = new Set(optional.map(normalizePath));
  const out = new Set<string>();
  const consider = (r: Read) => {
    if (!r.absent || r.exempt || !STRICT_ROOTS.has(rootOf(r.path))) return;
    const p = normalizePath(r.path);
    if (covered(p, declared)) return;
    const shown = r.element !== undefined ? `${p} (element ${r.element})` : p;
    out.add(`--strict-paths: ${shown} is absent from the result and not declared in optional:`);
  };
  result.reads.forEach(consider);
  result.elementReads.forEach(consider);
  return [...out];
}
