/**
 * The one concurrency primitive (style.md): a weighted limiter with
 * acquire/release. Worker slots take weight 1 of `--jobs`; resource claims
 * take 1 (shared) or the whole capacity (exclusive). Waiters are served in
 * arrival order, so a heavy waiter is not starved by a stream of light ones.
 */
export interface Limiter {
  readonly capacity: number;
  /** Weight currently held. */
  readonly used: number;
  /** Take `weight` now if it fits and nobody is queued ahead; returns whether it was taken. */
  tryAcquire(weight?: number): boolean;
  /** Wait until `weight` fits, then take it. */
  acquire(weight?: number): Promise<void>;
  release(weight?: number): void;
}

/**
 * @example
 * const slots = createLimiter(4);
 * await slots.acquire();
 * try { await work(); } finally { slots.release(); }
 */
export function createLimiter(capacity: number): Limiter {
  if (!(capacity >= 1)) throw new RangeError('limiter capacity must be at least 1');
  let used = 0;
  const queue: Array<{ weight: number; wake: () => void }> = [];

  const fits = (w: number) => used + w <= capacity;
  const drain = () => {
    while (queue.length > 0 && fits(queue[0]!.weight)) {
      const next = queue.shift()!;
      used += next.weight;
      next.wake();
    }
  };

  return {
    capacity,
    get used() {
      return used;
    },
    tryAcquire(weight = 1) {
      if (weight > capacity) throw new RangeError(`weight ${weight} exceeds capacity ${capacity}`);
      if (queue.length > 0 || !fits(weight)) return false;
      used += weight;
      return true;
    },
    acquire(weight = 1) {
      if (weight > capacity) return Promise.reject(new RangeError(`weight ${weight} exceeds capacity ${capacity}`));
      if (queue.length === 0 && fits(weight)) {
        used += weight;
        return Promise.resolve();
      }
      return new Promise<void>((wake) => queue.push({ weight, wake }));
    },
    release(weight = 1) {
      used -= weight;
      if (used < 0) throw new Error('limiter released more than it held');
      drain();
    },
  };
}
