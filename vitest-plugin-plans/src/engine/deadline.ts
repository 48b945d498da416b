/**
 * A step deadline: a signal that aborts when the run's signal does or when
 * `ms` pass. The timer is a plain setTimeout held by this object and cleared
 * by `clear()`, never an `AbortSignal.timeout` inside `AbortSignal.any`: that
 * pair can be garbage-collected before it fires, and the step then waits
 * forever on a server that never answers (nodejs/node#57736).
 */

/** A deadline's signal and the way to release it. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Stops the timer and unhooks from the parent; call when the step ends. */
  clear(): void;
}

/** Reason of an abort by the step deadline (the run's own reason passes through otherwise). */
export class StepDeadlineError extends Error {
  override name = 'TimeoutError';
}

/**
 * @example
 * const d = createDeadline(runSignal, 5000);
 * try { await send({ signal: d.signal }); } finally { d.clear(); }
 */
export function createDeadline(parent: AbortSignal, ms: number | undefined): Deadline {
  if (ms === undefined) return { signal: parent, clear() {} };
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, clear() {} };
  }
  const onParent = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onParent, { once: true });
  const timer = setTimeout(() => controller.abort(new StepDeadlineError(`step deadline of ${ms}ms reached`)), ms);
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}
