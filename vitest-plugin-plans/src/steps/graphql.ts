/**
 * The graphql step: an http POST of `{query, variables?, operationName?}` as
 * application/json (plan-runner.md "Outgoing graphql request"). The automatic
 * `body.errors` assertion is added by the loader; the engine reports it.
 */
import { loadGraphqlRequest } from '../plan/requests/graphql.js';
import type { StepOf } from '../plan/types.js';
import { sendHttp } from './http-send.js';
import type { StepModule } from './types.js';

/** The note of a failing automatic graphql assertion. */
export const GRAPHQL_NOTE = 'a graphql step fails when the response carries errors; a plan that expects an error asserts on body.errors';

export const graphqlStep: StepModule<'graphql'> = {
  kind: 'graphql',
  load: loadGraphqlRequest,
  async run(step: StepOf<'graphql'>, ctx) {
    const r = step.request;
    const parts = [`"query":${JSON.stringify(r.query)}`];
    if (r.variables !== undefined) parts.push(`"variables":${ctx.render.json(r.variables)}`);
    if (r.operationName !== undefined) parts.push(`"operationName":${JSON.stringify(ctx.render.text(r.operationName))}`);
    const headers: Array<[string, string]> = r.headers.map((h) => [h.name, ctx.render.text(h.value)]);
    if (!headers.some(([k]) => k.toLowerCase() === 'content-type')) headers.push(['content-type', 'application/json']);
    const body = Buffer.from(`{${parts.join(',')}}`, 'utf8');
    return sendHttp({ method: 'POST', url: ctx.render.text(r.url), headers, body, followRedirects: false }, ctx);
  },
};
