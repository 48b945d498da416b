/** Builds run-time scopes from what the engine saw: response values, phase timings, bodies decoded by content type, and env, tasks, run and matrix. */
import { durationFromMs } from './duration.js';
import type { RuntimeScope } from './evaluate.js';
import { parseJsonExact } from './json-exact.js';
import { HTTP_PHASES } from './scopes.js';
import { NA, NIL, dur, fromJs, headers as headerMap, list, map, num, str, type MapValue, type Value } from './values.js';

/** Values every scope shares: `env`, `tasks`, `run`, and `matrix` inside a matrix task. */
export interface CommonRuntime {
  readonly env?: Readonly<Record<string, unknown>>;
  /** Published results by task and key; values are JS (JSON-like) or `Value`s. */
  readonly tasks?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly runId?: string;
  readonly matrix?: Readonly<Record<string, unknown>>;
}

/** One HTTP exchange as the engine saw it. */
export interface HttpExchangeInput {
  readonly request: { readonly method: string; readonly url: string };
  readonly status: number;
  /** `HTTP/1.1` (default) or `HTTP/2.0`. */
  readonly proto?: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>> | Iterable<[string, string]>;
  /** The body as text (UTF-8 decoded); undefined or '' for none. */
  readonly body?: string;
  /** Phase timings in milliseconds; a phase that did not happen is undefined (→ `n/a`). */
  readonly timing?: Readonly<Partial<Record<string, number | undefined>>>;
  readonly redirects?: readonly { readonly method: string; readonly url: string; readonly status: number }[];
}

/** Builds the `duration` record from phase timings in ms; a phase not given is `n/a`. */
export function phasesValue(timing: Readonly<Partial<Record<string, number | undefined>>>, names: readonly string[]): MapValue {
  return map(
    names.map((p) => {
      const ms = timing[p];
      return [p, ms === undefined || !Number.isFinite(ms) ? NA : dur(durationFromMs(ms))] as [string, Value];
    }),
    'phases',
  );
}

/** True for `application/json` and `+json` media types (spec: JSON is decoded only for these). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  return media === 'application/json' || media.endsWith('+json');
}

/** A decoded body: JSON (exact numbers) for JSON content types, else the text. */
export type DecodedBody =
  | { readonly ok: true; readonly body: Value; readonly json: boolean; readonly malformed?: string }
  | { readonly ok: false; readonly error: string };

/**
 * Decodes a response body by content type. An empty JSON body is nil; a JSON
 * body with a key twice is an error (the step ends errored). A JSON body that
 * does not parse keeps its text as `body` and says why in `malformed` (the
 * explain line): the step keeps status and headers, and only assertions
 * reading `body` fail (see `RuntimeScope.bodyNotJson.malformed`).
 */
export function decodeBody(text: string | undefined, contentType: string | undefined): DecodedBody {
  if (!isJsonContentType(contentType)) return { ok: true, body: str(text ?? ''), json: false };
  if (text === undefined || text.trim() === '') return { ok: true, body: NIL, json: true };
  const r = parseJsonExact(text);
  if (r.ok) return { ok: true, body: r.value, json: true };
  if (r.error.type === 'json_duplicate_key') return { ok: false, error: `the response body has the same JSON key twice: ${r.error.message}` };
  return { ok: true, body: str(text), json: false, malformed: malformedLine(r.error.message) };
}

/** Detail line of an assertion that read a JSON body that did not parse; the parser's message ends with `at line L column C`. */
function malformedLine(parserMessage: string): string {
  return `the response body did not parse as JSON: ${parserMessage}`;
}

/** What the scope says about a body that was not decoded as JSON, or undefined when it was (or is empty). */
function bodyNotJsonOf(b: DecodedBody & { ok: true }, text: string | undefined, contentType: string | undefined): RuntimeScope['bodyNotJson'] {
  if (b.malformed !== undefined) return { contentType, malformed: b.malformed };
  return !b.json && (text ?? '') !== '' ? { contentType } : undefined;
}

