/** callGrpc against real servers: the four call shapes, statuses, deadline, abort, metadata, exact values, and transport failures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGrpc, type GrpcCallOptions } from './call.js';
import { TLS_CERT, freePort, startDroppingServer, startShopServer, type TestServer } from './server.test-utils.js';
import { shopRoot } from './shop.test-utils.js';

const root = shopRoot();
let shop: TestServer;

beforeAll(async () => {
  shop = await startShopServer();
});
afterAll(async () => {
  await shop.close();
});

function call(method: string, requests: string[], more: Partial<GrpcCallOptions> = {}) {
  return callGrpc({
    address: shop.address, tls: null, root, service: 'shop.Orders', method, requests, metadata: [],
    signal: new AbortController().signal, startedAt: performance.now(), ...more,
  });
}

describe('call shapes', () => {
  it('unary: exact uint64/int64 both ways, enums, bytes and well-known types canonical', async () => {
    const r = await call('Get', ['{"id":12345678901234567890}']);
    expect(r).toMatchObject({ code: 'OK', error: null, abortedIn: null, streaming: { client: false, server: false } });
    expect(r.messages).toHaveLength(1);
    const json = r.messages[0]!.json;
    expect(json).toContain('"id":12345678901234567890');
    expect(json).toContain('"delta":-9007199254740993');
    expect(json).toContain('"status":"SHIPPED"');
    expect(json).toContain('"blob":"3q2+7w=="');
    expect(json).toContain('"createdAt":"2024-01-02T03:04:05.500Z"');
    expect(json).toContain('"ttl":"1.500s"');
    expect(json).toContain('"big":9007199254740993');
    expect(json).toContain('"note":"fragile"');
    expect(json).toContain('"attrs":{"gift":true,"tags":["a",1.5]}');
    expect(json).toContain('"count":0');
    expect(r.timing.first).toBeGreaterThanOrEqual(0);
    expect(r.timing.total).toBeGreaterThanOrEqual(r.timing.first!);
  });

  it('unary: a message echoed through the server keeps every value', async () => {
    const sent = '{"id":18446744073709551615,"delta":-9223372036854775808,"history":["PENDING","SHIPPED"],"counts":{"a":-9007199254740993},"extra":{"k":[null]}}';
    const r = await call('Echo', [sent]);
    expect(r.code).toBe('OK');
    for (const part of ['"id":18446744073709551615', '"delta":-9223372036854775808', '"history":["PENDING","SHIPPED"]', '"counts":{"a":-9007199254740993}', '"extra":{"k":[null]}']) {
      expect(r.messages[0]!.json).toContain(part);
    }
  });

  it('server streaming: every message, in order, with its arrival time', async () => {
    const r = await call('List', ['{"limit":3}']);
    expect(r).toMatchObject({ code: 'OK', error: null, streaming: { client: false, server: true } });
    expect(r.messages.map((m) => m.json)).toEqual(['{"n":9007199254740993}', '{"n":9007199254740994}', '{"n":9007199254740995}']);
    expect(r.messages[2]!.at).toBeGreaterThanOrEqual(r.messages[0]!.at);
    expect(r.timing.first).toBe(r.messages[0]!.at);
  });

  it('client streaming: many requests, one answer', async () => {
    const r = await call('Add', ['{"n":9007199254740993}', '{"n":"9007199254740993"}', '{"n":1}']);
    expect(r).toMatchObject({ code: 'OK', error: null, streaming: { client: true, server: false } });
    expect(r.messages.map((m) => m.json)).toEqual(['{"total":18014398509481987,"items":3}']);
  });

  it('bidirectional streaming: an answer per request', async () => {
    const r = await call('Chat', ['{"n":4611686018427387903}', '{"n":-3}']);
    expect(r).toMatchObject({ code: 'OK', error: null, streaming: { client: true, server: true } });
    expect(r.messages.map((m) => m.json)).toEqual(['{"n":9223372036854775806}', '{"n":-6}']);
  });

  it('Empty in, Empty out', async () => {
    const r = await call('Ping', ['{}']);
    expect(r.messages.map((m) => m.json)).toEqual(['{}']);
  });
});

describe('statuses and metadata', () => {
  it('an error status is a result: code, message and trailers, no error', async () => {
    const r = await call('Get', ['{"id":404}']);
    expect(r).toMatchObject({ code: 'NOT_FOUND', message: 'no order 404', error: null, messages: [] });
    expect(r.trailers).toContainEqual(['x-trace', 'abc']);
  });

  it('sends metadata and receives headers and trailers (-bin values as base64)', async () => {
    const r = await call('Get', ['{"id":1}'], { metadata: [['Authorization', 'Bearer x']] });
    expect(r.headers).toContainEqual(['x-server', 'shop']);
    expect(r.headers).toContainEqual(['x-auth-echo', 'Bearer x']);
    expect(r.trailers).toContainEqual(['x-trace', 'def']);
    expect(r.trailers).toContainEqual(['x-raw-bin', 'AQID']);
  });

  it('the deadline is sent: a slow answer ends DEADLINE_EXCEEDED', async () => {
    const r = await call('Get', ['{"id":999}'], { deadlineMs: 50 });
    expect(r).toMatchObject({ code: 'DEADLINE_EXCEEDED', error: null, messages: [] });
    expect(r.timing.total).toBeLessThan(450);
  });

  it('an abort cancels the call and says what it was waiting for', async () => {
    const ac = new AbortController();
    const pending = call('List', ['{"limit":-1}'], { signal: ac.signal });
    setTimeout(() => ac.abort(), 150);
    const r = await pending;
    expect(r).toMatchObject({ code: 'CANCELLED', abortedIn: 'waiting for message 2', error: null });
    expect(r.messages.map((m) => m.json)).toEqual(['{"n":9007199254740993}']);
  });

  it('an abort before the call starts sends nothing', async () => {
    const ac = new AbortController();
    ac.abort();
    expect(await call('Get', ['{"id":1}'], { signal: ac.signal })).toMatchObject({ code: 'CANCELLED', abortedIn: 'waiting for the first message', messages: [] });
  });
});

describe('failures that are not statuses', () => {
  it('an unreachable address is an error naming it, and fails fast', async () => {
    const port = await freePort();
    const t0 = performance.now();
    const r = await call('Get', ['{"id":1}'], { address: `127.0.0.1:${port}`, deadlineMs: 5000 });
    expect(r.error).toBe(`cannot connect to 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('a stream cut mid-way is an error that keeps the messages received', async () => {
    const dropper = await startDroppingServer();
    try {
      const r = await call('List', ['{"limit":5}'], { address: dropper.address });
      expect(r.messages.map((m) => m.json)).toEqual(['{"n":1}', '{"n":2}']);
      expect(r.error).toMatch(new RegExp(`^the stream from ${dropper.address} was cut after 2 messages \\(Received RST_STREAM`));
    } finally {
      await dropper.close();
    }
  });

  it('a request that does not encode is an error before anything is sent, with its path', async () => {
    const r = await call('Echo', ['{"total":{"units":"ten"}}']);
    expect(r).toMatchObject({ code: '', messages: [], error: 'the request is not a shop.Order: expected an integer for int64, found the string "ten" at total.units' });
  });

  it('several requests to a unary method is an error', async () => {
    expect((await call('Get', ['{}', '{}'])).error).toBe('shop.Orders.Get is unary: it takes one request, not 2');
  });

  it('an unknown method is an error with a suggestion', async () => {
    expect((await call('Lst', ['{}'])).error).toBe('no method Lst in service shop.Orders (did you mean List?)');
  });
});

describe('TLS', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startShopServer('none', true);
  });
  afterAll(async () => {
    await secure.close();
  });

  it('verifies the server against the given CA', async () => {
    const r = await call('Get', ['{"id":7}'], { address: secure.address, tls: { ca: [TLS_CERT], rejectUnauthorized: true } });
    expect(r).toMatchObject({ code: 'OK', error: null });
    expect(r.messages[0]!.json).toContain('"id":7');
  });

  it('accepts any certificate when told not to verify', async () => {
    expect(await call('Get', ['{"id":7}'], { address: secure.address, tls: { rejectUnauthorized: false } })).toMatchObject({ code: 'OK', error: null });
  });

  it('an unverifiable certificate is a connection error naming the address', async () => {
    const r = await call('Get', ['{"id":7}'], { address: secure.address, tls: { rejectUnauthorized: true } });
    expect(r.error).toMatch(new RegExp(`^cannot connect to ${secure.address}: .*self[- ]signed certificate`));
  });
});
