/**
 * Writing answers. Every response goes through `sendJson`, so every one is
 * `Content-Type: application/json` and carries `X-Request-Id` (evaluator-decisions.md
 * "Errors from the HTTP layer").
 */
import type { ServerResponse } from 'node:http';
import { errorBody, type HttpError } from './errors.js';

/** Sends `body` (JSON text) with `status`, the request id header and `headers`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  requestId: string | null,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', 'no-store');
  if (requestId !== null) res.setHeader('X-Request-Id', requestId);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(body);
}

/** Renders `err` as the contract's Error body: the one place errors become responses. */
export function sendError(res: ServerResponse, err: HttpError, requestId: string | null): void {
  sendJson(res, err.status, errorBody(err, requestId), requestId, err.headers);
}
