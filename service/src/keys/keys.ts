/**
 * API keys: format, generation, hashing and the `Authorization: Bearer` credential.
 *
 * A key is `sk_` + 40 base62 characters drawn from `crypto.randomInt` (≈238 bits). The store
 * keeps only SHA-256(key) in hex. A slow password hash (bcrypt, scrypt) protects LOW-entropy
 * secrets against offline guessing; a 238-bit random key cannot be guessed even at billions of
 * SHA-256 per second, while a slow hash on every request would cap the request rate and hand an
 * attacker a CPU amplifier. SHA-256 also makes the lookup a plain unique-index equality.
 *
 * Accepted on input: `sk_` + at least 32 chars of [A-Za-z0-9] (evaluator-decisions.md); anything
 * else is malformed and answers 401 without touching the store.
 */
import { createHash, randomInt } from 'node:crypto';

/** Prefix every API key starts with. */
export const KEY_PREFIX = 'sk_';
/** Random characters in a generated key. */
export const KEY_RANDOM_LENGTH = 40;
/** Fewest random characters an accepted key may have. */
export const KEY_MIN_RANDOM_LENGTH = 32;
/** Longest key accepted: bounds the work a hostile header can cause. */
export const KEY_MAX_LENGTH = 256;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_SHAPE = /^sk_[A-Za-z0-9]{32,}$/;

/** `n` characters of [A-Za-z0-9], uniformly random (rejection-free: `randomInt` is unbiased). */
export function randomBase62(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += BASE62[randomInt(62)];
  return s;
}

/**
 * A fresh API key.
 * @example generateKey() // 'sk_4fQ…' (43 chars)
 */
export function generateKey(): string {
  return KEY_PREFIX + randomBase62(KEY_RANDOM_LENGTH);
}

/** A fresh public key id, `key_` + 12 base62 chars. Unrelated to the key's own characters. */
export function generateKeyId(): string {
  return 'key_' + randomBase62(12);
}

/** A fresh account id, `acc_` + 16 base62 chars. */
export function generateAccountId(): string {
  return 'acc_' + randomBase62(16);
}

/** True when `s` has the shape of an API key (`sk_` + ≥32 base62 chars, ≤256 chars in all). */
export function isWellFormedKey(s: string): boolean {
  return s.length <= KEY_MAX_LENGTH && KEY_SHAPE.test(s);
}

/** True when `s` has the shape of a key id as `generateKeyId` makes them. */
export function isKeyId(s: string): boolean {
  return /^key_[A-Za-z0-9]{12}$/.test(s);
}

/** SHA-256 of the key, lowercase hex (64 chars): what the store keeps and looks up. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The key in an `Authorization` header value, or null when the header is missing, is not a
 * Bearer credential, or carries a malformed key. The scheme name is case-insensitive
 * (RFC 9110 §11.1); exactly one space-separated token must follow.
 *
 * @example parseBearer('Bearer sk_' + 'a'.repeat(32)) // 'sk_aaaa…'
 * @example parseBearer('Basic dXNlcjpwYXNz') // null
 */
export function parseBearer(header: string | undefined): string | null {
  if (header === undefined || header.length > KEY_MAX_LENGTH + 32) return null;
  const m = /^Bearer +(\S+) *$/i.exec(header);
  if (!m) return null;
  const key = m[1]!;
  return isWellFormedKey(key) ? key : null;
}
