/**
 * Interpreter bench: each program timed in-process (warm-up, then the median of several runs),
 * beside Guile 3's interpreter when `guile` is installed (`--no-auto-compile`, empty
 * XDG_CACHE_HOME; timed inside Guile so its start-up is excluded). Prints figures; asserts
 * nothing. Run `npx tsc -b service` first: this imports the compiled dist.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROGRAMS } from './programs.mjs';

const { evaluate, API_LIMITS } = await import('../dist/scheme/index.js');

const WARMUP = 3;
const RUNS = 9;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function ours(p) {
  const src = `${p.setup}\n${p.run}`;
  const times = [];
  let steps = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const o = evaluate(src, { ...API_LIMITS, timeoutMs: 5000 });
    const last = o.results.at(-1);
    if (o.status !== 'ok' || last?.value !== p.expect) throw new Error(`${p.name}: got ${JSON.stringify(o.error ?? last)}`);
    if (i >= WARMUP) times.push(o.wall_ms);
    steps = o.steps;
  }
  const ms = median(times);
  return { ms, steps, stepsPerSec: steps / (ms / 1000) };
}

function guile(p) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-guile-'));
  const file = join(dir, 'bench.scm');
  writeFileSync(file, `${p.setup}
(define (now) (/ (get-internal-real-time) (/ internal-time-units-per-second 1000.0)))
(define (time-once) (let ((t0 (now))) ${p.run} (- (now) t0)))
(let loop ((i 0)) (when (< i ${WARMUP}) (time-once) (loop (+ i 1))))
(let loop ((i 0) (ts '()))
  (if (< i ${RUNS}) (loop (+ i 1) (cons (time-once) ts))
      (begin (display (list-ref (sort ts <) ${Math.floor(RUNS / 2)})) (newline))))
`);
  try {
    const out = execFileSync('guile', ['--no-auto-compile', file], {
      env: { ...process.env, XDG_CACHE_HOME: dir, GUILE_AUTO_COMPILE: '0' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return Number(out.trim());
  } catch {
    return null;
  }
}

let hasGuile = true;
try {
  execFileSync('guile', ['--version'], { stdio: 'ignore' });
} catch {
  hasGuile = false;
}

const rows = [];
for (const p of PROGRAMS) {
  const o = ours(p);
  const g = hasGuile ? guile(p) : null;
  rows.push({ name: p.name, ...o, guile: g, ratio: g ? o.ms / g : null });
}

const pad = (s, n) => String(s).padStart(n);
console.log(`${'program'.padEnd(14)} ${pad('ours ms', 9)} ${pad('guile ms', 9)} ${pad('ratio', 7)} ${pad('steps', 10)} ${pad('steps/s', 12)}`);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(14)} ${pad(r.ms.toFixed(1), 9)} ${pad(r.guile === null ? '-' : r.guile.toFixed(1), 9)} ${pad(r.ratio === null ? '-' : r.ratio.toFixed(2), 7)} ${pad(r.steps, 10)} ${pad(Math.round(r.stepsPerSec).toLocaleString('en'), 12)}`,
  );
}
const ratios = rows.map((r) => r.ratio).filter((x) => x !== null);
if (ratios.length > 0) {
  const geo = Math.exp(ratios.reduce((a, x) => a + Math.log(x), 0) / ratios.length);
  console.log(`geometric-mean ratio ours/guile: ${geo.toFixed(2)}`);
} else {
  console.log('guile not installed: no comparison');
}
