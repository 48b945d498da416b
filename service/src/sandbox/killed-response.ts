/**
 * The EvalResponse of an evaluation whose slot the parent had to kill. It is the only answer
 * with `steps` and `memory_bytes` null (evaluator-decisions.md "Evaluation"): a killed worker
 * cannot report them, and forms that finished before the kill are lost with it.
 */

/** Why a slot was killed; maps to the EvalError type of the answer. */
export type KillReason = 'timeout' | 'memory_limit';

const MESSAGES: Record<KillReason, (timeoutMs: number) => string> = {
  timeout: (t) => `evaluation did not finish within timeout_ms (${t} ms); the sandbox was stopped`,
  memory_limit: () => 'evaluation exhausted the sandbox heap; the sandbox was stopped',
};

/** JSON text of the EvalResponse for a killed slot. */
export function killedResponse(
  reason: KillReason,
  opts: { requestId: string; timeoutMs: number; wallMs: number; cpuMs: number },
): { body: string; status: string } {
  const status = reason === 'timeout' ? 'timeout' : 'limit_exceeded';
  const body = {
    status,
    results: [],
    stdout: '',
    stdout_truncated: false,
    stats: { wall_ms: round3(opts.wallMs), cpu_ms: round3(opts.cpuMs), steps: null, memory_bytes: null },
    error: { type: reason, message: MESSAGES[reason](opts.timeoutMs), index: null, line: null, col: null },
    request_id: opts.requestId,
  };
  return { body: JSON.stringify(body), status };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
