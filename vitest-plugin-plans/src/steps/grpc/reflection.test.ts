/** resolveByReflection and callGrpc without a proto: v1, the v1alpha fallback, no reflection, unknown services, the cache. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGrpc } from './call.js';
import descriptor from 'protobufjs/ext/descriptor/index.js';
import { decodeToJson } from './json-decode.js';
import { encodeJson } from './json-encode.js';
import { resolveByReflection, rootFromDescriptors, type ReflectionCache } from './reflection.js';
import { freePort, startShopServer, type TestServer } from './server.test-utils.js';
import { shopRoot } from './shop.test-utils.js';

const signal = new AbortController().signal;
let both: TestServer;
let alphaOnly: TestServer;
let none: TestServer;

beforeAll(async () => {
  [both, alphaOnly, none] = await Promise.all([startShopServer('v1+v1alpha'), startShopServer('v1alpha'), startShopServer('none')]);
});
afterAll(async () => {
  await Promise.all([both.close(), alphaOnly.close(), none.close()]);
});

/** The same call with the .proto and with reflection, for comparison. */
async function viaBoth(address: string, method: string, request: string) {
  const base = { address, tls: null, service: 'shop.Orders', method, requests: [request], metadata: [] as Array<[string, string]>, signal, startedAt: performance.now() };
  const [withProto, withReflection] = await Promise.all([callGrpc({ ...base, root: shopRoot() }), callGrpc({ ...base, root: null })]);
  return { withProto, withReflection };
}

const FULL = JSON.stringify({
  id: '12345678901234567890', delta: '-9007199254740993', status: 'PENDING', counts: { a: '9007199254740993' }, flags: { false: 'off' },
  names: { '18446744073709551615': 'max' }, attrs: { k: [1, 'x', { y: null }] }, total: { currencyCode: 'EUR', units: 3 }, label: '', voucher: 'V',
  createdAt: '2024-01-02T03:04:05Z', mask: 'a.bC', big: '-1', history: ['SHIPPED', 7],
});

describe('server reflection', () => {
  it('v1: the Root built from the descriptors encodes and decodes like the .proto, maps and well-known types included', async () => {
    const { withProto, withReflection } = await viaBoth(both.address, 'Echo', FULL);
    expect(withReflection.error).toBeNull();
    expect(withReflection.code).toBe('OK');
    expect(withReflection.messages[0]!.json).toBe(withProto.messages[0]!.json);
    expect(withReflection.messages[0]!.json).toContain('"counts":{"a":9007199254740993}');
    expect(withReflection.messages[0]!.json).toContain('"names":{"18446744073709551615":"max"}');
    expect(withReflection.messages[0]!.json).toContain('"attrs":{"k":[1,"x",{"y":null}]}');
    expect(withReflection.messages[0]!.json).toContain('"flags":{"false":"off"}');
  });

  it('falls back to v1alpha when v1 is UNIMPLEMENTED', async () => {
    const { withProto, withReflection } = await viaBoth(alphaOnly.address, 'Get', '{"id":12345678901234567890}');
    expect(withReflection).toMatchObject({ code: 'OK', error: null });
    expect(withReflection.messages[0]!.json).toBe(withProto.messages[0]!.json);
  });

  it('a server without reflection is an error that says to give a proto', async () => {
    const r = await resolveByReflection(none.address, null, 'shop.Orders', signal);
    expect(r).toEqual({ ok: false, error: `the server at ${none.address} does not offer server reflection (grpc.reflection.v1 nor v1alpha); give the step a proto: file` });
  });

  it('an unknown service is an error with a suggestion from the services the server lists', async () => {
    const r = await callGrpc({ address: both.address, tls: null, root: null, service: 'shop.Order', method: 'Get', requests: ['{}'], metadata: [], signal, startedAt: performance.now() });
    expect(r.error).toBe(`the server at ${both.address} does not offer service shop.Order (did you mean shop.Orders?)`);
  });

  it('an unknown method on a reflected service is an error with a suggestion', async () => {
    const r = await callGrpc({ address: both.address, tls: null, root: null, service: 'shop.Orders', method: 'Chatt', requests: ['{}'], metadata: [], signal, startedAt: performance.now() });
    expect(r.error).toBe('no method Chatt in service shop.Orders (did you mean Chat?)');
  });

  it('an unreachable server is an error naming the address', async () => {
    const port = await freePort();
    const r = await resolveByReflection(`127.0.0.1:${port}`, null, 'shop.Orders', signal);
    expect(r).toEqual({ ok: false, error: `cannot connect to 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}` });
  });

  it('the cache keeps a success per address and service, and drops a failure', async () => {
    const cache: ReflectionCache = new Map();
    const a = resolveByReflection(both.address, null, 'shop.Orders', signal, cache);
    expect(resolveByReflection(both.address, null, 'shop.Orders', signal, cache)).toBe(a);
    expect((await a).ok).toBe(true);
    expect(cache.size).toBe(1);
    expect((await resolveByReflection(both.address, null, 'shop.Nope', signal, cache)).ok).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(cache.size).toBe(1);
  });
});

describe('rootFromDescriptors', () => {
  it('rebuilds maps and custom JSON names from protoc-style descriptors', () => {
    // As protoc writes them: the entry type by its full name, json_name always filled in.
    const file = descriptor.FileDescriptorProto.encode(
      descriptor.FileDescriptorProto.fromObject({
        name: 'p/m.proto', package: 'p', syntax: 'proto3',
        messageType: [{
          name: 'M',
          field: [
            { name: 'counts', number: 1, label: 3, type: 11, typeName: '.p.M.CountsEntry', jsonName: 'counts' },
            { name: 'order_id', number: 2, label: 1, type: 3, jsonName: 'orderId' },
            { name: 'x', number: 3, label: 1, type: 9, jsonName: 'customX' },
          ],
          nestedType: [{
            name: 'CountsEntry', options: { mapEntry: true },
            field: [{ name: 'key', number: 1, label: 1, type: 9, jsonName: 'key' }, { name: 'value', number: 2, label: 1, type: 4, jsonName: 'value' }],
          }],
        }],
      }),
    ).finish();
    const m = rootFromDescriptors([file]).lookupType('p.M');
    const enc = encodeJson(m, '{"counts":{"a":18446744073709551615},"orderId":-9007199254740993,"customX":"y"}');
    if (!enc.ok) throw new Error(enc.message);
    expect(decodeToJson(m, enc.bytes)).toBe('{"counts":{"a":18446744073709551615},"orderId":-9007199254740993,"customX":"y"}');
  });
});
