/**
 * Conformance cases of the grpc step against real grpc-js servers: every
 * streaming shape, int64 beyond 2^53 both ways, enums, metadata, error codes,
 * an exceeded deadline, reflection (v1 and v1alpha only), load-time checks, an
 * unreachable address and a stream dropped mid-way.
 */
import { readFileSync } from 'node:fs';
import type { ConformanceCase, Peer } from '../conformance.test-utils.js';
import { startDroppingServer, startShopServer, type ReflectionMode } from './server.test-utils.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const PROTO = { 'shop.proto': fixture('shop.proto'), 'common/money.proto': fixture('common/money.proto') };

const shop = (reflection: ReflectionMode = 'none') => async (): Promise<Peer> => {
  const s = await startShopServer(reflection);
  return { vars: { ADDR: s.address }, close: () => s.close() };
};

const call = (name: string, method: string, lines: string[], asserts: string[], extra: string[] = ['          proto: ./shop.proto']) => [
  `  - name: ${name}`,
  '    steps:',
  '      - grpc:',
  '          address: "__ADDR__"',
  ...extra,
  '          service: shop.Orders',
  `          method: ${method}`,
  ...lines.map((l) => `          ${l}`),
  '        assert:',
  ...asserts.map((a) => `          - ${a}`),
];
const plan = (...tasks: string[][]) => ['tasks:', ...tasks.flat(), ''].join('\n');

export const cases: ConformanceCase[] = [
  {
    name: 'unary: int64 beyond 2^53 both ways, enums as names, metadata, headers and trailers',
    peer: shop(),
    files: PROTO,
    plan: plan(call('get', 'Get', ['request: { id: 12345678901234567890 }', 'metadata: { authorization: "Bearer t" }'], [
      'body.id == 12345678901234567890',
      'body.big == 9007199254740993',
      'body.status == "SHIPPED"',
      'body.createdAt == "2024-01-02T03:04:05.500Z"',
      'body.ttl == "1.500s"',
      'headers["x-server"] == "shop" and headers["x-auth-echo"] == "Bearer t"',
      'trailers["x-trace"] == "def"',
      'duration.first < 5s',
    ])),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'server, client and bidirectional streaming',
    peer: shop(),
    files: PROTO,
    plan: plan(
      call('list', 'List', ['request: { limit: 3 }', 'expect: 3'], ['messages[2].body.n == 9007199254740995', 'messages all (.at < 5s)']),
      call('add', 'Add', ['requests: [{ n: 9007199254740993 }, { n: 1 }]'], ['body.total == 9007199254740994', 'body.items == 2']),
      call('chat', 'Chat', ['requests: [{ n: 9007199254740993 }, { n: 2 }]', 'expect: 2'], ['messages[0].body.n == 18014398509481986', 'messages[1].body.n == 4']),
    ),
    exit: 0,
    output: ['3 passed 0 failed'],
  },
  {
    name: 'an error status is a result; the automatic code == "OK" fails without an assertion on code',
    peer: shop(),
    files: PROTO,
    plan: plan(
      call('expected-404', 'Get', ['request: { id: 404 }'], ['code == "NOT_FOUND"', 'message == "no order 404"', 'trailers["x-trace"] == "abc"']),
      call('unexpected-404', 'Get', ['request: { id: 404 }'], ['body == nil']),
    ),
    exit: 1,
    output: ['FAIL unexpected-404 › step 1', 'grpc shop.Orders/Get at __ADDR__', '{"id":404}', 'status NOT_FOUND (5): no order 404', '< trailer x-trace: abc', 'assert code == "OK" failed', '1 passed 1 failed'],
  },
  {
    name: 'the timeout is sent as the gRPC deadline: DEADLINE_EXCEEDED is the code',
    peer: shop(),
    files: PROTO,
    plan: plan(call('slow', 'Get', ['request: { id: 999 }', 'timeout: 150ms'], ['code == "DEADLINE_EXCEEDED"'])),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'without proto: server reflection (v1) at run time',
    peer: shop('v1+v1alpha'),
    plan: plan(call('reflect', 'Get', ['request: { id: 12345678901234567890 }'], ['body.id == 12345678901234567890', 'body.status == "SHIPPED"'], [])),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'without proto: server reflection falls back to v1alpha',
    peer: shop('v1alpha'),
    plan: plan(call('reflect', 'List', ['request: { limit: 2 }', 'expect: 2'], ['messages[1].body.n == 9007199254740994'], [])),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'an unknown method or request field is a load error with a did-you-mean',
    files: PROTO,
    plan: plan(
      ['  - name: typo', '    steps:', '      - grpc: { address: "127.0.0.1:1", proto: ./shop.proto, service: shop.Orders, method: Gett, request: { id: 1 } }', '        assert: [code == "OK"]'],
      ['  - name: field', '    steps:', '      - grpc: { address: "127.0.0.1:1", proto: ./shop.proto, service: shop.Orders, method: Get, request: { idd: 1 } }', '        assert: [code == "OK"]'],
    ),
    exit: 64,
    output: [],
    errors: [
      'plan.yaml:4: tasks[0].steps[0].grpc.method: column ', ': no method Gett in service shop.Orders (did you mean Get?)',
      'plan.yaml:8: tasks[1].steps[0].grpc.request.idd: column ', ': no field idd in shop.GetRequest (did you mean id?)',
      'plan.yaml: 2 load error(s); nothing ran',
    ],
  },
  {
    name: 'a malformed proto is a load error naming its file and line',
    files: { 'bad.proto': 'syntax = "proto3";\npackage x;\nmessage A {\n  int32 a = 1\n}\n' },
    plan: plan(['  - name: t', '    steps:', '      - grpc: { address: "127.0.0.1:1", proto: ./bad.proto, service: x.S, method: M }', '        assert: [code == "OK"]']),
    exit: 64,
    output: [],
    errors: ['./bad.proto:5: tasks[0].steps[0].grpc.proto: column 1: the proto does not parse: illegal token', 'plan.yaml: 1 load error(s); nothing ran'],
  },
  {
    name: 'an unreachable server is a step error naming the address',
    files: PROTO,
    plan: plan(['  - name: down', '    steps:', '      - grpc: { address: "127.0.0.1:9", proto: ./shop.proto, service: shop.Orders, method: Get, request: { id: 1 } }', '        assert: [body.id == 1]']),
    exit: 1,
    output: ['ERROR down › step 1', '127.0.0.1:9', '0 passed 0 failed 1 errored'],
  },
  {
    name: 'a stream dropped mid-way leaves the step errored, with the messages so far',
    peer: async () => {
      const s = await startDroppingServer();
      return { vars: { ADDR: s.address }, close: () => s.close() };
    },
    files: PROTO,
    plan: plan(call('dropped', 'List', ['request: { limit: 5 }', 'expect: 5'], ['messages count 5'])),
    exit: 1,
    output: ['ERROR dropped › step 1', 'messages: 2; the last:', 'was cut after 2 messages', '0 passed 0 failed 1 errored'],
  },
];
