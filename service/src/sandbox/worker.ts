/**
 * Sandbox worker entry: one evaluation at a time, kept warm between evaluations.
 *
 * The parent owns the deadline backstop and the heap limit (`resourceLimits`); this side only runs
 * the interpreter, whose own cooperative limits end nearly every program, and measures its own
 * thread's CPU time so `cpu_ms` is the evaluation's, not the process's.
 */
import { parentPort } from 'node:worker_threads';
import { readlinkSync } from 'node:fs';
import { evaluate, toEvalResponse, API_LIMITS, DEMO_LIMITS } from '../scheme/index.js';
import { stringifyJson } from '../scheme/json.js';
import { threadCpuMs } from './thread-cpu.js';
import type { JobMessage, WorkerMessage } from './protocol.js';

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

// The parent sets this thread's priority by its id (pool.ts `WORKER_NICE`).
const tid = ownTid();
post({ kind: 'ready', tid });
