/**
 * Sandbox slots: a fixed set of warm worker threads, one evaluation each at a time.
 *
 * - No queue: when every slot is taken `run` answers `null` at once and the caller says 503 busy
 *   (evaluator-decisions.md: "never a queue that grows without bound").
 * - Each worker has a V8 heap cap (`resourceLimits`) above the interpreter's own memory bound, so
 *   the interpreter's `memory_limit` normally fires first and the cap is only a backstop.
 * - A slot past its deadline by `killMarginMs`, or dead of heap exhaustion, is terminated and
 *   replaced; that answer is built by `killedResponse` (steps and memory_bytes null).
 */
import { Worker } from 'node:worker_threads';
import { setPriority } from 'node:os';
import { DEMOTE_AFTER_MS, niceModeOf, WORKER_NICE, type NiceMode } from './nice.js';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createLimiter } from '../concurrency/limiter.js';
import { killedResponse, type KillReason } from './killed-response.js';
import { taskCpuMs } from './task-cpu.js';
import type { JobMessage, LimitSet, WorkerMessage } from './protocol.js';

export { DEMOTE_AFTER_MS, WORKER_NICE } from './nice.js';

/** One evaluation to run. */
export interface EvalJob {
  readonly source: string;
  readonly limitSet: LimitSet;
  readonly timeoutMs: number;
  readonly requestId: string;
}

/** What a finished (or killed) evaluation produced. */
export interface EvalResult {
  /** EvalResponse JSON text, ready to send. */
  readonly body: string;
  /** EvalResponse.status. */
  readonly status: string;
  /** CPU time of the evaluation (what is billed, before rounding). */
  readonly cpuMs: number;
  /** Set when the slot had to be killed. */
  readonly killed: KillReason | null;
}

export interface PoolOptions {
  /** Number of worker threads (evaluations at once). */
  readonly slots: number;
  /** V8 old-generation cap per worker, MiB. */
  readonly heapMb: number;
  /** How long past `timeoutMs` a slot may run before it is killed. Default 250 ms. */
  readonly killMarginMs?: number;
  /** Demote a job to `WORKER_NICE` after this many ms; default `DEMOTE_AFTER_MS` (tests widen it). */
  readonly demoteAfterMs?: number;
  /** Worker entry to start instead of `./worker.{js,ts}` (tests use a plain-JS fake). */
  readonly entry?: URL;
}

