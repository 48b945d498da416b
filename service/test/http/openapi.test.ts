/**
 * Live answers validated against service/openapi.json (the document the runner's examples use):
 * every body against the schema of its path, method and status, every required header present.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ajv, conform, doc } from './conform.js';
import { bearer, createHarness, SITE, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ slots: 1, deps: { trustProxy: true } });
});
afterAll(async () => h.close());

describe('answers conform to openapi.json', () => {
  it('the document is OpenAPI 3.1 and its schemas compile', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const name of Object.keys(doc.components.schemas)) expect(() => ajv.compile({ $ref: `api#/components/schemas/${name}` })).not.toThrow();
  });

  it('GET /v1/health, /v1/openapi.json, unknown paths', async () => {
    conform('/v1/health', 'get', await request(h.app.handler).get('/v1/health'));
    conform('/v1/openapi.json', 'get', await request(h.app.handler).get('/v1/openapi.json'));
    conform('/v1/health', 'get', await request(h.app.handler).get('/v1/health/nope').expect(404));
  });

  it('POST /v1/eval: 200, 400, 401, 413 ×2, 422, 429 ×3, 503', async () => {
    const app = h.app.handler;
    const p = (key: string | null, body: string) => {
      const r = request(app).post('/v1/eval');
      if (key) r.set(bearer(key));
      return r.send(body);
    };
    const key = await h.key();
    conform('/v1/eval', 'post', await p(key, '{"source":"(+ 1 2)"}').expect(200));
    conform('/v1/eval', 'post', await p(key, '{').expect(400));
    conform('/v1/eval', 'post', await p(key, '{"source":"\\ud800"}').expect(400));
    conform('/v1/eval', 'post', await p(null, '{}').expect(401));
    conform('/v1/eval', 'post', await p(key, JSON.stringify({ source: 'x'.repeat(70000) })).expect(413));
    conform('/v1/eval', 'post', await p(key, 'x'.repeat(1 << 21)).expect(413));
    conform('/v1/eval', 'post', await p(key, '{"source":3}').expect(422));
    const quota = await h.key({ cpuQuotaMs: 0 });
    conform('/v1/eval', 'post', await p(quota, '{"source":"1"}').expect(429));
    const rate = await h.key();
    let last: request.Response | undefined;
    for (let i = 0; i < 62 && last?.status !== 429; i++) last = await p(rate, '{"source":"1"}');
    conform('/v1/eval', 'post', last!);
    const slow = p(await h.key(), '{"source":"(sleep 1500)","timeout_ms":5000}').then((r) => r);
    await new Promise((r) => setTimeout(r, 300));
    conform('/v1/eval', 'post', await p(key, '{"source":"1"}').expect(503));
    await slow;
  });

  it('GET /v1/limits: 200, 401', async () => {
    conform('/v1/limits', 'get', await request(h.app.handler).get('/v1/limits').set(bearer(await h.key())).expect(200));
    conform('/v1/limits', 'get', await request(h.app.handler).get('/v1/limits').expect(401));
  });

  it('POST /v1/demo: 200, 400, 403, 413, 422, 429; OPTIONS 200, 403', async () => {
    const d = (body: string, origin = SITE, ip = '203.0.113.1') => request(h.app.handler).post('/v1/demo').set('Origin', origin).set('X-Forwarded-For', ip).send(body);
    conform('/v1/demo', 'post', await d('{"source":"1"}').expect(200));
    conform('/v1/demo', 'post', await d('nope').expect(400));
    conform('/v1/demo', 'post', await d('{"source":"\\udfff"}').expect(400));
    conform('/v1/demo', 'post', await d('{"source":"1"}', 'https://evil.example').expect(403));
    conform('/v1/demo', 'post', await d(JSON.stringify({ source: 'x'.repeat(5000) })).expect(413));
    conform('/v1/demo', 'post', await d('{"source":"1","timeout_ms":501}').expect(422));
    let last: request.Response | undefined;
    for (let i = 0; i < 12 && last?.status !== 429; i++) last = await d('{"source":"1"}', SITE, '203.0.113.2');
    conform('/v1/demo', 'post', last!);
    conform('/v1/demo', 'options', await request(h.app.handler).options('/v1/demo').set('Origin', SITE).expect(200));
    conform('/v1/demo', 'options', await request(h.app.handler).options('/v1/demo').set('Origin', 'https://x.example').expect(403));
  });
});
