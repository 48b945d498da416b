/**
 * The grpc step: one call of any shape through @grpc/grpc-js, checked at load
 * against its .proto (or resolved by server reflection at run time). int64
 * values stay exact; `code == "OK"` is added unless an assertion reads code.
 */
import type { StepOf } from '../../plan/types.js';
import { oneRequestPerAttempt, perAttempt } from '../describe.js';
import { defineStep } from '../types.js';
import { loadGrpcRequest } from './load.js';
import { grpcExchangeLines } from './render.js';
import { grpcSchema } from './schema.js';
import { GRPC_PHASES, grpcScopeNames } from './scope.js';
import type { GrpcRequest } from './types.js';

export const grpcStep = defineStep<GrpcRequest>({
  kind: 'grpc',
  load: loadGrpcRequest,
  schema: grpcSchema,
  scope: grpcScopeNames,
  phases: GRPC_PHASES,
  keys: { repeat: false, retry: true, assertRequired: true },
  autoAssertions(r, reads) {
    const out = reads('code') ? [] : ['code == "OK"'];
    if (r.expect !== undefined) out.push(`messages count ${r.expect}`);
    return out;
  },
  sendsRequests: true,
  count: oneRequestPerAttempt,
  describe: (s: StepOf<GrpcRequest>) =>
    `grpc ${s.request.service}/${s.request.method} at ${s.request.address.source}${s.request.proto ? '' : ' (checked at run time by server reflection)'}${perAttempt(s)}`,
  timeoutMs: (r) => r.timeoutMs,
  // The timeout is the call's gRPC deadline: DEADLINE_EXCEEDED comes back as `code`.
  deadlineGraceMs: 1000,
  renderExchange: grpcExchangeLines,
  // grpc-js is loaded only when a grpc step runs: `runner plan` never loads a transport.
  run: async (step: StepOf<GrpcRequest>, ctx) => (await import('./run.js')).runGrpc(step, ctx),
});
