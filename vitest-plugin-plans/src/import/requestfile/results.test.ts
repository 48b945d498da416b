import { describe, expect, it } from 'vitest';
import { ResultRegistry } from './results.js';

describe('ResultRegistry', () => {
  it('reuses the key of an equal expression and de-duplicates names', () => {
    const r = new ResultRegistry();
    expect(r.declare('login', 'id', 'body.id', false)).toBe('id');
    expect(r.declare('login', 'id', 'body.id', false)).toBe('id');
    expect(r.declare('login', 'id', 'body.user.id', false)).toBe('id_2');
    expect(r.declare('login', 'x-total', 'headers["x-total"]', false)).toBe('x_total');
    expect(r.resultsOf('login')).toEqual({ id: 'body.id', id_2: 'body.user.id', x_total: 'headers["x-total"]' });
  });

  it('marks credentials secret by name or when asked', () => {
    const r = new ResultRegistry();
    r.declare('login', 'access_token', 'body.access_token', false);
    const k = r.declare('login', 'sid', 'body.sid', false);
    r.markSecret('login', k);
    expect(r.resultsOf('login')).toEqual({ access_token: { secret: 'body.access_token' }, sid: { secret: 'body.sid' } });
  });

  it('refuses an edge that would close a cycle', () => {
    const r = new ResultRegistry();
    expect(r.link('b', 'a')).toBe(true);
    expect(r.link('c', 'b')).toBe(true);
    expect(r.link('a', 'c')).toBe(false);
    expect(r.link('a', 'a')).toBe(false);
    expect(r.reaches('c', 'a')).toBe(true);
  });
});
