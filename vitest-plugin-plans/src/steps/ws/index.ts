/**
 * The ws step: one WebSocket upgrade, the `send:` items in order, messages
 * collected until `expect`, `until`, the server's close or `idle`. A refused
 * upgrade is a result (status, headers, body), not a transport error.
 */
import type { StepOf } from '../../plan/types.js';
import { oneRequestPerAttempt, perAttempt } from '../describe.js';
import { defineStep } from '../types.js';
import { loadWsRequest } from './load.js';
import { wsExchangeLines } from './render.js';
import { wsSchema } from './schema.js';
import { WS_PHASES, wsScopeNames } from './scope.js';
import type { WsRequest } from './types.js';

export const wsStep = defineStep<WsRequest>({
  kind: 'ws',
  load: loadWsRequest,
  schema: wsSchema,
  scope: wsScopeNames,
  phases: WS_PHASES,
  keys: { repeat: false, retry: true, assertRequired: true },
  autoAssertions: (r) => (r.expect !== undefined ? [`messages count ${r.expect}`] : []),
  sendsRequests: true,
  count: oneRequestPerAttempt,
  describe: (s: StepOf<WsRequest>) => `ws GET ${s.request.url.source} (upgrade)${perAttempt(s)}`,
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: wsExchangeLines,
  // ws is loaded only when a ws step runs: `runner plan` never loads a transport.
  run: async (step: StepOf<WsRequest>, ctx) => (await import('./run.js')).runWs(step, ctx),
});
