// Run-engine bench. Prints figures; asserts nothing. Uses the compiled dist/
// (run `npx tsc -b` first).
//  1. Throughput: 2,000 tasks of one GET with 3 assertions at --jobs 8 against a
//     local server (its own process), beside a plain Node keep-alive loop sending
//     the same requests with 8 in flight and checking the same 3 things; both in
//     this process, both warmed up first, in 5 alternating rounds (median ratio).
//     Target: runner ≥ 90% of the loop's req/s.
//  2. Memory: a child process per size loads the plan, then runs it with the
//     event log streaming to a file (no --html). The run's own growth is peak RSS
//     minus RSS after loading; it must not grow with the task count. The loaded
//     plan itself (compiled assertions per task) naturally does.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = dirname(fileURLToPath(import.meta.url));
const engineUrl = pathToFileURL(join(here, '../dist/index.js')).href;

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

function planText(port, n) {
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

/** One run through the run session as `runner run --jobs 8 --events <file>` wires it. */
export async function engineRun(E, plan, eventsFile, jobs = 8) {
  const lines = [];
  const session = E.createRunSession({ events: { target: eventsFile }, terminal: { write: (t) => lines.push(t) } });
  let end;
  session.emitter.onEvent((e) => { if (e.type === 'run.end') end = e; });
  await session.run({ plan, jobs, version: 'bench' });
  session.finish();
  return end;
}

const CHILD = `
const E = await import(process.env.ENGINE);
const plan = E.loadPlan(process.env.PLAN).plan;
globalThis.gc?.();
const afterLoad = process.memoryUsage().rss;
let peak = afterLoad;
const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
const session = E.createRunSession({ events: { target: process.env.EVENTS }, terminal: { write: () => {} } });
let end;
session.emitter.onEvent((e) => { if (e.type === 'run.end') end = e; });
await session.run({ plan, jobs: 8, version: 'bench' });
session.finish();
clearInterval(t);
peak = Math.max(peak, process.memoryUsage().rss);
process.stdout.write(JSON.stringify({ afterLoad, peak, maxRss: process.resourceUsage().maxRSS * 1024, passed: end.counts.passed, wallMs: end.wallMs }) + '\\n');
`;

function memoryRun(dir, port, n) {
  const plan = join(dir, `p${n}.yaml`);
  writeFileSync(plan, planText(port, n));
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', CHILD], {
    env: { ...process.env, ENGINE: engineUrl, PLAN: plan, EVENTS: join(dir, `ev${n}.jsonl`) },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop());
}

const ROUNDS = 5;
const mib = (b) => `${(b / 1048576).toFixed(0)} MiB`;

export default async function bench() {
  const E = await import(engineUrl);
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'runner-bench-'));
  try {
    const N = 2000;
    writeFileSync(join(dir, 'warm.yaml'), planText(server.port, 300));
    writeFileSync(join(dir, 'p2k.yaml'), planText(server.port, N));
    await plainLoop(server.port, 300, 8);
    await engineRun(E, E.loadPlan(join(dir, 'warm.yaml')).plan, join(dir, 'warm.jsonl'));
    const plan = E.loadPlan(join(dir, 'p2k.yaml')).plan;
    // Rounds alternate the two so a burst of load from elsewhere hits both; the median ratio is the figure.
    const ratios = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const plain = await plainLoop(server.port, N, 8);
      const run = await engineRun(E, plan, join(dir, 'ev2k.jsonl'));
      const plainRps = (N / plain.ms) * 1000;
      const runRps = (run.requests / run.wallMs) * 1000;
      ratios.push(runRps / plainRps);
      console.log(`round ${round}: plain keep-alive loop, 8 in flight: ${plainRps.toFixed(0)} req/s (${plain.ok} checked ok); runner --jobs 8 (events to a file): ${runRps.toFixed(0)} req/s (${run.counts.passed} passed); ${((runRps / plainRps) * 100).toFixed(0)}%`);
    }
    ratios.sort((a, b) => a - b);
    console.log(`runner / plain, median of ${ROUNDS} rounds: ${(ratios[Math.floor(ROUNDS / 2)] * 100).toFixed(0)}% (target ≥ 90%)`);

    const peaks = [];
    for (const n of [2000, 20000]) {
      const m = memoryRun(dir, server.port, n);
      peaks.push(m.maxRss);
      console.log(`${String(n).padStart(5)} tasks: RSS after load ${mib(m.afterLoad)}, peak during run ${mib(m.peak)} (run's own growth ${mib(m.peak - m.afterLoad)}), process max RSS ${mib(m.maxRss)}; ${m.passed} passed in ${(m.wallMs / 1000).toFixed(1)} s`);
    }
    console.log(`peak RSS 20,000 / 2,000 tasks: ${(peaks[1] / peaks[0]).toFixed(2)}× (target ≤ 1.3×)`);
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await bench();
