// ws step bench. Prints figures; asserts nothing. Uses the compiled dist/ (run `npx tsc -b` first).
// A 1-message echo: N ws steps (upgrade, send "ping", wait for the echo, close) at --jobs 8,
// beside a plain `ws` client loop doing the same round trip with 8 in flight, against the same
// echo server in its own process; both warmed up first, both in this process.
// Target: runner ≥ 50% of the loop's steps/s.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { engineRun } from './run-bench.mjs';

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
    const N = 1000;
    writeFileSync(join(dir, 'warm.yaml'), planText(server.port, 200));
    writeFileSync(join(dir, 'p.yaml'), planText(server.port, N));
    await plainLoop(server.port, 200, 8);
    await engineRun(E, E.loadPlan(join(dir, 'warm.yaml')).plan, join(dir, 'warm.jsonl'));
    const plan = E.loadPlan(join(dir, 'p.yaml')).plan;
    const plain = await plainLoop(server.port, N, 8);
    const run = await engineRun(E, plan, join(dir, 'ev.jsonl'));
    const plainRate = (N / plain.ms) * 1000;
    const runRate = (run.counts.passed / run.wallMs) * 1000;
    console.log(`plain ws client loop, 8 in flight: ${N} round trips in ${plain.ms.toFixed(0)} ms = ${plainRate.toFixed(0)}/s (${plain.ok} checked ok)`);
    console.log(`runner ws steps --jobs 8 (events to a file): ${run.counts.passed} passed in ${run.wallMs.toFixed(0)} ms = ${runRate.toFixed(0)} steps/s`);
    console.log(`runner / plain: ${((runRate / plainRate) * 100).toFixed(0)}% (target ≥ 50%)`);
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await bench();
