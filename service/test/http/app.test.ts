import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('GET /v1/health', () => {
  it('answers 200 {status: ok, request_id} with the same id in X-Request-Id', async () => {
    const res = await request(h.app.handler).get('/v1/health').expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ status: 'ok', request_id: res.headers['x-request-id'] });
  });

  it('gives every request a unique id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) ids.add((await request(h.app.handler).get('/v1/health')).body.request_id);
    expect(ids.size).toBe(50);
  });

  it('ignores a query string and a trailing slash', async () => {
    await request(h.app.handler).get('/v1/health/?x=1').expect(200);
  });
});

describe('unknown paths and methods', () => {
  it.each([
    ['get', '/'],
    ['get', '/v2/health'],
    ['post', '/v1/nope'],
    ['get', '/v1/health/extra'],
  ] as const)('%s %s → 404 not_found with the Error body', async (method, path) => {
    const res = await request(h.app.handler)[method](path).expect(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ error: { type: 'not_found', message: expect.any(String) }, request_id: res.headers['x-request-id'] });
  });

  it.each([
    ['get', '/v1/eval', 'POST'],
    ['delete', '/v1/health', 'GET, HEAD'],
    ['post', '/v1/limits', 'GET, HEAD'],
    ['put', '/v1/demo', 'POST, OPTIONS'],
  ] as const)('%s %s (wrong method) → 404 not_found with Allow: %s', async (method, path, allow) => {
    const res = await request(h.app.handler)[method](path).expect(404);
    expect(res.body.error.type).toBe('not_found');
    expect(res.headers.allow).toBe(allow);
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
  });
});

describe('GET /v1/openapi.json', () => {
  it('serves an OpenAPI 3.1 document covering every endpoint and status', async () => {
    const res = await request(h.app.handler).get('/v1/openapi.json').expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).sort();
    expect(statuses('/v1/health', 'get')).toEqual(['200', '404', '500']);
    expect(statuses('/v1/eval', 'post')).toEqual(['200', '400', '401', '404', '413', '422', '429', '500', '503']);
    expect(statuses('/v1/limits', 'get')).toEqual(['200', '401', '404', '500']);
    expect(statuses('/v1/demo', 'post')).toEqual(['200', '400', '403', '404', '413', '422', '429', '500', '503']);
    expect(doc.components.schemas.Error.properties.error.properties.type.enum).toHaveLength(12);
  });
});
