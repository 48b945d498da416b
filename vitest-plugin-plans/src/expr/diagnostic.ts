/**
 * A load-time fault of one expression: a value with a stable `type`, the
 * 1-based column in the expression where it starts, and the message
 * (expected / found / suggestion). The plan loader prefixes file, line and path.
 */
export interface Diagnostic {
  readonly type: DiagnosticType;
  /** 1-based column (UTF-16 code units) in the expression text. */
  readonly column: number;
  readonly message: string;
}

export type DiagnosticType =
  | 'syntax'
  | 'bad_literal'
  | 'unknown_name'
  | 'unknown_field'
  | 'type'
  | 'not_boolean'
  | 'duration_whole'
  | 'parallel_index'
  | 'matcher_file';

/** Builds a diagnostic from a 0-based offset. */
export function diag(type: DiagnosticType, offset: number, message: string): Diagnostic {
  return { type, column: offset + 1, message };
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagPrev = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diagPrev + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagPrev = tmp;
    }
  }
  return prev[b.length]!;
}

/**
 * The closest candidate within a distance that grows with the name's length
 * (1 for short names, up to 3), or a case-insensitive match; undefined when none is close.
 * @example suggest('staus', ['status', 'body']) // 'status'
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c.toLowerCase() === name.toLowerCase()) return c;
    const d = editDistance(name, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return bestD <= limit ? best : undefined;
}
