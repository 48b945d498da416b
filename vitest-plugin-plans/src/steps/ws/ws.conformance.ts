/**
 * Conformance cases of the ws step against a real `ws` server: echo, a server
 * that speaks first, a refused upgrade, binary frames, an ignored heartbeat,
 * `until`, a dropped connection and an unreachable address.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { ConformanceCase, Peer } from '../conformance.test-utils.js';

/** The ws peer: one HTTP server whose paths behave differently on upgrade. */
export async function startWsPeer(): Promise<Peer> {
  const wss = new WebSocketServer({ noServer: true });
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((_req, res) => res.end('not a websocket'));
  server.on('upgrade', (req, socket, head) => {
    const path = req.url ?? '/';
    if (path === '/refuse') {
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: 23\r\nconnection: close\r\n\r\n{"error":"no such key"}');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (path === '/first') ws.send(JSON.stringify({ hello: 'first' }));
      if (path === '/heartbeat') {
        const t = setInterval(() => ws.send('{"type":"ping"}'), 10);
        timers.add(t);
        ws.on('close', () => clearInterval(t));
      }
      if (path === '/drop') {
        ws.send('one');
        ws.send('two');
        setTimeout(() => ws.terminate(), 20);
        return;
      }
      ws.on('message', (data, isBinary) => {
        if (path === '/heartbeat') ws.send(JSON.stringify({ type: 'reply', echo: data.toString() }));
        else ws.send(data, { binary: isBinary });
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    vars: { WS: `ws://127.0.0.1:${port}` },
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const plan = (...lines: string[]) => ['tasks:', ...lines, ''].join('\n');

export const cases: ConformanceCase[] = [
  {
    name: 'echoes text and JSON, with the automatic message count',
    peer: startWsPeer,
    plan: plan(
      '  - name: echo',
      '    steps:',
      '      - ws:',
      '          url: "__WS__/echo"',
      '          send: ["hello", { n: 12345678901234567890, run: "{{ run.id }}" }]',
      '          expect: 2',
      '        assert:',
      '          - status == 101',
      '          - messages[0].text == "hello" and messages[0].body == nil',
      '          - messages[1].body.n == 12345678901234567890',
      '          - messages[1].at < 5s and duration.upgrade < 5s and duration.first < 5s',
    ),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'loses nothing a server sends before the client speaks',
    peer: startWsPeer,
    plan: plan('  - name: first', '    steps:', '      - ws: { url: "__WS__/first", expect: 1 }', '        assert:', '          - messages[0].body.hello == "first"'),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'a refused upgrade is a result: status, headers and body',
    peer: startWsPeer,
    plan: plan(
      '  - name: refused',
      '    steps:',
      '      - ws: { url: "__WS__/refuse" }',
      '        assert:', '          - status == 403', '          - headers["content-type"] == "application/json"', '          - body.error == "no such key"', '          - messages count 0',
      '  - name: refused-fails',
      '    steps:',
      '      - ws: { url: "__WS__/refuse" }',
      '        assert:', '          - status == 101',
    ),
    exit: 1,
    output: ['FAIL refused-fails › step 1 › assert #1', 'GET __WS__/refuse (upgrade)', 'HTTP/1.1 403 Forbidden', '{"error":"no such key"}', 'status = 403', '1 passed 1 failed'],
  },
  {
    name: 'binary frames go out and come back as base64',
    peer: startWsPeer,
    plan: plan('  - name: binary', '    steps:', '      - ws: { url: "__WS__/echo", send: [{ binary: "AAECAw==" }], expect: 1 }', '        assert:', '          - messages[0].binary == "AAECAw=="', '          - messages[0].text == nil'),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'ignore drops heartbeats before counting; until stops at a match',
    peer: startWsPeer,
    plan: plan(
      '  - name: heartbeat',
      '    steps:',
      '      - ws:',
      '          url: "__WS__/heartbeat"',
      '          send: ["a", { receive: 1 }, "b"]',
      '          ignore: body.type == "ping"',
      '          until: body.echo == "b"',
      '        assert:', '          - messages count 2', '          - messages all (.body.type == "reply")', '          - messages[1].body.echo == "b"',
    ),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'a server that drops the connection leaves the step errored, with the messages so far',
    peer: startWsPeer,
    plan: plan('  - name: drop', '    steps:', '      - ws: { url: "__WS__/drop", expect: 3 }', '        assert:', '          - status == 101'),
    exit: 1,
    output: ['ERROR drop › step 1', 'messages: ', '← ', 'text 3 B: one', '← ', 'text 3 B: two', 'the server dropped the connection', '0 passed 0 failed 1 errored'],
  },
  {
    name: 'an unreachable server is a step error naming the address',
    plan: plan('  - name: down', '    steps:', '      - ws: { url: "ws://127.0.0.1:9/x" }', '        assert:', '          - status == 101'),
    exit: 1,
    output: ['ERROR down › step 1', 'ECONNREFUSED 127.0.0.1:9', '0 passed 0 failed 1 errored'],
  },
  {
    name: 'the step deadline ends a wait for messages that never come',
    peer: startWsPeer,
    plan: plan('  - name: silent', '    steps:', '      - ws: { url: "__WS__/echo", expect: 1, timeout: 200ms }', '        assert:', '          - messages count 1'),
    exit: 1,
    output: ['TIMEOUT silent › step 1', 'deadline hit waiting for message 1', '0 passed 0 failed 0 errored 1 timed out'],
  },
];
