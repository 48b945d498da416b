/**
 * What the golden harnesses share: reading a case's `args` line the way a
 * shell would for the quoting cases use, and joining captured lines as a file.
 */

/** Splits an args line: whitespace-separated, with '…' or "…" quoting. */
export function splitArgs(line: string): string[] {
  const out: string[] = [];
  for (const m of line.trim().matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** Captured lines as file text: each line ends in a newline; none is the empty file. */
export const linesText = (lines: string[]) => (lines.length ? lines.join('\n') + '\n' : '');
