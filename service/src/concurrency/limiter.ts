/**
 * The one concurrency primitive: a counting limiter with acquire/release, never a queue.
 *
 * `tryAcquire` either hands out a permit at once or refuses at once (a full service answers
 * 503/429 immediately rather than queueing without bound, evaluator-decisions.md "Evaluation").
 * A permit may carry a lease: after `leaseMs` it stops counting on its own, so a holder that
 * crashed or forgot to release cannot leak capacity for longer than the lease. Releasing is
 * idempotent, so a timeout path and a completion path may both release safely.
 *
 * Single-threaded JavaScript makes check-and-take atomic here; the Redis in-flight script is the
 * same algorithm for several processes.
 */
import { randomUUID } from 'node:crypto';

/** A held unit of capacity. */
export interface Permit {
  /** Unique id. */
  readonly id: string;
  /** Epoch ms at which the permit stops counting; `Infinity` without a lease. */
  readonly expiresAtMs: number;
  /** Gives the unit back. Idempotent: true only when this call freed a unit still held. */
  release(): boolean;
}

/** Options of one `tryAcquire`. */
export interface AcquireOptions {
  /** Lease length in ms; omitted = until released. */
  leaseMs?: number;
  /** Clock for tests; default `Date.now()`. */
  nowMs?: number;
  /** Capacity for this call, overriding the limiter's (a plan may change between calls). */
  capacity?: number;
}

/** A counting limiter. */
export interface Limiter {
  /** Default capacity. */
  readonly capacity: number;
  /** A permit, or null when `capacity` unexpired permits are already held. */
  tryAcquire(options?: AcquireOptions): Permit | null;
  /** Unexpired permits held at `nowMs` (default now). */
  inUse(nowMs?: number): number;
  /** Epoch ms at which the earliest held permit expires, or null when none is held. */
  nextExpiryMs(nowMs?: number): number | null;
}

/**
 * A limiter of `capacity` units.
 * @example
 * const slots = createLimiter(4);
 * const p = slots.tryAcquire();
 * if (!p) return busy();
 * try { await run(); } finally { p.release(); }
 */
export function createLimiter(capacity: number): Limiter {
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`capacity must be an integer >= 0, got ${capacity}`);
  const held = new Map<string, number>(); // permit id → expiresAtMs

  const prune = (now: number): void => {
    for (const [id, exp] of held) if (exp <= now) held.delete(id);
  };

  return {
    capacity,
    tryAcquire(options = {}) {
      const now = options.nowMs ?? Date.now();
      const cap = options.capacity ?? capacity;
      prune(now);
      if (held.size >= cap) return null;
      const id = randomUUID();
      const expiresAtMs = options.leaseMs === undefined ? Infinity : now + options.leaseMs;
      held.set(id, expiresAtMs);
      return {
        id,
        expiresAtMs,
        release() {
          return held.delete(id);
        },
      };
    },
    inUse(nowMs = Date.now()) {
      prune(nowMs);
      return held.size;
    },
    nextExpiryMs(nowMs = Date.now()) {
      prune(nowMs);
      let min: number | null = null;
      for (const exp of held.values()) if (min === null || exp < min) min = exp;
      return min;
    },
  };
}
