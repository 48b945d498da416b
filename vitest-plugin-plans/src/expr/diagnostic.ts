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

/** Edit distance with adjacent transpositions (optimal string alignment), for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The closest candidate: a case-insensitive match, else the nearest within a
 * distance that grows with the name's length (1 up to 3 characters, 2 up to
 * 7, else 3), else a candidate the name begins; undefined when none is close.
 * @example suggest('staus', ['status', 'body']) // 'status'
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  const limit = name.length <= 3 ? 1 : name.length <= 7 ? 2 : 3;
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of list) {
    if (c.toLowerCase() === name.toLowerCase()) return c;
    const d = editDistance(name, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  if (bestD <= limit) return best;
  return name.length >= 3 ? list.find((c) => c.startsWith(name)) : undefined;
}
