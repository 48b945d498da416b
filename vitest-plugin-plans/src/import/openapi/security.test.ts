import { describe, expect, it } from 'vitest';
import { isCredentialParameter } from './security.js';

describe('isCredentialParameter', () => {
  it.each([
    ['password', true],
    ['X-API-Key', true],
    ['api_key', true],
    ['access_token', true],
    ['session', true],
    ['Authorization', true],
    ['Idempotency-Key', false],
    ['username', false],
    ['limit', false],
    ['Accept-Language', false],
  ])('%s → %s', (name, want) => {
    expect(isCredentialParameter(name)).toBe(want);
  });
});
