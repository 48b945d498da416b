/**
 * Limits of one evaluation, all enforced inside the machine (cooperatively), and the `Meter`
 * that enforces them. The bounds chosen for the API and the demo are documented in
 * docs/interpreter.md; the names match the error types of the contract.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { SchemeError } from './errors.js';
import { Abort } from './machine/abort.js';

/** The bounds one evaluation runs under (docs/interpreter.md "Limits"). */
export interface EvalLimits {
  /** Wall-clock limit (`timeout`). */
  readonly timeoutMs: number;
  /** Machine steps (`step_limit`). */
  readonly maxSteps: number;
  /** Scheme data kept live, measured on the host heap (`memory_limit`). */
  readonly maxMemoryBytes: number;
  /** Parenthesised forms in the source, counted before running (`too_complex`); null: no bound. */
  readonly maxCompound: number | null;
  /** Program output in UTF-8 bytes; the rest is cut (`stdout_truncated`). */
  readonly maxStdoutBytes: number;
  /** Printed `value` of one result, in characters; the rest is cut (`value_truncated`). */
  readonly maxValueChars: number;
  /**
   * Printed `value`s (and their json copies) of all results together, in characters: a short
   * source of many large values must not make a response of tens of megabytes. Past it,
   * values are cut (to empty, `value_truncated`, json null).
   */
  readonly maxTotalValueChars: number;
  /** Decimal digits of the largest exact integer (`integer_too_large`). */
  readonly maxIntegerDigits: number;
}

/** Bounds of `/v1/eval`: the timeout (1..5000 ms) is what ends a long loop. */
export const API_LIMITS: EvalLimits = Object.freeze({
  timeoutMs: 1000,
  maxSteps: 1_000_000_000,
  maxMemoryBytes: 128 * 1024 * 1024,
  maxCompound: null,
  maxStdoutBytes: 64 * 1024,
  maxValueChars: 64 * 1024,
  maxTotalValueChars: 1024 * 1024,
  maxIntegerDigits: 10_000,
});

/** Bounds of `/v1/demo` (evaluation-api.md §8: 500 ms, 1M steps, 50 compound expressions). */
export const DEMO_LIMITS: EvalLimits = Object.freeze({
  timeoutMs: 500,
  maxSteps: 1_000_000,
  maxMemoryBytes: 32 * 1024 * 1024,
  maxCompound: 50,
  maxStdoutBytes: 16 * 1024,
  maxValueChars: 16 * 1024,
  maxTotalValueChars: 64 * 1024,
  maxIntegerDigits: 1_000,
});

/** Steps between deadline checks: small enough to stop within a millisecond. */
const CHECK_EVERY = 1024;
/** Deadline checks between heap measurements. */
const MEASURE_EVERY = 32;
/** Bytes charged by builtins that trigger an immediate heap measurement. */
const CHARGE_CHUNK = 4 * 1024 * 1024;

let gcFn: (() => void) | null | undefined;
/** A full collection, when the host allows one (used only before declaring memory_limit). */
function collectGarbage(): void {
  if (gcFn === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gcFn = vm.runInNewContext('gc') as () => void;
    } catch {
      gcFn = null;
    }
  }
  gcFn?.();
}

const heapUsed = (): number => v8.getHeapStatistics().used_heap_size;

/** Clock, step, memory and output accounting of one evaluation. */
export class Meter {
  readonly start = performance.now();
  private readonly deadline: number;
  private readonly baseline = heapUsed();
  private checks = 0;
  private charged = 0;
  /** Highest live heap growth measured, in bytes. */
  peakMemory = 0;
  private readonly out: string[] = [];
  private outBytes = 0;
  stdoutTruncated = false;

  constructor(readonly limits: EvalLimits) {
    this.deadline = this.start + limits.timeoutMs;
  }

  /** Step count at which the machine should call `check` next. */
  nextCheck(steps: number): number {
    return Math.min(steps + CHECK_EVERY, this.limits.maxSteps);
  }

  /** Periodic check from the run loop. */
  check(steps: number): void {
    if (steps >= this.limits.maxSteps) {
      throw new Abort('step_limit', `step limit exceeded: more than ${this.limits.maxSteps} steps`);
    }
    this.checkTime();
    if (++this.checks % MEASURE_EVERY === 0) this.measure();
  }

  checkTime(): void {
    if (performance.now() > this.deadline) {
      throw new Abort('timeout', `timed out after ${this.limits.timeoutMs} ms`);
    }
  }

  /** Account for `bytes` about to be allocated by a builtin. */
  charge(bytes: number): void {
    if (bytes > this.limits.maxMemoryBytes) this.fail();
    this.charged += bytes;
    if (this.charged >= CHARGE_CHUNK) {
      this.charged = 0;
      this.measure();
      this.checkTime();
    }
  }

  /** Measure live heap growth; collect before concluding the bound is passed. */
  measure(): number {
    let used = heapUsed() - this.baseline;
    if (used > this.limits.maxMemoryBytes) {
      collectGarbage();
      used = heapUsed() - this.baseline;
      if (used > this.limits.maxMemoryBytes) {
        this.peakMemory = Math.max(this.peakMemory, used);
        this.fail();
      }
    }
    if (used > this.peakMemory) this.peakMemory = used;
    return used;
  }

  private fail(): never {
    throw new SchemeError('memory_limit', `memory limit exceeded: more than ${this.limits.maxMemoryBytes} bytes`);
  }

  /** Append program output, cutting it at the bound (the program continues). */
  writeStdout(text: string): void {
    if (this.stdoutTruncated || text.length === 0) return;
    const bytes = Buffer.byteLength(text);
    const room = this.limits.maxStdoutBytes - this.outBytes;
    if (bytes <= room) {
      this.out.push(text);
      this.outBytes += bytes;
      return;
    }
    let cut = text.slice(0, room);
    while (Buffer.byteLength(cut) > room) cut = cut.slice(0, -1);
    if (cut.length > 0 && /[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
    this.out.push(cut);
    this.outBytes += Buffer.byteLength(cut);
    this.stdoutTruncated = true;
  }

  get stdout(): string {
    return this.out.join('');
  }

  elapsedMs(): number {
    return performance.now() - this.start;
  }
}
