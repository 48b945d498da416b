/**
 * Reading a request body with a byte cap enforced WHILE reading: an oversized body is refused as
 * soon as the count passes the cap (or at once, from Content-Length), and is never buffered whole.
 */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.js';

/** Largest request body, bytes (evaluation-api.md §8: 1 MB, taken as 1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ReadBodyOptions {
  /** Byte cap; default `MAX_BODY_BYTES`. */
  maxBytes?: number;
  /** Refuse a body that sends nothing for this long (slow-body attacks); default 10 s. */
  idleTimeoutMs?: number;
}

/** Thrown for a body that stalls: 408, and the connection is closed. */
function stalled(idleMs: number): HttpError {
  return new HttpError('invalid_request', `request body sent nothing for ${idleMs} ms`, { Connection: 'close' }, 408);
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError('request_too_large', `request body is over ${maxBytes} bytes (1 MB)`, { Connection: 'close' });
}

/**
 * The whole body, or an `HttpError` 413 `request_too_large` as soon as it passes `maxBytes`.
 * After a refusal the rest of the body is discarded as it arrives (never stored), so the client
 * can read the 413 instead of getting a reset; the connection closes after the answer.
 */
export function readBody(req: IncomingMessage, options: ReadBodyOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const idleMs = options.idleTimeoutMs ?? 10_000;
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) {
    req.resume(); // discard
    return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // One timer per body, pushed back with refresh() on each chunk (no new timer per chunk).
    const timer = setTimeout(onIdle, idleMs);

    function cleanup(): void {
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFail);
      req.off('aborted', onFail);
    }
    function onIdle(): void {
      if (settled) return;
      cleanup();
      req.resume();
      reject(stalled(idleMs));
    }
    function onData(chunk: Buffer): void {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        chunks.length = 0;
        req.resume(); // keep discarding what is still coming; nothing is kept
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
      timer.refresh();
    }
    function onEnd(): void {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    }
    function onFail(): void {
      cleanup();
      reject(new HttpError('invalid_request', 'request body was not received completely', { Connection: 'close' }, 400));
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFail);
    req.on('aborted', onFail);
  });
}
