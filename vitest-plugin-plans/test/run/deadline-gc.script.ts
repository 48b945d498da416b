/**
 * Child-process half of deadline-gc.test.ts: 50 http steps wait on a TCP
 * server that accepts and never writes, while a collection is forced every
 * 5 ms under allocation pressure. A step deadline whose timer can be
 * collected before it fires (nodejs/node#57736) leaves such a step waiting
 * forever; this prints what every step.end said so the test can check each
 * one timed out on time.
 *
 * Run as `node --expose-gc --import tsx deadline-gc.script.ts`. Prints one
 * JSON line (`DeadlineGcReport`) and exits 0, also when the run hangs (then
 * `ended` is false), so the test fails on the report rather than on a kill.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { loadPlanText } from '../../src/plan/load.js';
import { createRunSession } from '../../src/session/run-session.js';

/** The one line this script prints. */
export interface DeadlineGcReport {
  ended: boolean;
  wallMs: number;
  gcCalls: number;
  /** Of `gcCalls`, the full (major) collections. */
  majorGcCalls: number;
  stepTimeoutMs: number;
  steps: Array<{ task: string; state: string; durationMs: number; reason: string | null }>;
  /** Set when the plan did not load or the run threw. */
  error?: string;
}

const TASKS = 50;
const STEP_TIMEOUT_MS = 300;
// Far past every deadline; reaching it means some step never ended.
const HANG_AFTER_MS = 20_000;

const gc = (globalThis as { gc?: (options?: { type: 'major' | 'minor' }) => void }).gc;
if (typeof gc !== 'function') {
  process.stderr.write('run with node --expose-gc\n');
  process.exit(2);
}

const sockets = new Set<Socket>();
// Accept, hold, never answer: the request waits for a first byte that never comes.
const server = createServer((socket) => {
  sockets.add(socket);
  socket.on('error', () => {});
  socket.on('close', () => sockets.delete(socket));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

let gcCalls = 0;
let majorGcCalls = 0;
let sink: unknown[] = [];
const pressure = setInterval(() => {
  // Short-lived garbage between collections, so each one has real work and
  // anything only weakly held is swept early.
  sink = [new Array(5_000).fill(0).map((_, j) => ({ j })), new ArrayBuffer(64 * 1024)];
  // A major collection of this process's heap takes ~8 ms, a minor one well
  // under 1 ms: mostly minor ones (a fresh timeout signal is young) keep the
  // 5 ms pace on a loaded machine; every 4th is major, for what was promoted.
  if (gcCalls % 4 === 0) {
    gc();
    majorGcCalls++;
  } else gc({ type: 'minor' });
  gcCalls++;
}, 5);

const names = Array.from({ length: TASKS }, (_, i) => `wait-${String(i + 1).padStart(2, '0')}`);
const planText = `tasks:\n${names
  .map((name) => `  - name: ${name}\n    steps:\n      - http:\n          url: "http://127.0.0.1:${port}/never"\n          timeout: ${STEP_TIMEOUT_MS}ms\n        assert:\n          - status == 200\n`)
  .join('')}`;

const steps: DeadlineGcReport['steps'] = [];
const started = performance.now();
let printed = false;
function report(ended: boolean, error?: string): void {
  if (printed) return;
  printed = true;
  const out: DeadlineGcReport = { ended, wallMs: Math.round(performance.now() - started), gcCalls, majorGcCalls, stepTimeoutMs: STEP_TIMEOUT_MS, steps, ...(error ? { error } : {}) };
  process.stdout.write(JSON.stringify(out) + '\n');
}
function shutdown(): void {
  clearInterval(pressure);
  clearTimeout(watchdog);
  sink = [];
  for (const s of sockets) s.destroy();
  server.close();
}

const watchdog = setTimeout(() => {
  report(false);
  shutdown();
  // The hung steps still hold their connections; nothing else would end the process.
  process.exit(0);
}, HANG_AFTER_MS);

try {
  const load = loadPlanText(planText, 'deadline-gc.plan.yaml');
  if (!load.ok) throw new Error(load.errors.map((e) => e.message).join('; '));
  const session = createRunSession();
  session.emitter.onEvent((ev) => {
    if (ev.type === 'step.end') steps.push({ task: ev.task, state: ev.state, durationMs: ev.durationMs, reason: ev.reason });
  });
  await session.run({ plan: load.plan, jobs: TASKS, version: 'deadline-gc' });
  session.finish();
  report(true);
} catch (e) {
  report(false, (e as Error).stack ?? String(e));
}
shutdown();
