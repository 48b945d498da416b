/**
 * Messages between the parent and a sandbox worker. Kept in one file so both sides agree.
 *
 * The worker renders the whole EvalResponse to JSON text itself: serialising off the main thread
 * keeps the HTTP thread free, and a string crosses `postMessage` without a structured-clone walk.
 */

/** Which limit set the worker applies; the limits objects themselves live in the worker. */
export type LimitSet = 'api' | 'demo';

/** Parent → worker: evaluate one program. */
export interface JobMessage {
  readonly kind: 'job';
  readonly id: number;
  readonly source: string;
  readonly limitSet: LimitSet;
  readonly timeoutMs: number;
  readonly requestId: string;
}

/** Worker → parent: the worker is loaded; `tid` is its kernel thread id (for CPU reads after a kill). */
export interface ReadyMessage {
  readonly kind: 'ready';
  readonly tid: number | null;
}

/** Worker → parent: one evaluation finished (whatever the program's outcome). */
export interface DoneMessage {
  readonly kind: 'done';
  readonly id: number;
  /** EvalResponse as JSON text (bignums with every digit). */
  readonly body: string;
  /** EvalResponse.status, for logs. */
  readonly status: string;
  /** CPU time of this evaluation on the worker's own thread. */
  readonly cpuMs: number;
  /** The worker thread's cumulative CPU as it goes idle: the baseline for a later kill. */
  readonly threadCpuMs: number;
}

/** Worker → parent: evaluate() itself threw (an interpreter bug, not a program error). */
export interface FaultMessage {
  readonly kind: 'fault';
  readonly id: number;
  readonly message: string;
}

export type WorkerMessage = ReadyMessage | DoneMessage | FaultMessage;
