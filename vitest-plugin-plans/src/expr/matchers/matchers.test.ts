import { describe, expect, it } from 'vitest';
import { compileExpression } from '../compile.js';
import { httpRuntime, type HttpExchangeInput } from '../runtime.js';
import { kindScope } from '../../steps/registry.js';
import type { EvalOptions, EvalResult } from '../evaluate.js';
import type { MatcherFiles } from './types.js';

function filesOf(tree: Record<string, string>): MatcherFiles & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read(path) {
      reads.push(path);
      const text = tree[path];
      return text === undefined ? { ok: false, missing: true, error: 'ENOENT' } : { ok: true, text };
    },
  };
}

const ex = (over: Partial<HttpExchangeInput> = {}): HttpExchangeInput => ({
  request: { method: 'GET', url: 'http://h/v1/orders/7?x=1' },
  status: 200,
  headers: { 'content-type': 'application/json', 'x-rate-limit': '10' },
  body: '{"id":7,"total":10.10,"items":[{"qty":1}]}',
  ...over,
});

function compile(src: string, files: MatcherFiles) {
  return compileExpression(src, { scope: kindScope('http'), role: 'assert', files });
}
function evalWith(src: string, files: MatcherFiles, over: Partial<HttpExchangeInput> = {}, opts?: EvalOptions): EvalResult {
  const c = compile(src, files);
  if (!c.ok) throw new Error(c.diagnostics.map((d) => d.message).join('\n'));
  const rt = httpRuntime(ex(over));
  if (!rt.ok) throw new Error(rt.error);
  return c.compiled.evaluate(rt.scope, opts);
}
const loadErrors = (src: string, files: MatcherFiles) => {
  const c = compile(src, files);
  return c.ok ? [] : c.diagnostics.map((d) => `${d.column}: ${d.message}`);
};

describe('matches schema', () => {
  const order = JSON.stringify({
    type: 'object',
    required: ['id', 'total'],
    properties: { id: { type: 'integer' }, total: { type: 'number', maximum: 10.05 }, items: { type: 'array', items: { $ref: 'defs/item.json' } } },
  });
  const item = JSON.stringify({ type: 'object', properties: { qty: { type: 'integer', minimum: 2 } } });
  it('resolves $ref relative to the file through the loader and lists leaf errors', () => {
    const files = filesOf({ 'schemas/order.json': order, 'schemas/defs/item.json': item });
    const r = evalWith('body matches schema "schemas/order.json"', files);
    expect(files.reads).toEqual(['schemas/order.json', 'schemas/defs/item.json']);
    expect(r.outcome).toBe('failed');
    expect(r.detail).toEqual(['/total maximum: must be <= 10.05, found 10.10', '/items/0/qty minimum: must be >= 2, found 1']);
  });
  it('holds when the body conforms', () => {
    const files = filesOf({ 's.json': JSON.stringify({ type: 'object', properties: { id: { type: 'integer' } } }) });
    expect(evalWith('body matches schema "s.json"', files).outcome).toBe('held');
  });
  it('validates numeric bounds exactly', () => {
    const files = filesOf({ 's.json': '{"type":"integer","maximum":10000000000000000}' });
    const r = evalWith('body.n matches schema "s.json"', files, { body: '{"n":10000000000000001}' });
    expect(r.detail).toEqual(['/n maximum: must be <= 10000000000000000, found 10000000000000001'.replace('/n', '(root)')]);
  });
  it('prints type errors as got/want', () => {
    const files = filesOf({ 's.json': '{"properties":{"id":{"type":"string"}},"required":["name"]}' });
    expect(evalWith('body matches schema "s.json"', files).detail).toEqual(['(root) required: missing property "name"', '/id type: got integer, want string']);
  });
  it('caps the list at 20 errors', () => {
    const props = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, i])));
    const r = evalWith('body matches schema "s.json"', filesOf({ 's.json': JSON.stringify({ properties: props }) }), { body });
    expect(r.detail).toHaveLength(21);
    expect(r.detail[20]).toBe('schema: first 20 errors shown');
  });
  it('refuses a remote $ref at load', () => {
    const files = filesOf({ 's.json': '{"$ref":"https://example.com/s.json"}' });
    expect(loadErrors('body matches schema "s.json"', files)).toEqual(['21: schema s.json: remote $ref https://example.com/s.json is refused; keep referenced schemas in files beside the plan']);
  });
  it('reports a missing, non-JSON or non-compiling file at load', () => {
    expect(loadErrors('body matches schema "nope.json"', filesOf({}))).toEqual(['21: schema nope.json: open nope.json: no such file or directory']);
    expect(loadErrors('body matches schema "s.json"', filesOf({ 's.json': '{"type":' }))[0]).toMatch(/^21: schema s\.json: is not valid JSON \(/);
    expect(loadErrors('body matches schema "s.json"', filesOf({ 's.json': '{"type":"nonsense"}' }))[0]).toMatch(/^21: schema s\.json: does not compile: /);
    expect(loadErrors('body matches schema "s.json"', filesOf({ 's.json': '{"$ref":"missing.json"}' }))).toEqual(['21: schema missing.json: open missing.json: no such file or directory']);
  });
  it('treats draft 2020-12 as the default and refuses another draft', () => {
    const files = filesOf({ 's.json': '{"$schema":"http://json-schema.org/draft-07/schema#"}' });
    expect(loadErrors('body matches schema "s.json"', files)[0]).toMatch(/only JSON Schema draft 2020-12 is supported/);
    const ok = filesOf({ 's.json': '{"$schema":"https://json-schema.org/draft/2020-12/schema","prefixItems":[{"type":"integer"}]}' });
    expect(evalWith('body.items matches schema "s.json"', ok).detail).toEqual(['/0 type: got object, want integer'.replace('/0', '/0')]);
  });
});

