/** The exec step: run a command without a shell (runs in a later build). */
import { BOOL, NUM, STR, phases, record } from '../../expr/types.js';
import type { StepOf } from '../../plan/types.js';
import { noRequests } from '../describe.js';
import { notInThisBuild } from '../not-yet.js';
import { defineStep } from '../types.js';
import { loadExecRequest } from './load.js';
import { execSchema } from './schema.js';
import type { ExecRequest } from './types.js';

export const execStep = defineStep<ExecRequest>({
  kind: 'exec',
  load: loadExecRequest,
  schema: execSchema,
  scope: () => ({ exitCode: NUM, stdout: STR, stderr: STR, truncated: record('truncated', { stdout: BOOL, stderr: BOOL }), duration: phases(['total']) }),
  phases: ['total'],
  keys: { repeat: false, retry: true, assertRequired: true },
  autoAssertions: () => [],
  sendsRequests: false,
  count: noRequests,
  describe: (s: StepOf<ExecRequest>) => `exec ${[s.request.command, ...s.request.args].map((t) => t.source).join(' ')}, no HTTP request`,
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: () => [],
  run: () => notInThisBuild('exec'),
});
