/**
 * The HTTP layer's one error type. Every non-200 answer is an `HttpError` rendered by
 * `sendError` (`./respond.ts`) into the contract's Error body (evaluation-api.md §2, §7).
 */

/** Every `error.type` of the Error body (evaluation-api.md §2). The OpenAPI enum is this list. */
export const ERROR_TYPES = [
  'invalid_json',
  'invalid_request',
  'unauthorized',
  'forbidden_origin',
  'not_found',
  'source_too_large',
  'request_too_large',
  'rate_limited',
  'too_many_in_flight',
  'cpu_quota_exceeded',
  'busy',
  'internal_error',
] as const;

/** One of `ERROR_TYPES`. */
export type ErrorType = (typeof ERROR_TYPES)[number];

/** The HTTP status of each error type; one row per type, so a type always answers alike. */
export const STATUS_OF: Readonly<Record<ErrorType, number>> = {
  invalid_json: 400,
  invalid_request: 422,
  unauthorized: 401,
  forbidden_origin: 403,
  not_found: 404,
  source_too_large: 413,
  request_too_large: 413,
  rate_limited: 429,
  too_many_in_flight: 429,
  cpu_quota_exceeded: 429,
  busy: 503,
  internal_error: 500,
};

/**
 * A refused request.
 *
 * @example throw new HttpError('rate_limited', 'rate limit of 60 requests per minute reached', { 'Retry-After': '12' });
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** HTTP status; `STATUS_OF[type]` unless overridden (malformed HTTP answers 400/408/431). */
  readonly status: number;

  constructor(
    readonly type: ErrorType,
    message: string,
    /** Extra response headers (Retry-After, RateLimit-*, Allow). */
    readonly headers: Readonly<Record<string, string>> = {},
    status?: number,
  ) {
    super(message);
    this.status = status ?? STATUS_OF[type];
  }
}

/** The Error body for `err` (`request_id` null only when the request never got one). */
export function errorBody(err: HttpError, requestId: string | null): string {
  return JSON.stringify({ error: { type: err.type, message: err.message }, request_id: requestId });
}
