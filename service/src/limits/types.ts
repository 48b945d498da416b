/**
 * Limits: per-key rate windows, per-account evaluations in flight, demo per-IP counts.
 *
 * One interface, two implementations (in memory for one process, Redis for several instances),
 * both passing `limits.conformance.ts`. The Redis implementation does each check-and-count in one
 * Lua script, so limits hold across instances exactly as in one (evaluator-decisions.md "Scale-out").
 *
 * Windows are FIXED and aligned to the UTC clock: minute windows start at :00 of each minute, day
 * windows at 00:00 UTC. Only accepted hits are counted, so a client hammering a full window does
 * not push its own reset further away. `nowMs` parameters exist for tests and default to
 * `Date.now()`; instances are assumed to have NTP-synchronised clocks.
 *
 * Infrastructure faults (Redis unreachable) are thrown as `ServiceFault` code `limits_unavailable`.
 */

/** Outcome of a rate check; maps onto the RateLimit-* headers and the Limits body's `rate_limit`. */
export interface RateDecision {
  /** True when this hit was accepted (and counted). Always reflects room left for `peekRate`. */
  allowed: boolean;
  /** Requests allowed per window (RateLimit-Limit). */
  limit: number;
  /** Requests left in the current window after this hit (RateLimit-Remaining), >= 0. */
  remaining: number;
  /** Accepted requests in the current window, including this one, <= limit. */
  used: number;
  /** Whole seconds until the window resets, 1..60 (RateLimit-Reset). */
  resetS: number;
  /** Seconds to wait before retrying: 0 when allowed, else `resetS` (Retry-After). */
  retryAfterS: number;
}

/** A claim on one in-flight slot of an account. Expires on its own after `leaseMs`. */
export interface Lease {
  /** Unique lease id. */
  readonly id: string;
  readonly accountId: string;
  /** Epoch ms after which the lease stops counting even if never released. */
  readonly expiresAtMs: number;
}

/** Outcome of `acquireInFlight`. */
export type InFlightResult =
  | { ok: true; lease: Lease; current: number; limit: number }
  | { ok: false; current: number; limit: number; retryAfterS: number };

/** One demo window's state after a hit. */
export interface DemoWindow {
  limit: number;
  /** Left in this window, >= 0. */
  remaining: number;
  /** Whole seconds until this window resets. */
  resetS: number;
}

/** Outcome of `demoHit`: allowed only when BOTH the minute and the day window have room. */
export interface DemoDecision {
  allowed: boolean;
  /** 0 when allowed; else seconds until every exhausted window has reset. */
  retryAfterS: number;
  minute: DemoWindow;
  day: DemoWindow;
}

/** Demo per-IP limits (evaluation-api.md §8): 10 per minute and 100 per UTC day. */
export const DEMO_PER_MINUTE = 10;
/** See `DEMO_PER_MINUTE`. */
export const DEMO_PER_DAY = 100;

/** Rate windows, in-flight leases and demo counts. All methods may throw `ServiceFault`. */
export interface Limits {
  /** Which implementation: for logs. */
  readonly kind: 'memory' | 'redis';
  /**
   * Counts one request for `keyId` in the current minute window if there is room.
   * Exactly `limitPerMinute` hits are accepted per key-minute, across instances.
   */
  hitRate(keyId: string, limitPerMinute: number, nowMs?: number): Promise<RateDecision>;
  /** Same answer shape as `hitRate` but counts nothing (for GET /v1/limits). `allowed` = room left. */
  peekRate(keyId: string, limitPerMinute: number, nowMs?: number): Promise<RateDecision>;
  /**
   * Takes one of `limit` in-flight slots of the account as a lease valid for `leaseMs`
   * (set it to the evaluation's deadline plus a margin). Expired leases are dropped first, so a
   * crashed instance or a lost release never leaks a slot for longer than `leaseMs`.
   */
  acquireInFlight(accountId: string, limit: number, leaseMs: number, nowMs?: number): Promise<InFlightResult>;
  /** Gives a lease back. Idempotent; releasing an expired or unknown lease is a no-op. */
  releaseInFlight(lease: Lease): Promise<void>;
  /** Unexpired leases held by the account now. */
  inFlight(accountId: string, nowMs?: number): Promise<number>;
  /** Counts one demo request for `ip` in both its minute and its day window if both have room. */
  demoHit(ip: string, nowMs?: number): Promise<DemoDecision>;
  /** Disconnects. Idempotent. */
  close(): Promise<void>;
}

/** Options of `createLimits` (`./index.ts`). */
export interface LimitsOptions {
  /** Redis URL (`--redis-url` / `REDIS_URL`). When set, Redis is used; else memory. */
  redisUrl?: string;
  /** Prefix of every Redis key; default `evaluator:`. Tests use a unique one per run. */
  keyPrefix?: string;
}
