// Run-engine bench. Prints figures; asserts nothing.
//  1. Throughput: 2,000 tasks of one GET with 3 assertions at --jobs 8 against a
//     local server (in its own process), beside a plain Node keep-alive loop
//     sending the same requests with 8 in flight, parsing and checking the same
//     3 things. Target: the runner at ≥ 50% of the plain loop's requests/s.
//  2. Peak RSS of a whole `runner run` process at 2,000 vs 20,000 tasks (with
//     --events streaming to a file, without --html): it must not grow with the
//     task count. Uses the compiled dist/ (run `npx tsc -b` first).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = dirname(fileURLToPath(import.meta.url));
const runnerBin = join(here, '../../cli/bin/runner.js');

const SERVER = `
const http = require('node:http');
const s = http.createServer((req, res) => {
  const id = Number(req.url.split('/').pop());
  const body = JSON.stringify({ id, name: 'item ' + id, tags: ['a', 'b'] });
  res.sendDate = false;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
s.keepAliveTimeout = 60000;
s.listen(0, '127.0.0.1', () => process.stdout.write(String(s.address().port) + '\\n'));
`;

function startServer() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', (d) => resolve({ port: Number(String(d).trim()), stop: () => child.kill() }));
  });
}

function plan(port, n) {
  const lines = ['env:', `  base: http://127.0.0.1:${port}`, 'tasks:'];
  for (let i = 0; i < n; i++) {
    lines.push(`  - name: t${i}`, '    steps:', `      - http: { url: "{{ env.base }}/items/${i}" }`, '        assert:', '          - status == 200', `          - body.id == ${i}`, '          - headers["content-type"] startsWith "application/json"');
  }
  return lines.join('\n') + '\n';
}

async function plainLoop(port, n, inFlight) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  let next = 0;
  let ok = 0;
  const one = (i) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: `/items/${i}`, agent }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (res.statusCode === 200 && body.id === i && String(res.headers['content-type']).startsWith('application/json')) ok++;
            resolve();
          });
        })
        .on('error', reject);
    });
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => { while (next < n) await one(next++); }));
  const ms = performance.now() - t0;
  agent.destroy();
  return { ms, ok };
}

function runRunner(dir, planFile, extra = []) {
  // A child process per run, so its peak RSS is the runner's alone.
  const script = `
    const { runCli } = await import(${JSON.stringify(join(here, '../../cli/dist/cli.js'))});
    const lines = [];
    const io = { out: (l) => lines.push(l), err: (l) => lines.push(l), cwd: ${JSON.stringify(dir)}, env: {} };
    const exit = await runCli(['run', '--jobs', '8', '--events', 'events.jsonl', ...${JSON.stringify(extra)}, ${JSON.stringify(planFile)}], io);
    process.stdout.write(JSON.stringify({ exit, maxRssKiB: process.resourceUsage().maxRSS, tail: lines.slice(-2) }) + '\\n');
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
  const res = JSON.parse(out.trim().split('\n').pop());
  const log = readFileSync(join(dir, 'events.jsonl'), 'utf8').trimEnd().split('\n');
  const end = JSON.parse(log[log.length - 1]);
  return { ...res, wallMs: end.wallMs, requests: end.requests, passed: end.counts.passed };
}

export default async function bench() {
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'runner-bench-'));
  try {
    const N = 2000;
    writeFileSync(join(dir, 'p2k.yaml'), plan(server.port, N));
    await plainLoop(server.port, 200, 8); // warm the server
    const plain = await plainLoop(server.port, N, 8);
    const run = runRunner(dir, 'p2k.yaml');
    const plainRps = (N / plain.ms) * 1000;
    const runRps = (run.requests / run.wallMs) * 1000;
    console.log(`plain keep-alive loop, 8 in flight: ${N} requests in ${plain.ms.toFixed(0)} ms = ${plainRps.toFixed(0)} req/s (${plain.ok} checked ok)`);
    console.log(`runner run --jobs 8:                ${run.requests} requests in ${run.wallMs.toFixed(0)} ms = ${runRps.toFixed(0)} req/s (${run.passed} passed, exit ${run.exit})`);
    console.log(`runner / plain: ${((runRps / plainRps) * 100).toFixed(0)}% (target ≥ 50%)`);

    const M = 20000;
    writeFileSync(join(dir, 'p20k.yaml'), plan(server.port, M));
    const big = runRunner(dir, 'p20k.yaml');
    console.log(`peak RSS, whole process: ${N} tasks ${(run.maxRssKiB / 1024).toFixed(0)} MiB; ${M} tasks ${(big.maxRssKiB / 1024).toFixed(0)} MiB (${big.passed} passed in ${(big.wallMs / 1000).toFixed(1)} s)`);
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
void runnerBin;
