/**
 * Sandbox worker entry: one evaluation at a time, kept warm between evaluations.
 *
 * The parent owns the deadline backstop and the heap limit (`resourceLimits`); this side only runs
 * the interpreter, whose own cooperative limits end nearly every program, and measures its own
 * thread's CPU time so `cpu_ms` is the evaluation's, not the process's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { evaluate, toEvalResponse, API_LIMITS, DEMO_LIMITS } from '../scheme/index.js';
import { stringifyJson } from '../scheme/json.js';
import { threadCpuMs } from './thread-cpu.js';
import type { JobMessage, WorkerMessage } from './protocol.js';
import { WORKER_NICE } from './nice.js';

if (!parentPort) throw new Error('sandbox/worker.ts must run as a worker thread');
const port = parentPort;

/** Kernel thread id, so the parent can still read this thread's CPU after it had to kill it. */
function ownTid(): number | null {
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) ? tid : null;
  } catch {
    return null;
  }
}

function post(message: WorkerMessage): void {
  port.postMessage(message);
}

port.on('message', (job: JobMessage) => {
  const base = job.limitSet === 'demo' ? DEMO_LIMITS : API_LIMITS;
  const before = threadCpuMs();
  try {
    const outcome = evaluate(job.source, { ...base, timeoutMs: job.timeoutMs });
    const cpuMs = Math.max(0, threadCpuMs() - before);
    const response = toEvalResponse(outcome, { requestId: job.requestId, cpuMs });
    const body = stringifyJson(response);
    post({ kind: 'done', id: job.id, body, status: String(response.status), cpuMs, threadCpuMs: threadCpuMs() });
  } catch (err) {
    post({ kind: 'fault', id: job.id, message: err instanceof Error ? err.message : String(err) });
  }
});

/**
 * Programs run before the worker reports ready, so that V8 has compiled the interpreter's hot
 * paths before the first request instead of during the first thousands (each worker is its own
 * isolate and JITs on its own). Only the pool's first workers warm up (see `Slot.spawn`).
 */
const WARMUP_SOURCES = ['(+ 1 2)', '(define (f n) (if (< n 2) n (+ (f (- n 1)) (f (- n 2))))) (f 12)', '(list 1 "two" #\\3 (vector 4.5))'];
/** Wall-clock budget of the warm-up. */
const WARMUP_MS = 60;

function warmUp(): void {
  const end = performance.now() + WARMUP_MS;
  for (let i = 0; performance.now() < end; i++) {
    const outcome = evaluate(WARMUP_SOURCES[i % WARMUP_SOURCES.length]!, { ...API_LIMITS, timeoutMs: 1000 });
    stringifyJson(toEvalResponse(outcome, { requestId: 'warm-up', cpuMs: 0 }));
  }
}

// The parent sets this thread's priority by its id (pool.ts `WORKER_NICE`); until then, the
// warm-up runs at WORKER_NICE itself, so a replacement worker warming up yields to the HTTP thread.
const tid = ownTid();
if (tid !== null) {
  try {
    setPriority(tid, WORKER_NICE);
  } catch {
    // Not permitted: warm up at normal priority.
  }
}
try {
  if ((workerData as { warmUp?: boolean } | null)?.warmUp) warmUp();
} catch {
  // A warm-up failure only means a cold start; the worker must still come up.
}
post({ kind: 'ready', tid });
