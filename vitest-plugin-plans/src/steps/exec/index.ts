/**
 * The exec step: run a command without a shell, in its own process group,
 * with a timeout that kills the whole group, capped output, and a leak line
 * for whatever it leaves running (docs/kinds/exec.md).
 */
import type { StepOf } from '../../plan/types.js';
import { noRequests } from '../describe.js';
import { defineStep } from '../types.js';
import { PROCESS_PHASES, processScope } from '../process/names.js';
import { processExchangeLines } from '../process/render.js';
import { loadExecRequest } from './load.js';
import { execSchema } from './schema.js';
import type { ExecRequest } from './types.js';

export const execStep = defineStep<ExecRequest>({
  kind: 'exec',
  load: loadExecRequest,
  schema: execSchema,
  scope: processScope,
  phases: PROCESS_PHASES,
  keys: { repeat: false, retry: true, assertRequired: true },
  autoAssertions: () => [],
  sendsRequests: false,
  count: noRequests,
  describe: (s: StepOf<ExecRequest>) => `exec ${[s.request.command, ...s.request.args].map((t) => t.source).join(' ')}, no HTTP request`,
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: processExchangeLines,
  // child_process is loaded only when an exec step runs: `runner plan` never starts one.
  run: async (step: StepOf<ExecRequest>, ctx) => (await import('./run.js')).runExec(step, ctx),
});
