/** Runs a grpc step (PLACEHOLDER until call.ts lands). */
import type { StepOf } from '../../plan/types.js';
import type { StepContext, StepOutcome } from '../types.js';
import type { GrpcRequest } from './types.js';

/** Runs one grpc step. */
export async function runGrpc(_step: StepOf<GrpcRequest>, _ctx: StepContext): Promise<StepOutcome> {
  return { names: {}, requests: 0, error: 'grpc: not wired yet', timedOut: null };
}
