/**
 * Sends a graphql step: an http POST of `{query, variables?, operationName?}`
 * as application/json (plan-runner.md "Outgoing graphql request").
 */
import type { StepOf } from '../../plan/types.js';
import { sendHttp } from '../http/send.js';
import type { StepContext, StepOutcome } from '../types.js';
import type { GraphqlRequest } from './types.js';

/** Runs one graphql step. */
export function runGraphql(step: StepOf<GraphqlRequest>, ctx: StepContext): Promise<StepOutcome> {
  const r = step.request;
  const parts = [`"query":${JSON.stringify(r.query)}`];
  if (r.variables !== undefined) parts.push(`"variables":${ctx.render.json(r.variables)}`);
  if (r.operationName !== undefined) parts.push(`"operationName":${JSON.stringify(ctx.render.text(r.operationName))}`);
  const headers: Array<[string, string]> = r.headers.map((h) => [h.name, ctx.render.text(h.value)]);
  if (!headers.some(([k]) => k.toLowerCase() === 'content-type')) headers.push(['content-type', 'application/json']);
  const body = Buffer.from(`{${parts.join(',')}}`, 'utf8');
  return sendHttp({ method: 'POST', url: ctx.render.text(r.url), headers, body, followRedirects: false }, ctx);
}
