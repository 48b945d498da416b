import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import { httpRuntime } from './runtime.js';
import { kindScope } from '../steps/registry.js';
import { normalizePath, strictPathFailures } from './strict-paths.js';

function failures(src: string, optional: string[] = [], body = '{"order":{"id":1},"items":[{"qty":1},{"n":2}]}') {
  const c = compileExpression(src, { scope: kindScope('http', { repeat: 'serial' }), role: 'assert' });
  if (!c.ok) throw new Error(c.diagnostics[0]!.message);
  const ex = { request: { method: 'GET', url: 'http://h/' }, status: 200, headers: { 'content-type': 'application/json' }, body };
  const rt = httpRuntime(ex, {}, [ex]);
  if (!rt.ok) throw new Error(rt.error);
  return strictPathFailures(c.compiled.evaluate(rt.scope), optional);
}

describe('--strict-paths', () => {
  it('fails an absent path that is not optional', () => {
    expect(failures('body.order.code == nil')).toEqual(['--strict-paths: body.order.code is absent from the result and not declared in optional:']);
    expect(failures('body.order.code == nil', ['body.order.code'])).toEqual([]);
    expect(failures('body.order.code == nil', ['body.order'])).toEqual([]);
  });
  it('does not flag present paths or roots outside the checked set', () => {
    expect(failures('body.order.id == 1 and env.x == nil')).toEqual([]);
  });
  it('lower-cases header names and drops spaces in optional entries', () => {
    expect(failures('headers["Retry-After"] == nil')).toEqual(['--strict-paths: headers["retry-after"] is absent from the result and not declared in optional:']);
    expect(failures('headers["Retry-After"] == nil', ['headers[ "Retry-After" ]'])).toEqual([]);
    expect(failures('headers.etag == nil', ['headers.ETag'])).toEqual([]);
  });
  it('reports reads inside predicates with the element', () => {
    expect(failures('body.items all (.qty > 0)')).toEqual(['--strict-paths: body.items[*].qty (element 1) is absent from the result and not declared in optional:']);
    expect(failures('body.items all (.qty > 0)', ['body.items[*].qty'])).toEqual([]);
  });
  it('exempts exists but checks the operand of missing', () => {
    expect(failures('exists body.nope')).toEqual([]);
    expect(failures('missing body.nope')).toEqual(['--strict-paths: body.nope is absent from the result and not declared in optional:']);
  });
  it('checks responses indexes', () => {
    expect(failures('responses[3].status == 200')).toEqual(['--strict-paths: responses[3].status is absent from the result and not declared in optional:']);
  });
  it('normalises paths', () => {
    expect(normalizePath("headers['X-A']")).toBe('headers["x-a"]');
    expect(normalizePath('body . items [ * ] . qty')).toBe('body.items[*].qty');
  });
});
