/** `response matches openapi` against OpenAPI 3.0 documents: the 3.0 schema dialect read as 2020-12, and the versions refused. */
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../compile.js';
import { httpRuntime, type HttpExchangeInput } from '../runtime.js';
import { kindScope } from '../../steps/registry.js';
import { fromJs, toJs } from '../values.js';
import type { EvalResult } from '../evaluate.js';
import { normalizeOpenApi30 } from './openapi-30.js';
import type { MatcherFiles } from './types.js';

function filesOf(tree: Record<string, string>): MatcherFiles {
  return { read: (path) => (tree[path] === undefined ? { ok: false, missing: true, error: 'ENOENT' } : { ok: true, text: tree[path]! }) };
}
const compile = (src: string, files: MatcherFiles) => compileExpression(src, { scope: kindScope('http'), role: 'assert', files });
function evalWith(file: string, files: MatcherFiles, over: Partial<HttpExchangeInput>): EvalResult {
  const c = compile(`response matches openapi "${file}"`, files);
  if (!c.ok) throw new Error(c.diagnostics.map((d) => d.message).join('\n'));
  const rt = httpRuntime({ request: { method: 'GET', url: 'http://h/accounts/7' }, status: 200, headers: { 'content-type': 'application/json' }, body: '{}', ...over });
  if (!rt.ok) throw new Error(rt.error);
  return c.compiled.evaluate(rt.scope);
}
const loadErrors = (file: string, files: MatcherFiles) => {
  const c = compile(`response matches openapi "${file}"`, files);
  return c.ok ? [] : c.diagnostics.map((d) => d.message);
};

const api = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/accounts/{id}': {
      get: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } } },
          // `default` is a response here, not a schema's default value: it is rewritten too.
          default: { description: 'error', content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'integer', format: 'int32', nullable: true } } } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Account: {
        type: 'object',
        required: ['id', 'balance', 'owner'],
        'x-audit': { nullable: true },
        example: { id: 1, balance: 2, owner: { name: 'a' } },
        properties: {
          id: { type: 'integer', format: 'int64' },
          balance: { type: 'number', format: 'double', minimum: 0, exclusiveMinimum: true, maximum: 1000, exclusiveMaximum: false },
          nickname: { type: 'string', nullable: true },
          tier: { type: 'string', enum: ['gold', 'silver'], nullable: true },
          // 3.0 ignores a $ref's siblings: the owner is a Person, not a string.
          owner: { $ref: '#/components/schemas/Person', type: 'string', description: 'ignored' },
          parent: { $ref: '#/components/schemas/Account' },
        },
      },
      Person: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    },
  },
});
const files = () => filesOf({ 'api.json': api });
const body = (over: Record<string, unknown> = {}) => JSON.stringify({ id: 9007199254740993, balance: 0.5, owner: { name: 'ann' }, ...over });
const check = (b: string, over: Partial<HttpExchangeInput> = {}) => evalWith('api.json', files(), { body: b, ...over });

