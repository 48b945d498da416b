/**
 * Running one evaluation on a sandbox slot for either endpoint: 503 `busy` at once when every
 * slot is taken (no queue), and the context filled in for the log.
 */
import type { EvalJob, EvalResult, SandboxPool } from '../sandbox/pool.js';
import { HttpError } from './errors.js';
import type { RequestContext } from './context.js';

/** Seconds a client refused with 503 `busy` should wait: slots free up within a timeout. */
export const BUSY_RETRY_AFTER_S = 1;

/** Runs `job`, or throws 503 `busy`. */
export async function runEvaluation(pool: SandboxPool, ctx: RequestContext, job: Omit<EvalJob, 'requestId'>): Promise<EvalResult> {
  const running = pool.run({ ...job, requestId: ctx.id });
  if (running === null) {
    throw new HttpError('busy', 'every evaluation slot is busy; retry shortly', { 'Retry-After': String(BUSY_RETRY_AFTER_S) });
  }
  const result = await running;
  ctx.evalStatus = result.status;
  ctx.cpuMs = result.cpuMs;
  return result;
}
