/**
 * Bearer authentication. The key is looked up in the store on every request (no cache), so a
 * revocation answers 401 at once in every instance (evaluator-decisions.md "Commands").
 */
import type { IncomingMessage } from 'node:http';
import { parseBearer, hashKey } from '../keys/keys.js';
import type { KeyRecord, Store } from '../store/types.js';
import { HttpError } from './errors.js';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };

/** The key's record, or `HttpError` 401 `unauthorized` for a missing, malformed, unknown or revoked key. */
export async function authenticate(req: IncomingMessage, store: Store): Promise<KeyRecord> {
  const header = req.headers.authorization;
  if (header === undefined) {
    throw new HttpError('unauthorized', 'missing API key; send "Authorization: Bearer sk_..."', CHALLENGE);
  }
  const key = parseBearer(header);
  if (key === null) {
    throw new HttpError('unauthorized', 'malformed API key; expected "Authorization: Bearer sk_" followed by at least 32 letters or digits', CHALLENGE);
  }
  const record = await store.findKeyByHash(hashKey(key));
  if (record === null || record.revoked) {
    throw new HttpError('unauthorized', 'API key is unknown or revoked', CHALLENGE);
  }
  return record;
}
