import { describe, expect, it } from 'vitest';
import { dayWindow, isMonth, minuteWindow, monthOf, nextMonthStartMs, secondsUntilNextMonth } from './month.js';

describe('month and window arithmetic (UTC)', () => {
  it.each([
    [Date.UTC(2026, 0, 1), '2026-01'],
    [Date.UTC(2026, 0, 31, 23, 59, 59, 999), '2026-01'],
    [Date.UTC(2026, 11, 31, 23, 59, 59), '2026-12'],
    [Date.UTC(2028, 1, 29, 12), '2028-02'],
  ])('monthOf(%i) is %s', (t, m) => {
    expect(monthOf(t)).toBe(m);
  });

  it.each([
    [Date.UTC(2026, 0, 15), Date.UTC(2026, 1, 1)],
    [Date.UTC(2026, 11, 31, 23, 59, 59), Date.UTC(2027, 0, 1)],
    [Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 1)],
  ])('next month after %i starts at %i', (t, next) => {
    expect(nextMonthStartMs(t)).toBe(next);
  });

  it('counts seconds to the next month, rounding up, never 0', () => {
    expect(secondsUntilNextMonth(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe(1);
    expect(secondsUntilNextMonth(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe(1);
    expect(secondsUntilNextMonth(Date.UTC(2026, 1, 1))).toBe(28 * 86_400);
  });

  it('aligns minute and day windows to the clock', () => {
    const t = Date.UTC(2026, 4, 5, 6, 7, 8, 500);
    expect(minuteWindow(t)).toEqual({ index: Math.floor(t / 60_000), endMs: Date.UTC(2026, 4, 5, 6, 8), resetS: 52 });
    expect(minuteWindow(Date.UTC(2026, 4, 5, 6, 8)).resetS).toBe(60);
    expect(dayWindow(t)).toEqual({ index: Math.floor(t / 86_400_000), endMs: Date.UTC(2026, 4, 6), resetS: Math.ceil((Date.UTC(2026, 4, 6) - t) / 1000) });
  });

  it.each([
    ['2026-01', true],
    ['2026-12', true],
    ['2026-00', false],
    ['2026-13', false],
    ['26-01', false],
    ['2026-1', false],
  ])('isMonth(%s) is %s', (s, ok) => {
    expect(isMonth(s)).toBe(ok);
  });
});
