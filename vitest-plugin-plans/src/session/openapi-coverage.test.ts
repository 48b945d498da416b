/**
 * `--openapi-coverage`: operations found as `matches openapi` finds them
 * (server base path, literal segments first), statuses matched exactly, then
 * `2XX`, then `default`; redirect hops count; answers the document does not
 * describe are listed apart; documents that do not load say why.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExchangeEvent, RunEvent } from '../events/types.js';
import { coverageLine } from '../report/openapi-coverage.js';
import { createCoverageTally, loadCoverageDocument, UNMATCHED_LISTED } from './openapi-coverage.js';

const DOC = `openapi: 3.1.0
info: { title: shop, version: "1" }
servers:
  - url: https://shop.example/api/{v}
    variables: { v: { default: v1 } }
paths:
  /orders:
    get:
      responses:
        "200": { $ref: "#/components/responses/ok" }
        default: { description: error }
    post:
      responses:
        "2XX": { description: created }
        "409": { description: conflict }
  /orders/{id}:
    get:
      responses:
        "200": { description: one }
        "404": { description: none }
  /orders/latest:
    get:
      responses:
        "200": { description: the latest }
  /health:
    get:
      responses:
        "204": { description: fine }
components:
  responses:
    ok: { description: ok }
`;

function docDir(text = DOC): string {
  const dir = mkdtempSync(join(tmpdir(), 'runner-cov-'));
  writeFileSync(join(dir, 'api.yaml'), text);
  return dir;
}

const ex = (method: string, url: string, status: number | null, more: Partial<ExchangeEvent> = {}): RunEvent => ({
  type: 'exchange', task: 't', step: 1, attempt: 1, kind: 'http', index: null, at: 0,
  request: { method, url, headers: [], body: null, bodyEncoding: 'utf8', bodySize: 0, bodyTruncated: false },
  response: status === null ? null : { status, statusText: '', proto: 'HTTP/1.1', headers: [], body: null, bodyEncoding: 'utf8', bodySize: 0, bodyTruncated: false },
  redirects: [], timing: { total: 1 }, newConnection: false, error: null, frames: null, extra: null, lines: [], ...more,
});

function tally(events: RunEvent[]) {
  const loaded = loadCoverageDocument('api.yaml', docDir());
  if (!loaded.ok) throw new Error(loaded.message);
  const t = createCoverageTally(loaded.document);
  for (const e of events) t.add(e);
  return t.event();
}

const seen = (ev: ReturnType<typeof tally>) => Object.fromEntries(ev.operations.map((o) => [`${o.method} ${o.path}`, [o.seen, ...o.responses.map((r) => `${r.status}:${r.seen}`)]]));

describe('openapi coverage', () => {
  it('matches method and path template, strips the server base path, and picks exact, 2XX, then default', () => {
    const ev = tally([
      ex('GET', 'http://h/api/v1/orders', 200),
      ex('GET', 'http://h/orders?page=2', 500),
      ex('POST', 'http://h/api/v1/orders', 201),
      ex('GET', 'http://h/orders/7', 404),
      ex('GET', 'http://h/orders/latest', 200),
    ]);
    expect(seen(ev)).toEqual({
      'GET /orders': [2, '200:1', 'default:1'],
      'POST /orders': [1, '2XX:1', '409:0'],
      'GET /orders/{id}': [1, '200:0', '404:1'],
      // A literal segment beats a template one, as `matches openapi` decides.
      'GET /orders/latest': [1, '200:1'],
      'GET /health': [0, '204:0'],
    });
    expect(coverageLine(ev)).toBe('openapi coverage api.yaml: 4/5 operations, 5/8 documented responses');
  });

  it('counts redirect hops, lists undocumented statuses and answers to no operation, and ignores what is not HTTP', () => {
    const ev = tally([
      ex('GET', 'http://h/orders/1', 200, { redirects: [{ method: 'GET', url: 'http://h/old/orders/1', status: 301 }] }),
      ex('GET', 'http://h/health', 500),
      ex('GET', 'http://h/health', 500),
      ex('DELETE', 'http://h/orders/1', 204),
      ex('GET', 'http://h/orders', null, { error: 'connect ECONNREFUSED' }),
      ex('GET', 'ws://h/orders', 101, { kind: 'ws' }),
      { ...(ex('orders.Shop/List', '127.0.0.1:50051', 0) as ExchangeEvent), response: { status: 0, statusText: 'OK', proto: 'gRPC', headers: [], body: null, bodyEncoding: 'utf8', bodySize: 0, bodyTruncated: false } },
    ]);
    expect(seen(ev)['GET /orders/{id}']).toEqual([1, '200:1', '404:0']);
    expect(seen(ev)['GET /orders']).toEqual([0, '200:0', 'default:0']);
    expect(ev.undocumented).toEqual([{ method: 'GET', path: '/health', status: 500, seen: 2 }]);
    expect(ev.unmatched).toEqual([
      { method: 'GET', path: '/old/orders/1', seen: 1 },
      { method: 'DELETE', path: '/orders/1', seen: 1 },
    ]);
    expect(coverageLine(ev)).toBe('openapi coverage api.yaml: 2/5 operations, 1/8 documented responses; 2 answers with an undocumented status, 2 answers to no operation');
  });

  it(`lists ${UNMATCHED_LISTED} distinct answers to no operation and counts the rest`, () => {
    const ev = tally(Array.from({ length: UNMATCHED_LISTED + 5 }, (_, i) => ex('GET', `http://h/nowhere/${i}`, 404)));
    expect(ev.unmatched).toHaveLength(UNMATCHED_LISTED);
    expect(ev.moreUnmatched).toBe(5);
  });

  it.each([
    ['a missing file', null, '--openapi-coverage api.yaml: open api.yaml: no such file or directory'],
    ['Swagger 2.0', 'openapi: 2.0.0\npaths: {}\n', '--openapi-coverage api.yaml: version 2.0.0 is not supported; only OpenAPI 3.0 and 3.1 are'],
    ['a duplicate key', 'openapi: 3.1.0\nopenapi: 3.1.0\n', '--openapi-coverage api.yaml: is not valid YAML (a duplicate key: '],
  ])('refuses %s, saying why', (_n, text, message) => {
    const dir = text === null ? mkdtempSync(join(tmpdir(), 'runner-cov-')) : docDir(text);
    const r = loadCoverageDocument('api.yaml', dir);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toContain(message);
  });
});
