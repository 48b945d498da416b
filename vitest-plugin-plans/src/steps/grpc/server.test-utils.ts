/**
 * Test helper: real servers on 127.0.0.1:0 for the call and reflection tests.
 * shop.Orders runs on grpc-js with protobufjs (de)serializers built from the
 * fixture, so 64-bit values stay Longs end to end; a raw HTTP/2 server plays a
 * gRPC server that dies after two messages.
 */
import grpc from '@grpc/grpc-js';
import type { Metadata, ServerDuplexStream, ServerReadableStream, ServerUnaryCall, ServerWritableStream, ServiceDefinition, sendUnaryData } from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { ReflectionV1AlphaImplementation } from '@grpc/reflection/build/src/implementations/reflection-v1alpha.js';
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Type } from 'protobufjs';
import { SHOP_PROTO, shopRoot } from './shop.test-utils.js';

type Msg = Record<string, unknown>;
type Long = { toString(): string };

const root = shopRoot();

/** A running server and how to stop it. */
export interface TestServer {
  address: string;
  close(): Promise<void>;
}

/** Which reflection services the server offers. */
export type ReflectionMode = 'none' | 'v1+v1alpha' | 'v1alpha';

function definition(): ServiceDefinition {
  const svc = root.lookupService('shop.Orders');
  const def: Record<string, unknown> = {};
  for (const m of svc.methodsArray) {
    const req = root.lookupType(m.requestType);
    const res = root.lookupType(m.responseType);
    const ser = (t: Type) => (v: Msg) => Buffer.from(t.encode(t.fromObject(v)).finish());
    const de = (t: Type) => (b: Buffer) => t.decode(b);
    def[m.name] = {
      path: `/shop.Orders/${m.name}`, requestStream: !!m.requestStream, responseStream: !!m.responseStream,
      requestSerialize: ser(req), requestDeserialize: de(req), responseSerialize: ser(res), responseDeserialize: de(res), originalName: m.name,
    };
    // Echo returns the request's own bytes: protobufjs's encode would garble map<bool, …> and 64-bit map keys.
    if (m.name === 'Echo') Object.assign(def[m.name] as object, { requestDeserialize: (b: Buffer) => b, responseSerialize: (b: Buffer) => b });
  }
  return def as ServiceDefinition;
}

const md = (pairs: Record<string, string | Buffer>): Metadata => {
  const m = new grpc.Metadata();
  for (const [k, v] of Object.entries(pairs)) m.set(k, v);
  return m;
};

/** The order every Get answers with, fields chosen to exercise the JSON mapping. */
export const ORDER = {
  delta: '-9007199254740993', status: 'SHIPPED', blob: Buffer.from([0xde, 0xad, 0xbe, 0xef]),
  created_at: { seconds: 1704164645, nanos: 500_000_000 }, ttl: { seconds: 1, nanos: 500_000_000 },
  big: { value: '9007199254740993' }, note: { value: 'fragile' },
  // protobufjs's bundled struct.proto names its fields in camelCase.
  attrs: { fields: { gift: { boolValue: true }, tags: { listValue: { values: [{ stringValue: 'a' }, { numberValue: 1.5 }] } } } },
};

