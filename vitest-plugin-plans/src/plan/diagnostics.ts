/**
 * Diagnostics: construction, plan-path notation, rendering and "did you mean"
 * suggestions. The one place where load errors, lints and advice become text.
 */
import type { Diagnostic, PlanPath, Severity, Span } from './types.js';

/** Path segments: keys and 0-based indexes. */
export type PathSegs = ReadonlyArray<string | number>;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * Formats path segments in the plan-path notation:
 * `tasks[0].steps[1].http.headers["x-id"]`. The root renders as `plan`.
 *
 * @example formatPath(['tasks', 0, 'steps', 1, 'assert', 0]) // 'tasks[0].steps[1].assert[0]'
 */
export function formatPath(segs: PathSegs): PlanPath {
  let out = '';
  for (const s of segs) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENT.test(s)) out += out === '' ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out === '' ? 'plan' : out;
}

/** Creates a diagnostic. */
export function diag(
  severity: Severity,
  type: string,
  span: Span,
  path: PlanPath,
  message: string,
  extra: { column?: number; expression?: string } = {},
): Diagnostic {
  const d: Diagnostic = { type, severity, span, path, message };
  if (extra.column !== undefined) d.column = extra.column;
  if (extra.expression !== undefined) d.expression = extra.expression;
  return d;
}

/**
 * Renders a diagnostic without its severity prefix:
 * `plan.yaml:12: tasks[0].steps[0].assert[1]: column 8: unknown name stauts (did you mean status?): stauts == 200`.
 */
export function renderDiagnostic(d: Diagnostic): string {
  let s = `${d.span.file}:${d.span.line}: ${d.path}: `;
  if (d.column !== undefined) s += `column ${d.column}: `;
  s += d.message;
  if (d.expression !== undefined) s += `: ${d.expression}`;
  return s;
}

/** Orders diagnostics by file, line, then the order they were found. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.span.file < b.d.span.file ? -1 : a.d.span.file > b.d.span.file ? 1 : 0) || a.d.span.line - b.d.span.line || a.i - b.i)
    .map((x) => x.d);
}

/** Levenshtein distance, bounded for speed. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let prev2 = prev;
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      // a swap of two neighbours counts as one edit
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j]!, prev2[j - 2]! + 1);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[n]!;
}

/**
 * The closest candidate to `name`, when close enough to be a likely typo
 * (distance at most a third of the length, minimum 1; or a case-only change).
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c === name) continue;
    const d = c.toLowerCase() === name.toLowerCase() ? 0.5 : editDistance(name, c);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  const limit = Math.max(1, Math.floor(name.length / 3));
  return best !== undefined && bestD <= limit ? best : undefined;
}

/** ` (did you mean X?)` or the empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const c = closest(name, candidates);
  return c === undefined ? '' : ` (did you mean ${c}?)`;
}
