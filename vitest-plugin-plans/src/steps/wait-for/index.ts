/** The waitFor step: an http request polled until a condition holds (interval, backoff, attempts, stable). */
import { HTTP_PHASES, httpScopeNames } from '../../expr/scopes.js';
import type { StepOf } from '../../plan/types.js';
import { plural } from '../describe.js';
import { httpExchangeLines } from '../http/render.js';
import { REDIRECT_HOPS } from '../http/index.js';
import { defineStep } from '../types.js';
import { loadWaitForRequest } from './load.js';
import { runWaitFor } from './run.js';
import { waitForSchema } from './schema.js';
import type { WaitForRequest } from './types.js';

export const waitForStep = defineStep<WaitForRequest>({
  kind: 'waitFor',
  load: loadWaitForRequest,
  schema: waitForSchema,
  scope: () => httpScopeNames(),
  phases: HTTP_PHASES,
  keys: { repeat: false, retry: false, assertRequired: false },
  autoAssertions: () => [],
  sendsRequests: true,
  count(s: StepOf<WaitForRequest>) {
    const redirects = s.request.http.followRedirects;
    return { requests: 0, bound: redirects, waitFor: s.request.attempts * (redirects ? 1 + REDIRECT_HOPS : 1) };
  },
  describe: (s: StepOf<WaitForRequest>) =>
    `waitFor ${s.request.http.method} ${s.request.http.url.source} until ${s.request.until.source}${s.request.stable > 1 ? ` (${s.request.stable} polls in a row)` : ''}, up to ${plural(s.request.attempts, 'request')}`,
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: httpExchangeLines,
  run: runWaitFor,
});
