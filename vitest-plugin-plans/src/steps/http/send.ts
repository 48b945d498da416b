/**
 * Sending a rendered http request once or under `repeat`, shared by the http
 * and graphql steps: records each exchange, decodes bodies, and turns the
 * answers into names (the last response's, plus `responses` under repeat).
 */
import { list, type Value } from '../../expr/values.js';
import type { RepeatSpec } from '../../plan/types.js';
import { decodeBody, isJsonType, exchangePayload, responseNames, responseValue } from './names.js';
import type { HttpRequest } from '../transport/http-client.js';
import type { StepContext, StepOutcome } from '../types.js';

/** Send `req` (count times under repeat) and build the step outcome. */
export async function sendHttp(req: HttpRequest, ctx: StepContext, repeat?: RepeatSpec): Promise<StepOutcome> {
  const count = repeat?.count ?? 1;
  // Exchanges are recorded in send order (a parallel repeat records them when all have answered),
  // so the log and the failure block show the same last response on every run.
  const one = async (index: number | null, record = true) => {
    const ex = await ctx.resources.http.send({ ...req, signal: ctx.signal });
    if (record) ctx.exchange(exchangePayload(ex, index));
    return ex;
  };
  const exchanges =
    !repeat
      ? [await one(null)]
      : repeat.mode === 'parallel'
        ? await Promise.all(Array.from({ length: count }, (_, i) => one(i, false))).then((all) => {
            all.forEach((ex, i) => ctx.exchange(exchangePayload(ex, i)));
            return all;
          })
        : await (async () => {
            const out = [];
            for (let i = 0; i < count; i++) {
              const ex = await one(i);
              out.push(ex);
              if (!ex.response) break;
            }
            return out;
          })();
  const requests = exchanges.reduce((n, ex) => n + 1 + ex.redirects.length, 0);
  const aborted = exchanges.find((ex) => ex.abortedIn !== null);
  if (aborted) return { names: {}, requests, error: null, timedOut: { phase: aborted.abortedIn } };
  const failed = exchanges.find((ex) => ex.error !== null);
  if (failed) return { names: {}, requests, error: failed.error, timedOut: null };
  const all: Array<Record<string, Value>> = [];
  let malformed: string | undefined;
  for (const ex of exchanges) {
    const ct = ex.response!.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    const body = decodeBody(ex.response!.body, ct);
    if (!body.ok) return { names: {}, requests, error: body.error, timedOut: null };
    // Only the last response is `body`; an earlier one that did not parse stays text in `responses`.
    malformed = body.malformed;
    all.push(responseNames(ex, body.value));
  }
  const names: Record<string, Value> = { ...all[all.length - 1]! };
  if (repeat) names.responses = list(all.map((r, index) => responseValue(r, { index, count, parallel: repeat.mode === 'parallel' })), 'responses');
  const lastType = exchanges[exchanges.length - 1]!.response!.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const out: StepOutcome = { names, requests, error: null, timedOut: null };
  if (malformed !== undefined) out.bodyNotJson = { contentType: lastType, malformed };
  else if (!isJsonType(lastType) && exchanges[exchanges.length - 1]!.response!.body.length > 0) out.bodyNotJson = { contentType: lastType };
  return out;
}
