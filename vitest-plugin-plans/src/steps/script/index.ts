/**
 * The script step: a script file or inline source run by a runtime on PATH,
 * given `{ env, tasks, run, args }` on stdin and answering with NDJSON checks,
 * a result and logs on fd 3 (docs/kinds/script.md). Same process rules as exec.
 */
import { ANY, BOOL, STR, listOf, record } from '../../expr/types.js';
import type { StepOf } from '../../plan/types.js';
import { defineStep } from '../types.js';
import { PROCESS_PHASES, processScope } from '../process/names.js';
import { processExchangeLines } from '../process/render.js';
import { loadScriptRequest } from './load.js';
import { scriptSchema } from './schema.js';
import type { ScriptRequest } from './types.js';

export const scriptStep = defineStep<ScriptRequest>({
  kind: 'script',
  load: loadScriptRequest,
  schema: scriptSchema,
  scope: () => ({
    ok: BOOL,
    result: ANY,
    checks: listOf(record('check', { name: STR, ok: BOOL, detail: ANY }), 'checks'),
    logs: listOf(STR, 'logs'),
    ...processScope(),
  }),
  phases: PROCESS_PHASES,
  keys: { repeat: false, retry: true, assertRequired: true },
  autoAssertions: () => [],
  sendsRequests: false,
  // A script may send anything: the plan's count becomes a bound (spec §4 rule 1).
  count: () => ({ requests: 0, bound: true, waitFor: 0 }),
  describe: (s: StepOf<ScriptRequest>) => `script ${s.request.runtime} ${s.request.file?.path ?? '(inline source)'}, no HTTP request`,
  runtime: (r) => r.runtime,
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: processExchangeLines,
  // child_process is loaded only when a script step runs: `runner plan` never starts one.
  run: async (step: StepOf<ScriptRequest>, ctx) => (await import('./run.js')).runScript(step, ctx),
});
