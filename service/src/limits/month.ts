/**
 * Calendar arithmetic for the limits, all in UTC: the minute and day windows of the rate limits
 * and the month of the CPU quota. One module so that every reset time is computed the same way.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A fixed window: its index (for keys), its end, and whole seconds until it ends. */
export interface Window {
  /** floor(now / length): identifies the window in storage keys. */
  index: number;
  /** Epoch ms at which the window ends (the next one starts). */
  endMs: number;
  /** ceil((endMs − now) / 1000): 1..length/1000. Never 0, so Retry-After is always useful. */
  resetS: number;
}

function fixedWindow(nowMs: number, lengthMs: number): Window {
  const index = Math.floor(nowMs / lengthMs);
  const endMs = (index + 1) * lengthMs;
  return { index, endMs, resetS: Math.max(1, Math.ceil((endMs - nowMs) / 1000)) };
}

/** The minute window (aligned to :00 UTC of each minute) containing `nowMs`. */
export function minuteWindow(nowMs: number): Window {
  return fixedWindow(nowMs, MINUTE_MS);
}

/** The day window (00:00 UTC to 00:00 UTC; epoch days have no leap seconds) containing `nowMs`. */
export function dayWindow(nowMs: number): Window {
  return fixedWindow(nowMs, DAY_MS);
}

/**
 * The UTC month of `nowMs` as `YYYY-MM`.
 * @example monthOf(Date.UTC(2026, 0, 31, 23, 59)) // '2026-01'
 */
export function monthOf(nowMs: number): string {
  const d = new Date(nowMs);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Epoch ms of 00:00 UTC on the first day of the month after the one containing `nowMs`. */
export function nextMonthStartMs(nowMs: number): number {
  const d = new Date(nowMs);
  // Date.UTC rolls month 12 over into January of the next year.
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Whole seconds until the next UTC month starts (>= 1): the CPU quota's `reset_s`. */
export function secondsUntilNextMonth(nowMs: number): number {
  return Math.max(1, Math.ceil((nextMonthStartMs(nowMs) - nowMs) / 1000));
}

/** True when `s` is a month string `YYYY-MM` with a month 01–12. */
export function isMonth(s: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(s);
}
