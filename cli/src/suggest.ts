/**
 * "Did you mean" for flags and commands. Kept local (not imported from the
 * engine) so `runner version` and `--help` load nothing heavy.
 */

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let prev2 = prev;
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      // a swap of two neighbours counts as one edit (plna → plan)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j]!, prev2[j - 2]! + 1);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The closest candidate within a third of the name's length (at least 1, at most 3). */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  // An empty name is like nothing in particular: no suggestion.
  if (name.replace(/^-+/, '') === '') return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(name.replace(/^-+/, '').length / 3)));
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(name, c);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return bestD <= limit ? best : undefined;
}
