/** The run of a kind this build loads and counts but cannot run yet (sql, fixture, exec, script: issue 11). */
import type { StepOutcome } from './types.js';

/** An errored outcome naming the kind. */
export async function notInThisBuild(kind: string): Promise<StepOutcome> {
  return { names: {}, requests: 0, error: `${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind} step cannot run in this build yet`, timedOut: null };
}
