/**
 * Step kind → module. A later kind (ws, grpc, sql, fixture, exec, script,
 * waitFor) is one more module here and nothing else changes; a kind without a
 * module yet ends its step errored with a clear reason.
 */
import type { StepKind } from '../plan/types.js';
import { graphqlStep } from './graphql.js';
import { httpStep } from './http.js';
import type { StepModule } from './types.js';

export const STEP_MODULES: { [K in StepKind]?: StepModule<K> } = {
  http: httpStep,
  graphql: graphqlStep,
};

/** The module of a kind, if this build has one. */
export function stepModule<K extends StepKind>(kind: K): StepModule<K> | undefined {
  return STEP_MODULES[kind] as StepModule<K> | undefined;
}
