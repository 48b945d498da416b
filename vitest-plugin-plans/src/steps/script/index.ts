/** The script step: run a script file or inline source with a runtime (runs in a later build). */
import { ANY, BOOL, phases } from '../../expr/types.js';
import type { StepOf } from '../../plan/types.js';
import { notInThisBuild } from '../not-yet.js';
import { defineStep } from '../types.js';
import { loadScriptRequest } from './load.js';
import { scriptSchema } from './schema.js';
import type { ScriptRequest } from './types.js';

export const scriptStep = defineStep<ScriptRequest>({
  kind: 'script',
  load: loadScriptRequest,
  schema: scriptSchema,
  scope: () => ({ ok: BOOL, result: ANY, duration: phases(['total']) }),
  phases: ['total'],
  keys: { repeat: false, retry: true, assertRequired: true },
  autoAssertions: () => [],
  sendsRequests: false,
  // A script may send anything: the plan's count becomes a bound (spec §4 rule 1).
  count: () => ({ requests: 0, bound: true, waitFor: 0 }),
  describe: (s: StepOf<ScriptRequest>) => `script ${s.request.runtime} ${s.request.file?.path ?? '(inline source)'}, no HTTP request`,
  runtime: (r) => r.runtime,
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: () => [],
  run: () => notInThisBuild('script'),
});
