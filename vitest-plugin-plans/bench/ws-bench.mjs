// ws step bench. Prints figures; asserts nothing. Uses the compiled dist/ (run `npx tsc -b` first).
// A 1-message echo: N ws steps (upgrade, send "ping", wait for the echo, close) at --jobs 8,
// beside a plain `ws` client loop doing the same round trip with 8 in flight, against the same
// echo server in its own process; both warmed up first, both in this process.
// Target: runner ≥ 50% of the loop's steps/s.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { compareWithPlainLoop } from './compare.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const engineUrl = pathToFileURL(join(here, '../dist/index.js')).href;

const SERVER = `
const { WebSocketServer } = require('ws');
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (ws) => ws.on('message', (d, bin) => ws.send(d, { binary: bin })));
wss.on('listening', () => process.stdout.write(String(wss.address().port) + '\\n'));
`;

function startServer() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'], cwd: here });
    child.stdout.once('data', (d) => resolve({ port: Number(String(d).trim()), stop: () => child.kill() }));
  });
}

function planText(port, n) {
  const lines = ['tasks:'];
  for (let i = 0; i < n; i++) {
    lines.push(`  - name: t${i}`, '    steps:', `      - ws: { url: "ws://127.0.0.1:${port}/", send: ["ping"], expect: 1 }`, '        assert:', '          - messages[0].text == "ping"');
  }
  return lines.join('\n') + '\n';
}

function roundTrip(port) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false });
    ws.on('open', () => ws.send('ping'));
    ws.on('message', (d) => {
      const ok = String(d) === 'ping';
      ws.close(1000);
      resolve(ok);
    });
    ws.on('error', reject);
  });
}

async function plainLoop(port, n, inFlight) {
  let next = 0;
  let ok = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next++ < n) if (await roundTrip(port)) ok++;
  }));
  return { ms: performance.now() - t0, ok };
}

export default async function bench() {
  const E = await import(engineUrl);
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'runner-ws-bench-'));
  try {
    await compareWithPlainLoop({ E, dir, n: 1000, warm: 200, planText: (n) => planText(server.port, n), plainLoop: (n) => plainLoop(server.port, n, 8), words: { plain: 'plain ws client loop (round trips)', runner: 'runner ws steps', unit: 'steps/s' } });
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await bench();