/** Infrastructure fault of the sandbox (not a program error); `code` is stable. */
export class SandboxError extends Error {
  constructor(
    /** `worker_fault`: evaluate() threw or the worker died for a reason other than its heap. */
    readonly code: 'worker_fault' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export interface SandboxPool {
  /** Starts `job` on a free slot, or returns null when every slot is busy. */
  run(job: EvalJob): Promise<EvalResult> | null;
  /** Slots in total and busy now. */
  stats(): { slots: number; busy: number };
  /** Resolves once every worker has loaded (useful before benchmarks and tests). */
  ready(): Promise<void>;
  /** Lets running evaluations finish (they are bounded by their deadlines), then stops the workers. */
  close(): Promise<void>;
}

interface Pending {
  readonly job: JobMessage;
  readonly startedAt: number;
  readonly resolve: (r: EvalResult) => void;
  readonly reject: (e: Error) => void;
  timer: NodeJS.Timeout | null;
}

/** How a slot starts its worker: a module file, or (TypeScript sources) a bootstrap script. */
interface WorkerEntry {
  readonly target: URL | string;
  readonly eval: boolean;
}

/**
 * Where the worker entry is: next to this module, `worker.js` from dist. Under vitest/tsx this
 * module is `pool.ts`, and a worker does not inherit the parent's loader (nor does
 * `execArgv: ['--import', 'tsx']` take effect in a worker on Node 20), so a small eval'd
 * bootstrap registers tsx's ESM hooks inside the worker first, then imports `worker.ts`.
 */
function workerEntry(): WorkerEntry {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { target: new URL('./worker.js', here), eval: false };
  // tsx's package exports map `tsx/esm/api` to index.cjs (require) and index.mjs (import).
  const api = new URL('./index.mjs', pathToFileURL(createRequire(here).resolve('tsx/esm/api'))).href;
  const entry = new URL('./worker.ts', here).href;
  return {
    target: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

class Slot {
  private worker!: Worker;
  private loaded!: Promise<void>;
  private failLoad!: (e: Error) => void;
  private tid: number | null = null;
  /** The worker thread's cumulative CPU when it last went idle (for a killed job's cpu_ms). */
  private cpuBase: number | null = null;
  private isReady = false;
  private niceMode: NiceMode = 'none';
  /** True while the thread runs at `WORKER_NICE` in `on-demand` mode. */
  private demoted = false;
  private nextId = 1;
  /** Set while a worker that failed to START waits to be retried (backoff, not a tight loop). */
  private down: { error: Error; failures: number; timer: NodeJS.Timeout } | null = null;
  pending: Pending | null = null;

  constructor(
    private readonly opts: PoolOptions & { killMarginMs: number },
    private readonly entry: WorkerEntry,
  ) {
    this.spawn(true);
  }

  get busy(): boolean {
    return this.pending !== null;
  }

  whenReady(): Promise<void> {
    return this.loaded;
  }

  /**
   * Starts the worker. `warmUp`: run the interpreter's warm-up before ready. Only the pool's
   * first workers do: a replacement comes after a kill, often under a runaway load, where the
   * warm-up's CPU (and V8's compiling of it, on process-wide threads at normal priority) was
   * measured to double the health check's p99.
   */
  private spawn(warmUp = false): void {
    this.isReady = false;
    this.tid = null;
    const worker = new Worker(this.entry.target, {
      workerData: { warmUp },
      eval: this.entry.eval,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    this.worker = worker;
    let onReady!: () => void;
    let onFail!: (e: Error) => void;
    this.loaded = new Promise<void>((resolve, reject) => {
      onReady = resolve;
      onFail = reject;
    });
    this.loaded.catch(() => undefined); // observed by ready(); never an unhandled rejection
    this.failLoad = onFail;
    worker.on('message', (m: WorkerMessage) => {
      if (worker !== this.worker) return;
      if (m.kind === 'ready') {
        this.tid = m.tid;
        this.niceMode = niceModeOf(m.tid);
        this.demoted = false;
        this.cpuBase = m.tid === null ? null : taskCpuMs(m.tid);
        this.isReady = true;
        if (this.down) this.down = null;
        onReady();
        if (this.pending) this.arm(this.pending);
        return;
      }
      const p = this.pending;
      if (!p || p.job.id !== m.id) return;
      this.finish();
      if (m.kind === 'done') {
        this.cpuBase = m.threadCpuMs;
        p.resolve({ body: m.body, status: m.status, cpuMs: m.cpuMs, killed: null });
      } else {
        p.reject(new SandboxError('worker_fault', `evaluation failed inside the sandbox: ${m.message}`));
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (worker !== this.worker) return;
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY' && this.isReady) this.kill('memory_limit');
      else this.crash(err);
    });
    worker.on('exit', (code) => {
      if (worker !== this.worker) return;
      // An exit we did not cause (the 'error' path replaces the worker before this fires).
      this.crash(new Error(`sandbox worker exited with code ${code}`));
    });
  }

  run(job: EvalJob): Promise<EvalResult> {
    if (this.down) {
      return Promise.reject(new SandboxError('worker_fault', `sandbox worker cannot start: ${this.down.error.message}`));
    }
    const message: JobMessage = { kind: 'job', id: this.nextId++, ...job };
    return new Promise<EvalResult>((resolve, reject) => {
      const p: Pending = { job: message, startedAt: performance.now(), resolve, reject, timer: null };
      this.pending = p;
      // A fresh worker gets its deadline once it has loaded: start-up is not the program's time.
      if (this.isReady) this.arm(p);
      this.worker.postMessage(message);
    });
  }

  /** One timer per job: the demotion first (in `on-demand` mode), then the kill. */
  private arm(p: Pending): void {
    if (p.timer) return;
    const armedAt = performance.now();
    const killAfter = p.job.timeoutMs + this.opts.killMarginMs;
    const killTimer = () => setTimeout(() => this.kill('timeout'), Math.max(0, killAfter - (performance.now() - armedAt)));
    const demoteAfter = this.opts.demoteAfterMs ?? DEMOTE_AFTER_MS;
    if (this.niceMode !== 'on-demand' || killAfter <= demoteAfter) {
      p.timer = killTimer();
      return;
    }
    p.timer = setTimeout(() => {
      this.setNice(WORKER_NICE);
      if (this.pending === p) p.timer = killTimer();
    }, demoteAfter);
  }

  private finish(): void {
    if (this.pending?.timer) clearTimeout(this.pending.timer);
    this.pending = null;
    if (this.demoted) this.setNice(0);
  }

  private setNice(nice: number): void {
    if (this.tid === null || this.niceMode !== 'on-demand') return;
    try {
      setPriority(this.tid, nice);
      this.demoted = nice !== 0;
    } catch {
      // Lost the right to raise it again (or the thread is gone): stay at WORKER_NICE from now on.
      this.niceMode = 'fixed';
    }
  }

  /** Stops the worker for `reason`, answers its job with the killed response, starts a new one. */
  private kill(reason: KillReason): void {
    const p = this.pending;
    const now = this.tid === null ? null : taskCpuMs(this.tid);
    const wallMs = p ? performance.now() - p.startedAt : 0;
    const cpuMs = now !== null && this.cpuBase !== null ? Math.max(0, now - this.cpuBase) : wallMs;
    this.replace();
    if (p) {
      const { body, status } = killedResponse(reason, {
        requestId: p.job.requestId,
        timeoutMs: p.job.timeoutMs,
        wallMs,
        cpuMs,
      });
      p.resolve({ body, status, cpuMs, killed: reason });
    }
  }

  private crash(err: Error): void {
    const p = this.pending;
    if (!this.isReady) {
      // Died while loading (a broken build, a missing file): retry with backoff, fail jobs fast.
      this.finish();
      const failures = (this.down?.failures ?? 0) + 1;
      const old = this.worker;
      this.worker = undefined as unknown as Worker;
      void old.terminate();
      this.failLoad(err);
      this.down = { error: err, failures, timer: setTimeout(() => this.spawn(), Math.min(30_000, 250 * 2 ** failures)) };
      this.down.timer.unref();
      p?.reject(new SandboxError('worker_fault', `sandbox worker cannot start: ${err.message}`));
      return;
    }
    this.replace();
    p?.reject(new SandboxError('worker_fault', err.message));
  }

  private replace(): void {
    this.finish();
    const old = this.worker;
    this.spawn();
    void old.terminate();
  }

  async stop(): Promise<void> {
    if (this.down) clearTimeout(this.down.timer);
    const old = this.worker;
    // Detach our handlers' identity check so the exit is not taken for a crash.
    this.worker = undefined as unknown as Worker;
    await old?.terminate();
  }
}

/**
 * Starts `slots` warm workers.
 *
 * @example
 * const pool = createPool({ slots: 2, heapMb: 512 });
 * const result = await pool.run({ source: '(+ 1 2)', limitSet: 'api', timeoutMs: 1000, requestId: 'r1' });
 * // result === null → every slot busy
 */
export function createPool(options: PoolOptions): SandboxPool {
  const opts = { ...options, killMarginMs: options.killMarginMs ?? 250 };
  if (!Number.isInteger(opts.slots) || opts.slots < 1) throw new RangeError(`slots must be a positive integer, got ${opts.slots}`);
  const entry: WorkerEntry = options.entry ? { target: options.entry, eval: false } : workerEntry();
  const slots = Array.from({ length: opts.slots }, () => new Slot(opts, entry));
  // The house concurrency primitive: one permit per slot, refused at once when all are out.
  const capacity = createLimiter(opts.slots);
  let closed = false;
  const running = new Set<Promise<unknown>>();

  return {
    run(job) {
      if (closed) return null;
      const permit = capacity.tryAcquire();
      if (!permit) return null;
      // Holding a permit guarantees a slot without a job.
      const slot = slots.find((s) => !s.busy)!;
      // Released before the caller sees the result, so a slot is free again when `run` resolves.
      const promise = slot.run(job).finally(() => permit.release());
      const tracked = promise.catch(() => undefined).finally(() => running.delete(tracked));
      running.add(tracked);
      return promise;
    },
    stats() {
      return { slots: slots.length, busy: slots.filter((s) => s.busy).length };
    },
    async ready() {
      await Promise.all(slots.map((s) => s.whenReady()));
    },
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
      await Promise.all(slots.map((s) => s.stop()));
    },
  };
}
