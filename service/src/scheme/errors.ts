/**
 * Scheme errors raised by the interpreter's own operations.
 *
 * Builtins and the machine `throw new SchemeError(type, message)`; the machine turns it into a
 * Scheme condition (so `guard` and `with-exception-handler` see it) and, when nobody handles it,
 * into the EvalError of the response, adding the form index and the line/col of the innermost
 * expression it was running.
 */

/** The contract's EvalError types (evaluation-api.md §3). */
export type EvalErrorType =
  | 'syntax_error'
  | 'unbound_variable'
  | 'wrong_type'
  | 'arity_mismatch'
  | 'not_a_procedure'
  | 'division_by_zero'
  | 'arithmetic_error'
  | 'user_error'
  | 'timeout'
  | 'step_limit'
  | 'memory_limit'
  | 'integer_too_large'
  | 'too_complex'
  | 'source_too_large'
  | 'internal_error';

/** Limit errors cannot be caught by Scheme handlers: they end the evaluation. */
export const UNCATCHABLE: ReadonlySet<EvalErrorType> = new Set<EvalErrorType>([
  'timeout',
  'step_limit',
  'memory_limit',
  'integer_too_large',
  'too_complex',
]);

/** EvalResponse.status for an error type (evaluator-decisions.md "Evaluation"). */
export function statusForErrorType(type: EvalErrorType): 'error' | 'timeout' | 'limit_exceeded' {
  if (type === 'timeout') return 'timeout';
  if (type === 'step_limit' || type === 'memory_limit' || type === 'integer_too_large' || type === 'too_complex') {
    return 'limit_exceeded';
  }
  return 'error';
}

export class SchemeError extends Error {
  constructor(
    public readonly type: EvalErrorType,
    message: string,
    /** Optional position when the thrower knows it better than the machine (reader errors). */
    public readonly line: number | null = null,
    public readonly col: number | null = null,
  ) {
    super(message);
    this.name = 'SchemeError';
  }
}
