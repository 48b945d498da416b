// grpc step bench. Prints figures; asserts nothing. Uses the compiled dist/ (run `npx tsc -b` first).
// Unary calls: N grpc steps (one call each, proto checked at load, 2 assertions) at --jobs 8, beside
// a plain grpc-js client loop making the same call with 8 in flight on one channel and checking the
// same things, against the same server in its own process; both warmed up, both in this process.
// Target: runner ≥ 50% of the loop's calls/s.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import { compareWithPlainLoop } from './compare.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const engineUrl = pathToFileURL(join(here, '../dist/index.js')).href;
const PROTO = join(here, '../../examples/kinds/shop.proto');

const SERVER = `
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const def = protoLoader.loadSync(process.env.PROTO, { longs: String, enums: String, defaults: true });
const shop = grpc.loadPackageDefinition(def).shop;
const server = new grpc.Server();
server.addService(shop.Orders.service, {
  GetOrder(call, cb) { cb(null, { id: call.request.id, status: 'SHIPPED', totalCents: '9007199254740993', items: ['a'] }); },
  ListOrders(call) { call.end(); },
});
server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, port) => process.stdout.write(String(port) + '\\n'));
`;

function startServer() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'], cwd: here, env: { ...process.env, PROTO } });
    child.stdout.once('data', (d) => resolve({ port: Number(String(d).trim()), stop: () => child.kill() }));
  });
}

function planText(port, n) {
  const lines = ['tasks:'];
  for (let i = 0; i < n; i++) {
    lines.push(`  - name: t${i}`, '    steps:', `      - grpc: { address: "127.0.0.1:${port}", proto: ./shop.proto, service: shop.Orders, method: GetOrder, request: { id: ${i + 1} } }`, '        assert:', `          - body.id == ${i + 1}`, '          - body.status == "SHIPPED"');
  }
  return lines.join('\n') + '\n';
}

async function plainLoop(port, n, inFlight) {
  const def = protoLoader.loadSync(PROTO, { longs: String, enums: String, defaults: true });
  const shop = grpc.loadPackageDefinition(def).shop;
  const client = new shop.Orders(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  let next = 0;
  let ok = 0;
  const one = (i) => new Promise((resolve, reject) => client.GetOrder({ id: String(i) }, (e, r) => (e ? reject(e) : resolve(r))));
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < n) {
      const i = ++next;
      const r = await one(i);
      if (r.id === String(i) && r.status === 'SHIPPED') ok++;
    }
  }));
  const ms = performance.now() - t0;
  client.close();
  return { ms, ok };
}

export default async function bench() {
  const E = await import(engineUrl);
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'runner-grpc-bench-'));
  try {
    copyFileSync(PROTO, join(dir, 'shop.proto'));
    await compareWithPlainLoop({ E, dir, n: 2000, warm: 300, planText: (n) => planText(server.port, n), plainLoop: (n) => plainLoop(server.port, n, 8), words: { plain: 'plain grpc-js client loop (unary calls)', runner: 'runner grpc steps', unit: 'calls/s' } });
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await bench();
