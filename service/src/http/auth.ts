/**
 * Bearer authentication. The key is looked up in the store on every request (no cache), so a
 * revocation answers 401 at once in every instance (evaluator-decisions.md "Commands").
 */
import type { IncomingMessage } from 'node:http';
import { parseBearer, hashKey } from '../keys/keys.js';
import type { KeyRecord, KeyWithUsage, Store } from '../store/types.js';
import { HttpError } from './errors.js';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };

/** The key's record, or `HttpError` 401 `unauthorized` for a missing, malformed, unknown or revoked key. */
export async function authenticate(req: IncomingMessage, store: Store): Promise<KeyRecord> {
  const record = await store.findKeyByHash(hashKey(bearerKey(req)));
  if (record === null || record.revoked) throw unknownKey();
  return record;
}

/**
 * As `authenticate`, with the account's CPU usage of `month` read in the same query (POST
 * /v1/eval needs both: one database round trip instead of two).
 */
export async function authenticateWithUsage(req: IncomingMessage, store: Store, month: string): Promise<KeyWithUsage> {
  const found = await store.findKeyWithUsage(hashKey(bearerKey(req)), month);
  if (found === null || found.record.revoked) throw unknownKey();
  return found;
}

/** The well-formed key of the Authorization header, or 401 without a lookup. */
function bearerKey(req: IncomingMessage): string {
  const header = req.headers.authorization;
  if (header === undefined) {
    throw new HttpError('unauthorized', 'missing API key; send "Authorization: Bearer sk_..."', CHALLENGE);
  }
  const key = parseBearer(header);
  if (key === null) {
    throw new HttpError('unauthorized', 'malformed API key; expected "Authorization: Bearer sk_" followed by at least 32 letters or digits', CHALLENGE);
  }
  return key;
}

function unknownKey(): HttpError {
  return new HttpError('unauthorized', 'API key is unknown or revoked', CHALLENGE);
}
