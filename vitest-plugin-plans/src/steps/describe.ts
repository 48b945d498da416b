/** Wording shared by the kinds' `--explain` lines and counts. */
import type { Step } from '../plan/types.js';

/** `1 request`, `3 requests`. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `, retry up to N attempts` when the step retries, else empty. */
export function withRetry(s: Step): string {
  return s.retry && s.retry.attempts > 1 ? `, retry up to ${s.retry.attempts} attempts` : '';
}

/** `1 request`, or `up to N requests` under retry: one call or upgrade per attempt. */
export function perAttempt(s: Step): string {
  const r = withRetry(s);
  return `${r}, ${r ? `up to ${plural(s.retry!.attempts, 'request')}` : '1 request'}`;
}

/** The count of a kind that sends one request per attempt (ws upgrade, grpc call, graphql POST). */
export function oneRequestPerAttempt(s: Step): { requests: number; bound: boolean; waitFor: number } {
  const attempts = s.retry?.attempts ?? 1;
  return { requests: attempts, bound: attempts > 1, waitFor: 0 };
}

/** The count of a kind that sends nothing to the target (sql, fixture, exec). */
export function noRequests(): { requests: number; bound: boolean; waitFor: number } {
  return { requests: 0, bound: false, waitFor: 0 };
}