describe('matches openapi 3.0', () => {
  it('holds for a conforming response (int64 past 2^53, double, $ref siblings ignored, a $ref cycle)', () => {
    expect(check(body()).detail).toEqual([]);
    expect(check(body({ parent: JSON.parse(body()) })).outcome).toBe('held');
  });
  it('reads nullable: true as "null" added to type and to enum', () => {
    expect(check(body({ nickname: null, tier: null })).outcome).toBe('held');
    expect(check(body({ nickname: 5, tier: 'bronze' })).detail).toEqual(['/nickname type: got integer, want string or null', '/tier enum: got "bronze", want one of ["gold","silver",null]']);
  });
  it('reads boolean exclusive bounds as 2020-12 numeric ones', () => {
    expect(check(body({ balance: 0 })).detail).toEqual(['/balance exclusiveMinimum: must be > 0, found 0']);
    // exclusiveMaximum: false leaves maximum inclusive.
    expect(check(body({ balance: 1000 })).outcome).toBe('held');
    expect(check(body({ balance: 1000.5 })).detail).toEqual(['/balance maximum: must be <= 1000, found 1000.5']);
  });
  it('checks the $ref target, not the keywords beside the $ref', () => {
    expect(check(body({ owner: 'ann' })).detail).toEqual(['/owner type: got string, want object']);
    expect(check(body({ owner: {} })).detail).toEqual(['/owner required: missing property "name"']);
    expect(check(body({ parent: { balance: 0 } })).detail).toEqual(['/parent required: missing property "id"', '/parent required: missing property "owner"', '/parent/balance exclusiveMinimum: must be > 0, found 0']);
  });
  it('checks 3.0 formats as ajv-formats does', () => {
    expect(check(body({ id: 1.5 })).detail).toEqual(['/id type: got number, want integer', '/id format: 1.5 is not a valid int64']);
    expect(check(body({ balance: 'x' })).detail).toEqual(['/balance type: got string, want number']);
  });
  it('rewrites the default response as well', () => {
    expect(check('{"code":null}', { status: 500 }).outcome).toBe('held');
    expect(check('{"code":"E1"}', { status: 500 }).detail).toEqual(['/code type: got string, want integer or null']);
  });
  it('reads YAML and rewrites a sibling file a $ref reaches', () => {
    const tree = filesOf({
      'api.yaml': 'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: x\n          content:\n            application/json:\n              schema: { $ref: "defs.yaml#/Thing" }\n',
      'defs.yaml': 'Thing:\n  type: object\n  properties:\n    n: { type: integer, nullable: true, maximum: 10, exclusiveMaximum: true }\n',
    });
    const at = { request: { method: 'GET', url: 'http://h/a' } };
    expect(evalWith('api.yaml', tree, { ...at, body: '{"n":null}' }).outcome).toBe('held');
    expect(evalWith('api.yaml', tree, { ...at, body: '{"n":10}' }).detail).toEqual(['/n exclusiveMaximum: must be < 10, found 10']);
  });
  it('names the version it refuses', () => {
    expect(loadErrors('a.json', filesOf({ 'a.json': '{"swagger":"2.0","paths":{}}' }))).toEqual(['openapi a.json: Swagger 2.0 is not supported; only OpenAPI 3.0 and 3.1 are (convert the document to OpenAPI 3 first)']);
    expect(loadErrors('a.yaml', filesOf({ 'a.yaml': 'openapi: 4.0.0\npaths: {}\n' }))).toEqual(['openapi a.yaml: version 4.0.0 is not supported; only OpenAPI 3.0 and 3.1 are']);
    expect(loadErrors('a.yaml', filesOf({ 'a.yaml': 'openapi: 3.0\npaths: {}\n' }))).toEqual(['openapi a.yaml: version 3.0 is not supported; only OpenAPI 3.0 and 3.1 are (quote it: the openapi field is a string)']);
    expect(loadErrors('a.yaml', filesOf({ 'a.yaml': 'paths: {}\n' }))).toEqual(['openapi a.yaml: version (none) is not supported; only OpenAPI 3.0 and 3.1 are']);
  });
});

describe('normalizeOpenApi30', () => {
  const norm = (v: unknown) => toJs(normalizeOpenApi30(fromJs(v)));
  it('leaves data alone: enum, default, example and x- values', () => {
    const data = { nullable: true, type: 'string', $ref: '#/x', exclusiveMinimum: true, minimum: 1 };
    const schema = { type: 'object', enum: [data], default: data, example: data, 'x-note': data };
    expect(norm(schema)).toEqual(schema);
  });
  it('reads schemas in name maps even when a name is a keyword', () => {
    expect(norm({ properties: { default: { type: 'string', nullable: true }, enum: { $ref: '#/a', type: 'string' } } })).toEqual({ properties: { default: { type: ['string', 'null'] }, enum: { $ref: '#/a' } } });
  });
  it('drops nullable without a type (3.0.3: it needs type in the same object) and lone exclusive flags', () => {
    expect(norm({ nullable: true, allOf: [{ nullable: false, exclusiveMinimum: true, exclusiveMaximum: false, maximum: 3 }] })).toEqual({ allOf: [{ maximum: 3 }] });
  });
});
