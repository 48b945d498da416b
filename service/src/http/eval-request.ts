/**
 * Parsing and validating an EvalRequest body, in the contract's order: invalid JSON (400),
 * `source` / `timeout_ms` shape (422; an unpaired surrogate in `source` is 400), then source size
 * (413). The body is parsed as JSON whatever its Content-Type (a client that forgets the header
 * still gets its evaluation; docs/http.md).
 */
import { HttpError } from './errors.js';

/** Per-endpoint rules of an EvalRequest (evaluation-api.md §2, §8). */
export interface EvalRequestRules {
  /** Largest `source`, bytes of UTF-8. */
  readonly maxSourceBytes: number;
  /** Largest `timeout_ms`. */
  readonly maxTimeoutMs: number;
  /** `timeout_ms` when the request has none. */
  readonly defaultTimeoutMs: number;
}

/** `/v1/eval`: 64 KB source, timeout 1..5000, default 1000. */
export const API_RULES: EvalRequestRules = { maxSourceBytes: 64 * 1024, maxTimeoutMs: 5000, defaultTimeoutMs: 1000 };
/** `/v1/demo`: 4 KB source, timeout 1..500, default 500. */
export const DEMO_RULES: EvalRequestRules = { maxSourceBytes: 4 * 1024, maxTimeoutMs: 500, defaultTimeoutMs: 500 };

/** A validated EvalRequest. */
export interface EvalRequest {
  readonly source: string;
  readonly timeoutMs: number;
}

// ignoreBOM keeps a leading BOM in the text, so JSON.parse refuses it as before (RFC 8259 §8.1).
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Validates `raw` (the body bytes) against `rules`; throws `HttpError` on the first fault. */
export function parseEvalRequest(raw: Buffer, rules: EvalRequestRules): EvalRequest {
  let body: unknown;
  try {
    // JSON text is UTF-8 (RFC 8259 §8.1): invalid bytes are refused, not turned into U+FFFD.
    body = JSON.parse(UTF8.decode(raw));
  } catch (e) {
    const detail = raw.length === 0 ? 'the body is empty' : e instanceof TypeError ? 'it is not valid UTF-8' : (e as Error).message;
    throw new HttpError('invalid_json', `request body is not valid JSON: ${detail}; expected {"source": "..."}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError('invalid_request', `request body must be a JSON object like {"source": "(+ 1 2)"}, found ${describe(body)}`);
  }
  const { source, timeout_ms: timeout } = body as Record<string, unknown>;
  if (source === undefined) throw new HttpError('invalid_request', '"source" is missing; expected {"source": "(+ 1 2)"}');
  if (typeof source !== 'string') throw new HttpError('invalid_request', `"source" must be a string, found ${describe(source)}`);
  checkScalarValues(source);
  let timeoutMs = rules.defaultTimeoutMs;
  if (timeout !== undefined) {
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 1 || timeout > rules.maxTimeoutMs) {
      throw new HttpError(
        'invalid_request',
        `"timeout_ms" must be an integer from 1 to ${rules.maxTimeoutMs}, found ${describe(timeout)}`,
      );
    }
    timeoutMs = timeout;
  }
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > rules.maxSourceBytes) {
    throw new HttpError('source_too_large', `"source" is ${bytes} bytes of UTF-8; the limit here is ${rules.maxSourceBytes}`);
  }
  return { source, timeoutMs };
}

// With the u flag a well-formed pair is one code point, so only a lone half matches \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * JSON.parse accepts an escaped lone surrogate (`"\ud800"`, RFC 8259 §8.2 leaves it undefined), but
 * Scheme characters are Unicode scalar values (R7RS 6.6) and no answer may echo one back: refused
 * as a bad request, 400 `invalid_request` (issue 13), before any work is spent on it.
 */
function checkScalarValues(source: string): void {
  const found = LONE_SURROGATE.exec(source);
  if (found === null) return;
  const unit = found[0].charCodeAt(0).toString(16);
  throw new HttpError(
    'invalid_request',
    `"source" holds an unpaired surrogate \\u${unit} at offset ${found.index}; JSON strings must encode Unicode text (use the character itself or a full surrogate pair)`,
    {},
    400,
  );
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return String(v);
  return `a ${typeof v}`;
}
