/**
 * Formatting shared by every report: durations, the right-margin location,
 * body cuts. Pure functions of event data.
 */

/** Width the terminal block aligns plan locations to. */
export const REPORT_WIDTH = 100;
/** Bodies shown in a failure block are cut here (plan-runner.md §8). */
export const BLOCK_BODY_CAP = 2048;

/** `0.4ms`, `12ms`, `1.23s`, `1m5s`: milliseconds as a report prints them. */
export function formatMs(ms: number | null): string {
  if (ms === null) return 'n/a';
  if (ms < 10) return `${Math.round(ms * 10) / 10}ms`;
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)}s`;
  const m = Math.floor(ms / 60_000);
  return `${m}m${Math.round((ms - m * 60_000) / 1000)}s`;
}

/** `left` with `right` at the right margin (one space at least between them). */
export function atMargin(left: string, right: string, width = REPORT_WIDTH): string {
  const pad = width - visibleLength(left) - right.length;
  return left + ' '.repeat(Math.max(1, pad)) + right;
}

/** Length without ANSI colour codes. */
export function visibleLength(s: string): number {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[[0-9;]*m/g, '').length;
}

/** Body text for a block: cut at 2 KiB with a marker naming the full size and any cut the log made. */
export function blockBody(body: string | null, encoding: 'utf8' | 'base64', size: number, truncated: boolean): string[] {
  if (body === null || size === 0) return [];
  if (encoding === 'base64') return [`(binary body, ${size} bytes)`];
  let text = body;
  let cut = truncated;
  if (Buffer.byteLength(text, 'utf8') > BLOCK_BODY_CAP) {
    text = Buffer.from(text, 'utf8').subarray(0, BLOCK_BODY_CAP).toString('utf8').replace(/\uFFFD$/, '');
    cut = true;
  }
  const lines = text.split('\n');
  if (cut) lines.push(`… (body cut at ${Math.min(BLOCK_BODY_CAP, Buffer.byteLength(text, 'utf8'))} of ${size} bytes)${truncated ? ' (body truncated)' : ''}`);
  return lines;
}