const handlers = {
  // id 404: NOT_FOUND with a trailer; id 999: answers after 500 ms (deadline tests); else ORDER with the id.
  Get(call: ServerUnaryCall<Msg, Msg>, cb: sendUnaryData<Msg>) {
    const id = String(call.request['id'] as Long);
    if (id === '404') return cb({ code: grpc.status.NOT_FOUND, details: 'no order 404', metadata: md({ 'x-trace': 'abc' }) });
    const auth = call.metadata.get('authorization')[0];
    call.sendMetadata(md({ 'x-server': 'shop', ...(auth ? { 'x-auth-echo': String(auth) } : {}) }));
    const answer = () => cb(null, { ...ORDER, id: call.request['id'] }, md({ 'x-trace': 'def', 'x-raw-bin': Buffer.from([1, 2, 3]) }));
    if (id === '999') setTimeout(answer, 500);
    else answer();
  },
  Echo(call: ServerUnaryCall<Buffer, Buffer>, cb: sendUnaryData<Buffer>) {
    cb(null, call.request);
  },
  // limit ≥ 0: that many items n = 2^53+1+i; limit < 0: one item, then the stream hangs until cancelled.
  List(call: ServerWritableStream<Msg, Msg>) {
    const limit = call.request['limit'] as number;
    const base = 9007199254740993n;
    if (limit < 0) return void call.write({ n: String(base) });
    for (let i = 0; i < limit; i++) call.write({ n: String(base + BigInt(i)) });
    call.end();
  },
  Add(call: ServerReadableStream<Msg, Msg>, cb: sendUnaryData<Msg>) {
    let total = 0n;
    let items = 0;
    call.on('data', (m: Msg) => {
      total += BigInt(String(m['n'] as Long));
      items++;
    });
    call.on('end', () => cb(null, { total: String(total), items }));
  },
  // Answers each item with its double, as it arrives.
  Chat(call: ServerDuplexStream<Msg, Msg>) {
    call.on('data', (m: Msg) => call.write({ n: String(BigInt(String(m['n'] as Long)) * 2n) }));
    call.on('end', () => call.end());
  },
  Ping(_call: ServerUnaryCall<Msg, Msg>, cb: sendUnaryData<Msg>) {
    cb(null, {});
  },
};

/** The self-signed certificate (CN localhost, SAN 127.0.0.1, valid to 2126) and key of the TLS tests. */
export const TLS_CERT = readFileSync(fileURLToPath(new URL('./fixtures/tls/server.crt', import.meta.url)));
const TLS_KEY = readFileSync(fileURLToPath(new URL('./fixtures/tls/server.key', import.meta.url)));

/** Starts shop.Orders, with the reflection services `reflection` names, over TLS when `tls`. */
export async function startShopServer(reflection: ReflectionMode = 'none', tls = false): Promise<TestServer> {
  const server = new grpc.Server();
  server.addService(definition(), handlers as never);
  if (reflection !== 'none') {
    const pkg = protoLoader.loadSync(SHOP_PROTO, { keepCase: true, includeDirs: [dirname(SHOP_PROTO)] });
    if (reflection === 'v1alpha') new ReflectionV1AlphaImplementation(pkg as never).addToServer(server);
    else new ReflectionService(pkg as never).addToServer(server);
  }
  const creds = tls ? grpc.ServerCredentials.createSsl(null, [{ cert_chain: TLS_CERT, private_key: TLS_KEY }]) : grpc.ServerCredentials.createInsecure();
  const port = await new Promise<number>((ok, ko) => server.bindAsync('127.0.0.1:0', creds, (e, p) => (e ? ko(e) : ok(p))));
  return { address: `127.0.0.1:${port}`, close: () => new Promise((ok) => server.tryShutdown(() => ok())) };
}

/** A gRPC-speaking HTTP/2 server that sends two shop.Item messages and then resets the stream, without a status. */
export async function startDroppingServer(): Promise<TestServer> {
  const item = root.lookupType('shop.Item');
  const frame = (n: string): Buffer => {
    const body = item.encode(item.fromObject({ n })).finish();
    const head = Buffer.alloc(5);
    head.writeUInt32BE(body.length, 1);
    return Buffer.concat([head, body]);
  };
  const server = http2.createServer();
  server.on('stream', (stream) => {
    stream.on('data', () => {});
    stream.on('error', () => {}); // the reset below is the point, not a fault
    stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
    stream.write(frame('1'));
    stream.write(frame('2'), () => setTimeout(() => stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR), 20));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return { address: `127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** A port nothing listens on: bound, then released. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  const s = net.createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as { port: number };
  await new Promise((ok) => s.close(ok));
  return port;
}