/** The value of one response (an element of `responses`), or why it cannot be built. */
export function responseValue(ex: HttpExchangeInput): { ok: true; value: MapValue; bodyNotJson?: RuntimeScope['bodyNotJson'] } | { ok: false; error: string } {
  const h = headerMap(ex.headers);
  const contentType = h.entries.get('content-type');
  const b = decodeBody(ex.body, contentType);
  if (!b.ok) return b;
  const value = map(
    {
      request: map({ method: str(ex.request.method), url: str(ex.request.url) }, 'request'),
      status: num(ex.status),
      proto: str(ex.proto ?? 'HTTP/1.1'),
      headers: h,
      body: b.body,
      duration: phasesValue(ex.timing ?? {}, HTTP_PHASES),
      redirects: list((ex.redirects ?? []).map((r) => map({ method: str(r.method), url: str(r.url), status: num(r.status) }, 'record')), 'redirects'),
    },
    'response',
  );
  const notJson = bodyNotJsonOf(b, ex.body, contentType);
  return notJson ? { ok: true, value, bodyNotJson: notJson } : { ok: true, value };
}

/** The `env`, `tasks`, `run`, `matrix` values. */
export function commonNames(c: CommonRuntime = {}): Record<string, Value> {
  const tasks = map(Object.entries(c.tasks ?? {}).map(([t, results]) => [t, map({ results: toValue(results) })] as [string, Value]));
  return {
    env: toValue(c.env ?? {}),
    tasks,
    run: map({ id: str(c.runId ?? '') }, 'record'),
    ...(c.matrix ? { matrix: toValue(c.matrix) } : {}),
  };
}

function toValue(v: unknown): Value {
  return fromJs(v);
}

/**
 * The runtime scope of an http or graphql step: the names of the last
 * response, plus `responses` when the step repeats (`mode` marks each
 * response with its repetition, as the engine does, for failure lines).
 * @example
 * const r = httpRuntime({ request: { method: 'GET', url: 'http://x/a' }, status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":1}', timing: { total: 12 } }, { runId: '01H…' });
 * if (r.ok) compiled.evaluate(r.scope);
 */
export function httpRuntime(
  last: HttpExchangeInput,
  common: CommonRuntime = {},
  responses?: readonly HttpExchangeInput[],
  mode?: 'serial' | 'parallel',
): { ok: true; scope: RuntimeScope } | { ok: false; error: string } {
  const r = responseValue(last);
  if (!r.ok) return r;
  const names: Record<string, Value> = { ...commonNames(common), ...Object.fromEntries(r.value.entries) };
  if (responses) {
    const all: Value[] = [];
    for (const ex of responses) {
      const x = ex === last ? r : responseValue(ex);
      if (!x.ok) return x;
      all.push(mode ? { ...x.value, repeat: { index: all.length, count: responses.length, parallel: mode === 'parallel' } } : x.value);
    }
    names.responses = list(all, 'responses');
  }
  return { ok: true, scope: r.bodyNotJson ? { names, bodyNotJson: r.bodyNotJson } : { names } };
}

/**
 * A runtime scope from plain values (ws, grpc, sql, fixture, exec, script,
 * guards). JS values convert with `fromJs`; `Value`s pass through. Give
 * `duration` with `phasesValue`.
 */
export function runtimeScope(names: Readonly<Record<string, unknown>>, common: CommonRuntime = {}): RuntimeScope {
  const out: Record<string, Value> = commonNames(common);
  for (const [k, v] of Object.entries(names)) {
    const x = v === undefined ? NIL : fromJs(v);
    // Tag the collections explain prints specially (rows as cut JSON with the count, …).
    out[k] = x.k === 'list' && !x.tag && (k === 'rows' || k === 'messages' || k === 'responses' || k === 'redirects') ? list(x.items, k) : x;
  }
  return { names: out };
}
