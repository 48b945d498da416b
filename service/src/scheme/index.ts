/**
 * Public API of the Scheme interpreter: `evaluate` a program under limits, and turn the
 * outcome into the contract's EvalResponse. See docs/interpreter.md for the design.
 *
 * @example
 * const outcome = evaluate('(define (sq x) (* x x)) (sq 12)', API_LIMITS);
 * const body = stringifyJson(toEvalResponse(outcome, { requestId: 'req_1', cpuMs: 0.4 }));
 */
import type { EvalErrorInfo, EvalOutcome, EvalResult } from './evaluate.js';

export { evaluate } from './evaluate.js';
export type { EvalErrorInfo, EvalOutcome, EvalResult } from './evaluate.js';
export { API_LIMITS, DEMO_LIMITS, type EvalLimits } from './limits.js';
export { readProgram, readAll, readDatum } from './reader/index.js';

/** EvalResponse of evaluation-api.md §2 (stats included). */
export interface EvalResponse {
  status: EvalOutcome['status'];
  results: EvalResult[];
  stdout: string;
  stdout_truncated: boolean;
  stats: { wall_ms: number; cpu_ms: number; steps: number | null; memory_bytes: number | null };
  error: EvalErrorInfo | null;
  request_id: string;
  /** Only when the program called `exit` or `emergency-exit`. */
  exit_code?: number;
}

/** Build the exact EvalResponse object; serialise it with json.ts `stringifyJson` to keep bignum digits. */
export function toEvalResponse(outcome: EvalOutcome, extra: { requestId: string; cpuMs: number }): EvalResponse {
  const response: EvalResponse = {
    status: outcome.status,
    results: outcome.results,
    stdout: outcome.stdout,
    stdout_truncated: outcome.stdout_truncated,
    stats: {
      wall_ms: outcome.wall_ms,
      cpu_ms: Math.round(extra.cpuMs * 1000) / 1000,
      steps: outcome.steps,
      memory_bytes: outcome.memory_bytes,
    },
    error: outcome.error,
    request_id: extra.requestId,
  };
  if (outcome.exit_code !== undefined) response.exit_code = outcome.exit_code;
  return response;
}
