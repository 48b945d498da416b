/**
 * The graphql step: an http step whose request is a query parsed at load. The
 * automatic `body.errors` assertion is added unless a written one reads it.
 */
import { HTTP_PHASES, httpScopeNames } from '../../expr/scopes.js';
import type { StepOf } from '../../plan/types.js';
import { defineStep } from '../types.js';
import { httpExchangeLines } from '../http/render.js';
import { loadGraphqlRequest } from './load.js';
import { runGraphql } from './run.js';
import { graphqlSchema } from './schema.js';
import type { GraphqlRequest } from './types.js';

export const graphqlStep = defineStep<GraphqlRequest>({
  kind: 'graphql',
  load: loadGraphqlRequest,
  schema: graphqlSchema,
  scope: httpScopeNames,
  phases: HTTP_PHASES,
  // plan-runner.md: "`repeat` and `retry` are not keys of a graphql step".
  keys: { repeat: false, retry: false, assertRequired: true },
  autoAssertions: (_r, reads) => (reads('body.errors') ? [] : ['body.errors == nil or len(body.errors) == 0']),
  autoNote: 'a graphql step fails when the response carries errors; a plan that expects an error asserts on body.errors',
  sendsRequests: true,
  count: () => ({ requests: 1, bound: false, waitFor: 0 }),
  describe(s: StepOf<GraphqlRequest>) {
    const op = s.request.operations.length ? ` (${s.request.operations.join(', ')})` : '';
    return `graphql POST ${s.request.url.source}${op}, 1 request`;
  },
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: httpExchangeLines,
  run: runGraphql,
});
