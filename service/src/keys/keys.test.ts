import { describe, expect, it } from 'vitest';
import { generateAccountId, generateKey, generateKeyId, hashKey, isKeyId, isWellFormedKey, parseBearer } from './keys.js';

const good = 'sk_' + 'aB3'.repeat(11); // 33 random chars

describe('keys', () => {
  it('generates sk_ + 40 base62 characters, all different', () => {
    const keys = new Set(Array.from({ length: 500 }, generateKey));
    expect(keys.size).toBe(500);
    for (const k of keys) expect(k).toMatch(/^sk_[A-Za-z0-9]{40}$/);
    // Every base62 character turns up: the alphabet is used whole.
    expect(new Set([...keys].map((k) => k.slice(3)).join('')).size).toBe(62);
  });

  it('generates key ids and account ids that are not keys', () => {
    const id = generateKeyId();
    expect(isKeyId(id)).toBe(true);
    expect(isWellFormedKey(id)).toBe(false);
    expect(generateAccountId()).toMatch(/^acc_[A-Za-z0-9]{16}$/);
  });

  it('hashes to SHA-256 hex', () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each([
    [undefined, null],
    ['', null],
    [`Bearer ${good}`, good],
    [`bearer ${good}`, good],
    [`BEARER  ${good} `, good],
    [`Bearer sk_${'a'.repeat(32)}`, `sk_${'a'.repeat(32)}`],
    [`Bearer sk_${'a'.repeat(31)}`, null],
    [`Bearer ${good.replace('sk_', 'pk_')}`, null],
    [`Bearer ${good}!`, null],
    [`Bearer ${good}-x`, null],
    [`Bearer ${good} extra`, null],
    [`Bearer`, null],
    [`Bearer `, null],
    [`Basic ${good}`, null],
    [good, null],
    [`Bearer sk_${'é'.repeat(40)}`, null],
    [`Bearer sk_${'a'.repeat(300)}`, null],
  ])('parseBearer(%j) is %j', (header, expected) => {
    expect(parseBearer(header)).toBe(expected);
  });
});
