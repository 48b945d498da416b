#!/usr/bin/env node
/**
 * HTTP benchmark (prints figures; not a test). Needs the build: `npx tsc -b service`.
 *
 * 1. POST /v1/eval with `(+ 1 2)` on `evaluator serve` (auth, rate limit, quota, in-flight and
 *    billing all on) beside a bare Polka JSON echo route, same machine, same autocannon settings.
 *    Targets: eval ≥ 50 % of the echo's requests/s, eval p99 < 10 ms.
 *    The per-key rate limit stays ON: the load rotates over enough keys (one account each) that
 *    no key passes 60 a minute, so every request does the full limit bookkeeping.
 * 2. Overload: every slot busy on runaway loops with 4× more clients than slots, while
 *    autocannon measures GET /v1/health; prints health p50/p99 and the eval status counts.
 *
 * Usage: node bench/http.mjs [--duration 10] [--connections 10] [--slots N]
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values } = parseArgs({
  allowPositionals: true, // `node bench/run.mjs http` passes the bench name through
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' }, slots: { type: 'string' } },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
// One slot per connection by default: with no queue, fewer slots than connections measures 503s.
const SLOTS = Number(values.slots ?? values.connections);
const SERVICE = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(SERVICE, 'bin', 'evaluator.js');

const children = [];
function start(argv, pattern) {
  const child = spawn(process.execPath, argv, { cwd: SERVICE, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = pattern.exec(err);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`${argv.join(' ')} exited ${code}: ${err}`)));
  });
}
const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('exit', stopAll);

const ECHO = `
import polka from 'polka';
const app = polka().post('/echo', (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.stringify({ echo: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
});
app.listen(0, '127.0.0.1', () => process.stderr.write('echo on http://127.0.0.1:' + app.server.address().port + '\\n'));
`;

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const inst = autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
    autocannon.track(inst, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const others = (r) =>
  Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => code !== '200')
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
const fmt = (r) =>
  `${Math.round(r.requests.average).toString().padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}${r.non2xx ? ` (${others(r)})` : ''}   errors ${r.errors}`;

async function main() {
  const data = mkdtempSync(join(tmpdir(), 'evaluator-bench-'));
  try {
    const { createStore } = await import(join(SERVICE, 'dist/store/index.js'));
    const store = await createStore({ dataDir: data });
    // A: one heavy account on plan `pro` (600/min per key, 16 in flight) with its CPU quota raised,
    //    its load spread over enough keys that none passes 600 a minute.
    // B: many `free` accounts (60/min per key, one key each): every charge is its own commit.
    const budget = (DURATION + 3) * 12_000;
    const heavy = [];
    for (let i = 0; i < Math.ceil(budget / 600); i++) heavy.push((await store.createKey({ account: 'bench-heavy', plan: 'pro', cpuQuotaMs: 1e12 })).key);
    const many = [];
    for (let i = 0; i < Math.ceil(budget / 60); i++) many.push((await store.createKey({ account: `bench-${i}`, cpuQuotaMs: 1e12 })).key);
    const overloadKeys = [];
    for (let i = 0; i < Math.max(4, availableParallelism()) * 4; i++) overloadKeys.push((await store.createKey({ account: `overload-${i}`, cpuQuotaMs: 1e12 })).key);
    await store.close();

    const url = await start([BIN, 'serve', '--port', '0', '--data', data, '--quiet', '--slots', String(SLOTS)], /listening on (http:\/\/[\d.]+:\d+)/);
    const echoUrl = await start(['--input-type=module', '-e', ECHO], /echo on (http:\/\/127\.0\.0\.1:\d+)/);

    const body = JSON.stringify({ source: '(+ 1 2)' });
    const evalOpts = (keys) => {
      let k = 0;
      return {
        url: `${url}/v1/eval`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${keys[k++ % keys.length]}` } }) }],
      };
    };
    const echoOpts = { url: `${echoUrl}/echo`, method: 'POST', headers: { 'content-type': 'application/json' }, body };

    process.stdout.write(`machine: ${availableParallelism()} CPUs shared; slots ${SLOTS}, ${CONNECTIONS} connections, ${DURATION} s each\n`);
    await cannon({ ...echoOpts, duration: 2 });
    await cannon({ ...evalOpts(heavy), duration: 2 });
    const echo = await cannon(echoOpts);
    const evA = await cannon(evalOpts(heavy));
    const evB = await cannon(evalOpts(many));
    process.stdout.write(`echo    POST /echo       ${fmt(echo)}\n`);
    process.stdout.write(`eval A  POST /v1/eval    ${fmt(evA)}   (one pro account)\n`);
    process.stdout.write(`eval B  POST /v1/eval    ${fmt(evB)}   (${many.length} free accounts)\n`);
    for (const [name, ev] of [['A', evA], ['B', evB]]) {
      const ratio = ev.requests.average / echo.requests.average;
      process.stdout.write(
        `eval ${name}/echo throughput ${(ratio * 100).toFixed(1)} % (target ≥ 50 %) ${ratio >= 0.5 ? 'OK' : 'BELOW'};  p99 ${ev.latency.p99} ms (target < 10) ${ev.latency.p99 < 10 ? 'OK' : 'ABOVE'}\n`,
      );
    }
    children[0].kill('SIGTERM');

    // Overload on the default slot count: every slot on a runaway loop, 4× more clients than slots.
    const slots = Math.max(4, availableParallelism()); // the serve default
    const url2 = await start([BIN, 'serve', '--port', '0', '--data', data, '--quiet'], /listening on (http:\/\/[\d.]+:\d+)/);
    const statuses = new Map();
    let stop = false;
    const loop = JSON.stringify({ source: '(let loop () (loop))', timeout_ms: 1000 });
    const clients = overloadKeys.map(async (key) => {
      while (!stop) {
        const res = await fetch(`${url2}/v1/eval`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: loop }).catch(() => null);
        const s = res ? res.status : 'error';
        statuses.set(s, (statuses.get(s) ?? 0) + 1);
        if (res) await res.arrayBuffer();
        if (!res || res.status !== 200) await new Promise((r) => setTimeout(r, 5));
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    const health = await cannon({ url: `${url2}/v1/health`, connections: 4, duration: Math.min(DURATION, 5) });
    stop = true;
    await Promise.all(clients);
    process.stdout.write(`overload: ${overloadKeys.length} clients on runaway loops, ${slots} slots (default)\n`);
    process.stdout.write(`health  GET /v1/health   ${fmt(health)}\n`);
    process.stdout.write(`eval statuses during overload: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}\n`);
  } finally {
    stopAll();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(data, { recursive: true, force: true });
  }
}

await main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
