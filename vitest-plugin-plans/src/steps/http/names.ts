/**
 * From an http exchange to what assertions read (plan-runner.md §2 "Names in
 * scope"): request, status, proto, headers, body, duration, redirects; and to
 * the exchange event. Shared by http, graphql and waitFor.
 */
import { decodeBody as decodeBodyText } from '../../expr/runtime.js';
import { durationFromMs } from '../../expr/duration.js';
import { NA, dur, headers as headersValue, list, map, num, str, type RepeatPosition, type Value } from '../../expr/values.js';
import type { ExchangePayload, Timing, WireMessage } from '../../events/types.js';
import type { HttpExchange } from '../transport/http-client.js';

export { isJsonContentType as isJsonType } from '../../expr/runtime.js';

/**
 * The decoded body (JSON by content type, exact numbers), or why the step
 * errors (a key twice). A JSON body that did not parse keeps its text as
 * `value`, with the explain line in `malformed`.
 */
export function decodeBody(body: Buffer, contentType: string | undefined): { ok: true; value: Value; malformed?: string } | { ok: false; error: string } {
  const r = decodeBodyText(body.length === 0 ? undefined : body.toString('utf8'), contentType);
  if (!r.ok) return r;
  return r.malformed === undefined ? { ok: true, value: r.body } : { ok: true, value: r.body, malformed: r.malformed };
}

function phase(ms: number | null): Value {
  return ms === null ? NA : dur(durationFromMs(ms));
}

/** The `duration` record. */
export function timingValue(t: Timing): Value {
  return map({ dns: phase(t.dns), connect: phase(t.connect), tls: phase(t.tls), ttfb: phase(t.ttfb), total: phase(t.total) }, 'phases');
}

/** Names of one answered exchange; `body` must already be decoded. */
export function responseNames(ex: HttpExchange, body: Value): Record<string, Value> {
  const res = ex.response!;
  return {
    request: map({ method: str(ex.request.method), url: str(ex.request.url) }, 'request'),
    status: num(res.status),
    proto: str(res.proto),
    headers: headersValue(res.headers),
    body,
    duration: timingValue(ex.timing),
    redirects: list(
      ex.redirects.map((r) => map({ method: str(r.method), url: str(r.url), status: num(r.status) })),
      'redirects',
    ),
  };
}

/** A response as an element of `responses`; `repeat` says which repetition answered (failures name it so). */
export function responseValue(names: Record<string, Value>, repeat?: RepeatPosition): Value {
  const m = map(names, 'response');
  return repeat ? { ...m, repeat } : m;
}

function wire(headers: Array<[string, string]>, body: Buffer | null): WireMessage {
  if (body === null) return { headers, body: null, bodyEncoding: 'utf8', bodySize: 0, bodyTruncated: false };
  const text = body.toString('utf8');
  // Bytes that are not UTF-8 travel as base64 so the log stays exact.
  const binary = text.includes('\uFFFD') && !Buffer.from(text, 'utf8').equals(body);
  return { headers, body: binary ? body.toString('base64') : text, bodyEncoding: binary ? 'base64' : 'utf8', bodySize: body.length, bodyTruncated: false };
}

/** The exchange as an event payload (bodies whole; the emitter cuts them). */
export function exchangePayload(ex: HttpExchange, index: number | null): ExchangePayload {
  return {
    index,
    request: { method: ex.request.method, url: ex.request.url, ...wire(ex.request.headers, ex.request.body) },
    response: ex.response
      ? { status: ex.response.status, statusText: ex.response.statusText, proto: ex.response.proto, ...wire(ex.response.headers, ex.response.body) }
      : null,
    redirects: ex.redirects,
    timing: ex.timing,
    newConnection: ex.newConnection,
    error: ex.error,
    frames: null,
    extra: null,
  };
}
