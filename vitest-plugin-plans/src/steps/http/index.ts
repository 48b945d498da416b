/** The http step: method, url, headers, json/body/bodyFile, redirects, repeat. */
import { HTTP_PHASES, httpScopeNames } from '../../expr/scopes.js';
import type { StepOf } from '../../plan/types.js';
import { defineStep } from '../types.js';
import { plural, withRetry } from '../describe.js';
import { loadHttpRequest } from './load.js';
import { httpExchangeLines } from './render.js';
import { renderHttpRequest } from './request.js';
import { httpSchema } from './schema.js';
import { sendHttp } from './send.js';
import type { HttpRequest } from './types.js';

/** Most hops a followed redirect chain adds (plan-format: "true follows up to 10"). */
export const REDIRECT_HOPS = 10;

export const httpStep = defineStep<HttpRequest>({
  kind: 'http',
  load: loadHttpRequest,
  schema: httpSchema,
  scope: httpScopeNames,
  phases: HTTP_PHASES,
  keys: { repeat: true, retry: true, assertRequired: true },
  autoAssertions: () => [],
  sendsRequests: true,
  count(s: StepOf<HttpRequest>) {
    const retries = s.retry?.attempts ?? 1;
    const redirects = s.request.followRedirects;
    return { requests: (s.repeat?.count ?? 1) * retries * (redirects ? 1 + REDIRECT_HOPS : 1), bound: retries > 1 || redirects, waitFor: 0 };
  },
  describe(s: StepOf<HttpRequest>) {
    const n = (s.repeat?.count ?? 1) * (s.retry?.attempts ?? 1);
    const rep = s.repeat ? `, repeat ${s.repeat.count} ${s.repeat.mode}` : '';
    const retry = withRetry(s);
    const redirect = s.request.followRedirects ? ', follows up to 10 redirects' : '';
    const upTo = retry || redirect ? 'up to ' : '';
    return `http ${s.request.method} ${s.request.url.source}${rep}${retry}${redirect}, ${upTo}${plural(n, 'request')}${redirect ? ' plus redirects' : ''}`;
  },
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: httpExchangeLines,
  run: (step: StepOf<HttpRequest>, ctx) => sendHttp(renderHttpRequest(step.request, ctx.render), ctx, step.repeat),
});
