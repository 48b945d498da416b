/**
 * Conformance cases of the waitFor step: a server that starts listening only
 * after a delay (refused connections are "not ready"), a condition that never
 * holds (the step fails with the attempts and the last answer), `localhost`
 * served on ::1 only, and `stable`.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { ConformanceCase, Peer } from '../conformance.test-utils.js';

async function freePort(host: string): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, host, r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/**
 * A server on `host` that is not ready for its first `resets` connections: it
 * resets each of them, then stops listening for a moment (connections are
 * refused), then serves http. `/busy` always answers 503.
 */
function lateServer(host: string, resets: number): () => Promise<Peer> {
  return async () => {
    const port = await freePort(host);
    let seen = 0;
    const gate = createNetServer((socket) => {
      socket.resetAndDestroy();
      if (++seen === resets) gate.close(() => setTimeout(() => server.listen(port, host), 100));
    });
    let hits = 0;
    const server: Server = createServer((req, res) => {
      hits++;
      if (req.url === '/busy') {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"ready":false}');
        return;
      }
      // /flaky answers ready on every other request, so `stable: 2` never holds.
      const ready = req.url === '/flaky' ? hits % 2 === 0 : true;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ready, hits }));
    });
    if (resets === 0) server.listen(port, host);
    else gate.listen(port, host);
    return {
      vars: { PORT: String(port) },
      close: async () => {
        gate.close();
        server.closeAllConnections();
        await new Promise<void>((r) => (server.listening ? server.close(() => r()) : r()));
      },
    };
  };
}

export const cases: ConformanceCase[] = [
  {
    name: 'refused connections are "not ready" until the server listens',
    peer: lateServer('127.0.0.1', 3),
    plan: [
      'tasks:',
      '  - name: boot',
      '    steps:',
      '      - waitFor:',
      '          http: { url: "http://127.0.0.1:__PORT__/health" }',
      '          until: status == 200 and body.ready == true',
      '          interval: 50ms',
      '          backoff: { factor: 1.5, max: 200ms }',
      '        assert:',
      '          - body.hits >= 1',
      '',
    ].join('\n'),
    exit: 0,
    output: ['waitFor: boot › step 1: ready after ', ' attempts, waited ', '1 passed 0 failed'],
    absent: ['ready after 1 attempt', 'ready after 2 attempts', 'ready after 3 attempts'],
  },
  {
    name: 'localhost finds a server on ::1 as well as on 127.0.0.1',
    peer: lateServer('::1', 0),
    plan: 'tasks:\n  - name: six\n    steps:\n      - waitFor:\n          http: { url: "http://localhost:__PORT__/health" }\n          until: status == 200\n          interval: 50ms\n',
    exit: 0,
    output: ['waitFor: six › step 1: ready after 1 attempt', '1 passed 0 failed'],
  },
  {
    name: 'giving up fails the step with the attempts, the last answer and the time waited',
    peer: lateServer('127.0.0.1', 0),
    plan: 'tasks:\n  - name: busy\n    steps:\n      - waitFor:\n          http: { url: "http://127.0.0.1:__PORT__/busy" }\n          until: status == 200\n          interval: 20ms\n          attempts: 3\n',
    exit: 1,
    output: ['FAIL busy › step 1', 'GET http://127.0.0.1:__PORT__/busy', 'HTTP/1.1 503', 'waitFor gave up: status == 200 did not hold after 3 attempts (waited ', 'last answer: HTTP/1.1 503 Service Unavailable', 'waitFor: busy › step 1: gave up after 3 attempts, waited ', '0 passed 1 failed'],
  },
  {
    name: 'stable needs the condition on consecutive polls',
    peer: lateServer('127.0.0.1', 0),
    plan: 'tasks:\n  - name: flaky\n    steps:\n      - waitFor:\n          http: { url: "http://127.0.0.1:__PORT__/flaky" }\n          until: body.ready == true\n          stable: 2\n          interval: 10ms\n          attempts: 6\n',
    exit: 1,
    output: ['FAIL flaky › step 1', 'did not hold 2 polls in a row after 6 attempts', '0 passed 1 failed'],
  },
  {
    name: 'the step deadline ends the wait as a timeout',
    plan: 'tasks:\n  - name: never\n    steps:\n      - waitFor:\n          http: { url: "http://127.0.0.1:9/health" }\n          until: status == 200\n          interval: 50ms\n          timeout: 300ms\n',
    exit: 1,
    output: ['TIMEOUT never › step 1', 'deadline hit waiting to poll http://127.0.0.1:9/health again', 'ECONNREFUSED', '0 passed 0 failed 0 errored 1 timed out'],
  },
];