describe('schema formats', () => {
  it('checks formats and ignores unknown ones quietly', () => {
    const files = filesOf({ 's.json': '{"properties":{"mail":{"type":"string","format":"email"},"n":{"format":"int-weird"}}}' });
    expect(evalWith('body matches schema "s.json"', files, { body: '{"mail":"nope","n":1}' }).detail).toEqual(['/mail format: "nope" is not a valid email']);
  });
});

describe('matches openapi', () => {
  const api = `openapi: 3.1.0
info: { title: t, version: "1" }
servers:
  - url: http://h/v1
paths:
  /orders/{id}:
    get:
      responses:
        "200":
          description: ok
          headers:
            X-Rate-Limit: { required: true, schema: { type: string } }
            X-Optional: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Order" }
        "4XX":
          description: client error
          content:
            application/*:
              schema: { type: object, required: [error] }
        default:
          description: other
  /orders/latest:
    get:
      responses:
        "200":
          description: literal wins
          content:
            text/plain: { schema: { type: string } }
  /health:
    get:
      responses:
        "204": { description: none }
components:
  schemas:
    Order:
      type: object
      required: [id]
      properties:
        id: { type: integer }
        total: { type: number, maximum: 10.05 }
`;
  const files = () => filesOf({ 'api.yaml': api });
  const check = (over: Partial<HttpExchangeInput>) => evalWith('response matches openapi "api.yaml"', files(), over);

  it('finds the operation by method and path, stripping the server prefix, and checks the body schema', () => {
    const r = check({});
    expect(r.outcome).toBe('failed');
    expect(r.detail).toEqual(['/total maximum: must be <= 10.05, found 10.10']);
    expect(check({ body: '{"id":7}' }).outcome).toBe('held');
  });
  it('prints schema type errors as got/want', () => {
    expect(check({ body: '{"id":"7"}' }).detail).toEqual(['/id type: got string, want integer']);
  });
  it('prefers a literal segment over a template segment', () => {
    expect(check({ request: { method: 'GET', url: 'http://h/v1/orders/latest' }, headers: { 'content-type': 'text/plain' }, body: 'x' }).outcome).toBe('held');
  });
  it('reports no operation for method and path', () => {
    expect(check({ request: { method: 'POST', url: 'http://h/v1/orders/7' } }).detail).toEqual(['openapi api.yaml: no operation for POST /v1/orders/7']);
    expect(check({ request: { method: 'GET', url: 'http://h/nothing' } }).detail).toEqual(['openapi api.yaml: no operation for GET /nothing']);
  });
  it('selects the response by exact status, then 4XX, then default', () => {
    expect(check({ status: 404, headers: { 'content-type': 'application/problem+json' }, body: '{"error":"x"}' }).outcome).toBe('held');
    expect(check({ status: 404, headers: { 'content-type': 'application/problem+json' }, body: '{}' }).detail).toEqual(['(root) required: missing property "error"']);
    expect(check({ status: 500, headers: {}, body: '' }).outcome).toBe('held');
  });
  it('reports a status that is not documented', () => {
    expect(check({ request: { method: 'GET', url: 'http://h/health' }, status: 200 }).detail).toEqual(['openapi api.yaml: status 200 is not documented for GET /health']);
  });
  it('checks headers only when the response has no content', () => {
    expect(check({ request: { method: 'GET', url: 'http://h/health' }, status: 204, body: '' }).outcome).toBe('held');
  });
  it('reports a required header missing', () => {
    expect(check({ headers: { 'content-type': 'application/json' }, body: '{"id":7}' }).detail).toEqual(['openapi api.yaml: required header X-Rate-Limit missing from the 200 response of GET /orders/{id}']);
  });
  it('reports a content type not documented', () => {
    expect(check({ headers: { 'content-type': 'text/html', 'x-rate-limit': '1' }, body: '<p>' }).detail).toEqual(['openapi api.yaml: content type text/html is not documented for the 200 response of GET /orders/{id}; documented: application/json']);
  });
  it('refuses another version, a remote $ref, a duplicate key', () => {
    expect(loadErrors('response matches openapi "a.yaml"', filesOf({ 'a.yaml': 'openapi: 2.0.0\npaths: {}\n' }))).toEqual(['26: openapi a.yaml: version 2.0.0 is not supported; only OpenAPI 3.0 and 3.1 are']);
    expect(loadErrors('response matches openapi "a.yaml"', filesOf({ 'a.yaml': 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          $ref: "http://x/r.yaml"\n' }))).toEqual([
      '26: openapi a.yaml: remote $ref http://x/r.yaml is refused; keep referenced schemas in files beside the plan',
    ]);
    expect(loadErrors('response matches openapi "a.yaml"', filesOf({ 'a.yaml': 'openapi: 3.1.0\nopenapi: 3.1.0\n' }))[0]).toMatch(/^26: openapi a\.yaml: is not valid YAML \(a duplicate key/);
  });
  it('keeps YAML numbers exact for bounds', () => {
    const doc = 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: x\n          content:\n            application/json:\n              schema: { type: integer, maximum: 10000000000000000 }\n';
    const r = evalWith('response matches openapi "a.yaml"', filesOf({ 'a.yaml': doc }), { request: { method: 'GET', url: 'http://h/a' }, body: '10000000000000001' });
    expect(r.detail).toEqual(['(root) maximum: must be <= 10000000000000000, found 10000000000000001']);
  });
  it('follows a $ref to a shared response', () => {
    const doc = 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        "404": { $ref: "#/components/responses/NotFound" }\ncomponents:\n  responses:\n    NotFound:\n      description: nf\n      headers:\n        X-Trace: { required: true, schema: { type: string } }\n      content:\n        application/json:\n          schema: { type: object, required: [code] }\n';
    const r = evalWith('response matches openapi "a.yaml"', filesOf({ 'a.yaml': doc }), { request: { method: 'GET', url: 'http://h/a' }, status: 404, body: '{}' });
    expect(r.detail).toEqual(['openapi a.yaml: required header X-Trace missing from the 404 response of GET /a', '(root) required: missing property "code"']);
  });
  it('loads refs to files beside the document', () => {
    const tree = filesOf({
      'api/main.yaml': 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: x\n          content:\n            application/json:\n              schema: { $ref: "schemas.yaml#/Thing" }\n',
      'api/schemas.yaml': 'Thing:\n  type: object\n  required: [name]\n',
    });
    const r = evalWith('response matches openapi "api/main.yaml"', tree, { request: { method: 'GET', url: 'http://h/a' }, body: '{}' });
    expect(r.detail).toEqual(['(root) required: missing property "name"']);
  });
});

describe('matches snapshot', () => {
  it('compares exactly, ignoring key order, keeping array order', () => {
    const files = filesOf({ 'snap.json': '{"total":10.1,"id":7,"items":[{"qty":1}]}' });
    expect(evalWith('body matches snapshot "snap.json"', files).outcome).toBe('held');
    const r = evalWith('body matches snapshot "snap.json"', files, { body: '{"id":8,"total":10.10,"items":[{"qty":2},{"qty":3}],"extra":true}' });
    expect(r.detail).toEqual(['snapshot snap.json: 4 differences', 'id: got 8, snapshot 7', 'items[0].qty: got 2, snapshot 1', 'items[1]: got {"qty":3}, snapshot (absent)', 'extra: got true, snapshot (absent)']);
  });
  it('skips ignoring paths with [*]', () => {
    const files = filesOf({ 'snap.json': '{"id":1,"items":[{"qty":1,"at":"x"}],"meta":{"req":"a"}}' });
    const r = evalWith('body matches snapshot "snap.json" ignoring ["id", "items[*].at", "meta"]', files, { body: '{"id":2,"items":[{"qty":1,"at":"y"}],"meta":{"req":"b","n":1}}' });
    expect(r.outcome).toBe('held');
  });
  it('caps differences at 20', () => {
    const files = filesOf({ 'snap.json': JSON.stringify(Array.from({ length: 25 }, (_, i) => i)) });
    const r = evalWith('body matches snapshot "snap.json"', files, { body: JSON.stringify(Array.from({ length: 25 }, (_, i) => i + 1)) });
    expect(r.detail).toHaveLength(22);
    expect(r.detail[21]).toBe('snapshot snap.json: first 20 differences shown');
  });
  it('fails against a missing file, which is not a load error', () => {
    expect(evalWith('body matches snapshot "s/none.json"', filesOf({})).detail).toEqual(['no snapshot at s/none.json; run with --update-snapshots to write it']);
  });
  it('refuses an existing file that is not JSON at load', () => {
    expect(loadErrors('body matches snapshot "snap.json"', filesOf({ 'snap.json': 'nope' }))[0]).toMatch(/^23: snapshot snap\.json: is not valid JSON/);
    expect(loadErrors('body matches snapshot "s.json" ignoring ["a..b"]', filesOf({ 's.json': '{}' }))[0]).toMatch(/^42: ignoring "a\.\.b" is not a path/);
  });
  it('returns what to write under --update-snapshots and fails', () => {
    const r = evalWith('body matches snapshot "snap.json"', filesOf({}), { body: '{"b":10.10,"a":[1]}' }, { updateSnapshots: true });
    expect(r.outcome).toBe('failed');
    expect(r.detail).toEqual(['snapshot snap.json written, not compared']);
    expect(r.snapshotWrites).toEqual([{ path: 'snap.json', text: '{\n  "b": 10.10,\n  "a": [\n    1\n  ]\n}\n' }]);
  });
  it('refuses to write a value holding a secret', () => {
    const r = evalWith('body matches snapshot "snap.json"', filesOf({}), { body: '{"token":"s3cr3t"}' }, { updateSnapshots: true, secrets: [{ name: 'TOKEN', value: 's3cr3t' }] });
    expect(r.detail).toEqual(['snapshot snap.json not written: the value holds the secret TOKEN']);
    expect(r.snapshotWrites).toEqual([]);
  });
});

describe('file paths', () => {
  it('keeps ../ in file names and refs', async () => {
    const { fileUri, pathOfUri } = await import('./schema.js');
    expect(pathOfUri(fileUri('../shared/s.json'))).toBe('../shared/s.json');
    expect(pathOfUri(new URL('../x.json', fileUri('../shared/s.json')).href)).toBe('../x.json');
    expect(pathOfUri(fileUri('./a/b.json'))).toBe('a/b.json');
    expect(pathOfUri(fileUri('/abs/s.json'))).toBe('/abs/s.json');
    const files = filesOf({ '../shared/s.json': '{"$ref":"../defs/t.json"}', '../defs/t.json': '{"type":"string"}' });
    expect(evalWith('body matches schema "../shared/s.json"', files).detail).toEqual(['(root) type: got object, want string']);
    expect(files.reads).toEqual(['../shared/s.json', '../defs/t.json']);
  });
});
