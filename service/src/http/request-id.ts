/**
 * Request ids: `req_` + 24 hex digits, from a random per-process prefix and a counter.
 *
 * Unique across instances (the 64-bit random prefix) and within one (the counter), and cheaper
 * than a UUID per request. The id is never taken from the client: a client-chosen id could
 * collide or be used to forge log lines.
 */
import { randomBytes } from 'node:crypto';

const PREFIX = 'req_' + randomBytes(8).toString('hex');
let counter = 0;

/**
 * A fresh request id.
 * @example newRequestId() // 'req_3f9a0c1d2e4b5a6c00000001'
 */
export function newRequestId(): string {
  counter = (counter + 1) % 0x1_0000_0000;
  return PREFIX + counter.toString(16).padStart(8, '0');
}
