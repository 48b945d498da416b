/**
 * Runs a waitFor step: polls its http request until `until` holds `stable`
 * polls in a row. A server that is not up yet (refused, reset, DNS failure,
 * no answer within the poll) is "not ready", never an error of the step.
 * Giving up fails the step with the attempts, the last answer or transport
 * error, and the time waited.
 */
import { formatMs } from '../../events/format.js';
import type { StepOf } from '../../plan/types.js';
import { decodeBody, exchangePayload, responseNames } from '../http/names.js';
import { renderHttpRequest } from '../http/request.js';
import type { HttpExchange, HttpRequest } from '../transport/http-client.js';
import type { StepContext, StepOutcome } from '../types.js';
import type { WaitForRequest } from './types.js';

/** Sleeps `ms`; false when the signal fell first. The timer is ours and always cleared. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function lastSeen(ex: HttpExchange | null): string {
  if (!ex) return 'nothing was sent';
  if (ex.response) return `last answer: ${ex.response.proto} ${ex.response.status}${ex.response.statusText ? ' ' + ex.response.statusText : ''}`;
  return `last error: ${ex.error ?? 'no answer'}`;
}

/**
 * One poll. The http request's own `timeout` bounds a poll: a poll without an
 * answer in time is "not ready", while the step's deadline ends the wait.
 */
async function poll(req: HttpRequest, pollMs: number | undefined, ctx: StepContext): Promise<HttpExchange> {
  if (pollMs === undefined) return ctx.resources.http.send({ ...req, signal: ctx.signal });
  const ac = new AbortController();
  const onAbort = () => ac.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => ac.abort(new Error('poll timeout')), pollMs);
  try {
    const ex = await ctx.resources.http.send({ ...req, signal: ac.signal });
    if (ex.abortedIn !== null && !ctx.signal.aborted) return { ...ex, error: `no answer within ${formatMs(pollMs)} (${ex.abortedIn})` };
    return ex;
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onAbort);
  }
}

/** Runs one waitFor step. */
export async function runWaitFor(step: StepOf<WaitForRequest>, ctx: StepContext): Promise<StepOutcome> {
  const r = step.request;
  const req = renderHttpRequest(r.http, ctx.render);
  const started = performance.now();
  let delay = r.intervalMs;
  let streak = 0;
  let requests = 0;
  let last: HttpExchange | null = null;
  let lastNames: Record<string, import('../../expr/values.js').Value> = {};
  let untilError: string | null = null;
  const where = `${ctx.task} › step ${ctx.step}`;
  for (let attempt = 1; attempt <= r.attempts; attempt++) {
    const ex = await poll(req, r.http.timeoutMs, ctx);
    requests += 1 + ex.redirects.length;
    last = ex;
    ctx.exchange(exchangePayload(ex, attempt - 1));
    if (ex.abortedIn !== null && ctx.signal.aborted) {
      ctx.notice('waitFor', `${where}: deadline hit after ${attempt} attempt${attempt === 1 ? '' : 's'}, waited ${formatMs(performance.now() - started)}`);
      return { names: {}, requests, error: null, timedOut: { phase: `waiting for ${req.url} to be ready (attempt ${attempt}, ${lastSeen(ex)})` } };
    }
    let ready = false;
    if (ex.response) {
      const ct = ex.response.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1];
      const body = decodeBody(ex.response.body, ct);
      if (body.ok) {
        lastNames = responseNames(ex, body.value);
        const t = ctx.test(r.until.compiled, lastNames);
        ready = t.held;
        untilError = t.error;
      }
    }
    streak = ready ? streak + 1 : 0;
    if (streak >= r.stable) {
      ctx.notice('waitFor', `${where}: ready after ${attempt} attempt${attempt === 1 ? '' : 's'}, waited ${formatMs(performance.now() - started)}`);
      return { names: lastNames, requests, error: null, timedOut: null };
    }
    if (attempt === r.attempts) break;
    if (!(await pause(delay, ctx.signal))) {
      ctx.notice('waitFor', `${where}: deadline hit after ${attempt} attempt${attempt === 1 ? '' : 's'}, waited ${formatMs(performance.now() - started)}`);
      return { names: {}, requests, error: null, timedOut: { phase: `waiting to poll ${req.url} again (after attempt ${attempt}, ${lastSeen(last)})` } };
    }
    if (r.backoff) delay = Math.min(r.backoff.maxMs, delay * r.backoff.factor);
  }
  const waited = formatMs(performance.now() - started);
  ctx.notice('waitFor', `${where}: gave up after ${r.attempts} attempt${r.attempts === 1 ? '' : 's'}, waited ${waited}`);
  const lines = [
    `waitFor gave up: ${r.until.source} did not hold${r.stable > 1 ? ` ${r.stable} polls in a row` : ''} after ${r.attempts} attempt${r.attempts === 1 ? '' : 's'} (waited ${waited})`,
    lastSeen(last),
  ];
  if (untilError) lines.push(`until: ${untilError}`);
  return { names: lastNames, requests, error: null, timedOut: null, failed: lines.join('\n') };
}
