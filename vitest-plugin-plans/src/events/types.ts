/**
 * The `runner.events/v1` contract: every fact a report shows travels in one of
 * these events. Reporters (terminal, JUnit, TAP, HTML, the Vitest face) read
 * nothing else. docs/events.md documents each type and field; `FIELDS` below is
 * the machine-readable copy the log reader validates against.
 */

/** Schema name written in `run.start` and required by `runner report`. */
export const EVENTS_SCHEMA = 'runner.events/v1';

/** Task states, in the order the summary counts them (plan-runner.md §3). */
export const TASK_STATES = ['passed', 'failed', 'errored', 'timed out', 'skipped', 'blocked', 'not run'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** A step's own outcome. `skipped` is a step never reached because an earlier one did not pass. */
export type StepState = 'passed' | 'failed' | 'errored' | 'timed out';

/** Outcome of one assertion evaluation. */
export type AssertOutcome = 'held' | 'failed' | 'n/a' | 'error';

/**
 * Phase → milliseconds (fractional), in the kind's phase order; `null` is a
 * phase that did not happen (`n/a`). http: dns, connect, tls, ttfb, total;
 * ws: connect, tls, upgrade, first, total; grpc: first, total.
 */
export type Timing = Record<string, number | null>;

/** One WebSocket frame of an exchange (ws steps), in either direction. */
export interface FrameRecord {
  dir: 'in' | 'out';
  /** ms since the step started. */
  at: number;
  /** `text`, `binary` (data in base64) or `close`. */
  frame: 'text' | 'binary' | 'close';
  data: string;
  size: number;
  /** An incoming message dropped by `ignore:` (not counted). */
  ignored: boolean;
}

/** One side of an exchange as the log carries it: headers in wire order, the body cut at `--events-body-cap`. */
export interface WireMessage {
  headers: Array<[string, string]>;
  /** Body text (UTF-8), or base64 when `bodyEncoding` says so; `null` when there was no body. */
  body: string | null;
  bodyEncoding: 'utf8' | 'base64';
  /** Full size of the body in bytes, before any cut. */
  bodySize: number;
  bodyTruncated: boolean;
}

export interface WireRequest extends WireMessage {
  method: string;
  url: string;
}

export interface WireResponse extends WireMessage {
  status: number;
  statusText: string;
  proto: string;
}

export interface Redirect {
  method: string;
  url: string;
  status: number;
}

export interface RunStartEvent {
  type: 'run.start';
  schema: typeof EVENTS_SCHEMA;
  version: string;
  runId: string;
  plan: string;
  jobs: number;
  lifecycle: { strategy: string; sharedTarget: boolean };
  startedAt: string;
  /** `runtime <name>: <path> <version>` facts, one per script runtime. */
  runtimes: string[];
  /** Main tasks selected to run (after `--only`); finally tasks not included. */
  tasks: number;
  finallyTasks: number;
  /**
   * Names of the selected main tasks, then of the finally tasks, in plan order
   * (matrix rows expanded). JUnit and TAP list tasks in this order, not in the
   * order they ended, so `--jobs` does not reorder an export.
   */
  order: string[];
}

/** One-line facts a reader would otherwise miss: caveat, only, retried, warning, snapshot, signal, fixture, waitFor, unverified, leak. */
export interface NoticeEvent {
  type: 'notice';
  kind: string;
  text: string;
}

export interface LifecycleEvent {
  type: 'lifecycle';
  strategy: string;
  phase: 'reset';
  state: 'passed' | 'failed';
  reason: string | null;
}

export interface TaskStartEvent {
  type: 'task.start';
  task: string;
  finally: boolean;
  file: string;
  line: number;
  /** When the task took its worker and claims: ms since the run began (the HTML timeline places its bar, and ends any claim wait, here). */
  at: number;
  /** The worker slot it ran on, 0-based and below `--jobs` (the timeline's lane); finally tasks count their own slots from 0. */
  lane: number;
}

export interface TaskEndEvent {
  type: 'task.end';
  task: string;
  finally: boolean;
  state: TaskState;
  /** Why a task did not pass, in words (`needs a, which failed`, `run deadline reached`, the step's error). */
  reason: string | null;
  /** The step that decided the state (1-based), when one did. */
  step: number | null;
  durationMs: number;
  requests: number;
  file: string;
  line: number;
  /** When the task reached its state: ms since the run began. */
  at: number;
}

export interface StepStartEvent {
  type: 'step.start';
  task: string;
  step: number;
  kind: string;
  name: string | null;
  file: string;
  line: number;
}

export interface StepEndEvent {
  type: 'step.end';
  task: string;
  step: number;
  state: StepState;
  reason: string | null;
  /** For a timed-out step: the phase the deadline fell in (`waiting for first byte`, …). */
  phase: string | null;
  attempts: number;
  durationMs: number;
}

/**
 * One exchange with the target. http and graphql fill request/response as on
 * the wire; ws puts the upgrade there and its frames in `frames`; grpc maps the
 * call onto the same shape (docs/events.md). `lines` is the failure block's
 * rendering by the step kind, made by the emitter after scrubbing.
 */
export interface ExchangeEvent {
  type: 'exchange';
  task: string;
  step: number;
  attempt: number;
  /** The step kind that made it. */
  kind: string;
  /** Position in a repeat (0-based); `null` outside a repeat. */
  index: number | null;
  /** When the send began: ms since the run began (the time the exchange ended less its `timing.total`). */
  at: number;
  request: WireRequest;
  response: WireResponse | null;
  redirects: Redirect[];
  timing: Timing;
  newConnection: boolean;
  error: string | null;
  /** ws: every frame in both directions (the failure block shows the last 20). */
  frames: FrameRecord[] | null;
  /** grpc: trailers; ws: the close code and reason. */
  extra: Record<string, unknown> | null;
  /** The failure block's exchange lines, rendered by the step kind. */
  lines: string[];
}

/** What a step module hands the engine for one exchange (the engine and emitter add the rest). */
export type ExchangePayload = Omit<ExchangeEvent, 'type' | 'task' | 'step' | 'attempt' | 'kind' | 'at' | 'lines'>;

export interface AssertEvent {
  type: 'assert';
  task: string;
  step: number;
  attempt: number;
  /** 1-based position among the step's assertions; the automatic graphql one comes last. */
  index: number;
  auto: boolean;
  expr: string;
  file: string;
  line: number;
  outcome: AssertOutcome;
  values: Array<{ path: string; value: string }>;
  detail: string[];
  error: string | null;
  note: string | null;
}

export interface ResultEvent {
  type: 'result';
  task: string;
  step: number;
  key: string;
  secret: boolean;
  /** The stored value (scrubbed); `absent` when the expression gave nil. */
  absent: boolean;
  value: unknown;
}

export interface ClaimWaitEvent {
  type: 'claim.wait';
  task: string;
  resource: string;
  mode: 'shared' | 'exclusive';
  heldBy: string[];
  /** When the wait began: ms since the run began. It ends at the task's `task.start` (or its `task.end` when it never started). */
  at: number;
}

/** A documented response of an operation and how many answers it took. */
export interface CoverageResponse {
  /** The key as the document writes it: `200`, `2XX`, `default`. */
  status: string;
  seen: number;
}

/** One operation of the document: method and path template, its documented responses. */
export interface CoverageOperation {
  /** Upper case: `GET`. */
  method: string;
  /** The path template as the document writes it: `/orders/{id}`. */
  path: string;
  /** Answers matched to this operation, whatever their status. */
  seen: number;
  responses: CoverageResponse[];
}

/**
 * `--openapi-coverage <doc>`: which operations and documented responses the
 * run's http exchanges (and their redirect hops) exercised. Emitted just
 * before `run.end`, so every report reads it from the log.
 */
export interface OpenApiCoverageEvent {
  type: 'openapi.coverage';
  /** The document as named on the command line. */
  document: string;
  /** Every operation, in document order. */
  operations: CoverageOperation[];
  /** Answers whose operation was found but whose status no response documents (not even `default`). */
  undocumented: Array<{ method: string; path: string; status: number; seen: number }>;
  /** Answers to a method and URL path that no operation matches (first 20 distinct, by URL path as sent). */
  unmatched: Array<{ method: string; path: string; seen: number }>;
  /** Answers to no operation beyond the 20 listed. */
  moreUnmatched: number;
}

/** The finally phase begins: after the main graph, however it ended. */
export interface TeardownEvent {
  type: 'teardown';
  /** Finally tasks about to run. */
  tasks: number;
  /** How the main graph ended: `completed`, `timeout`, `signal`, `reset failed`. */
  after: string;
  /** `--finally-timeout` in ms. */
  timeoutMs: number;
}

export interface RunEndEvent {
  type: 'run.end';
  exitCode: number;
  counts: Record<TaskState, number>;
  /** Passed tasks with a step that verified nothing (a script with no checks): `passed (N unverified)`. */
  unverified: number;
  tasks: number;
  requests: number;
  wallMs: number;
  /** Finally tasks: errored ones apart from failed ones (timed out, blocked, not run count as failed). */
  teardown: { passed: number; failed: number; errored: number } | null;
  /** How the main graph ended: `completed`, `timeout`, `signal`, `reset failed`. */
  ending: string;
  signal: string | null;
}

/** One failing run of a task as the flake report keeps it: its state and the assertions that did not hold, with the values read. */
export interface SeriesFailure {
  /** 1-based index of the run within its series. */
  run: number;
  state: TaskState;
  reason: string | null;
  asserts: Array<{ expr: string; outcome: AssertOutcome; values: Array<{ path: string; value: string }>; error: string | null }>;
}

/** A task's tally over the counted runs of one series. */
export interface SeriesTask {
  task: string;
  finally: boolean;
  /** Counted runs in which the task ended (any state). */
  runs: number;
  passed: number;
  skipped: number;
  /** Sum of the task's durations, for JUnit. */
  durationMs: number;
  /** The first failing runs (at most 10; the rest are counted in `moreFailures`). */
  failures: SeriesFailure[];
  moreFailures: number;
  /** Tasks that overlapped this one in a run where it did not pass, with the URL paths both touched. */
  overlaps: Array<{ task: string; paths: string[] }>;
}

/** One run of a series: its line `run i/N <ULID> <summary>`. */
export interface SeriesRun {
  index: number;
  runId: string;
  exitCode: number;
  summary: string;
  /** Ended by a signal: printed, worst exit code counted, tallies not counted. */
  interrupted: boolean;
}

/** One series of runs at one `--jobs` (two under `--compare-jobs`: `--jobs 1`, then `--jobs J`). */
export interface SeriesPass {
  jobs: number;
  runs: SeriesRun[];
  /** Plan order: main tasks, then finally tasks. */
  tasks: SeriesTask[];
  firstFailing: { index: number; runId: string } | null;
}

/** `--repeat N` above 1 or `--compare-jobs`: first in the log, before the first run's `run.start`. */
export interface SeriesStartEvent {
  type: 'series.start';
  schema: typeof EVENTS_SCHEMA;
  version: string;
  plan: string;
  repeat: number;
  /** The `--jobs` of each series, in order: `[J]`, or `[1, J]` under `--compare-jobs`. */
  jobs: number[];
  lifecycle: { strategy: string; sharedTarget: boolean };
  startedAt: string;
}

/** Last in a series log: the flake report, every fact the series reports show. */
export interface SeriesEndEvent {
  type: 'series.end';
  /** The worst exit code of any run. */
  exitCode: number;
  passes: SeriesPass[];
  /** The signal that ended the series, if one did. */
  signal: string | null;
  /** The run whose events the HTML page shows in full (the first failing run, else the last run). */
  shown: string | null;
}

export type RunEvent =
  | SeriesStartEvent
  | SeriesEndEvent
  | RunStartEvent
  | NoticeEvent
  | LifecycleEvent
  | TaskStartEvent
  | TaskEndEvent
  | StepStartEvent
  | StepEndEvent
  | ExchangeEvent
  | AssertEvent
  | ResultEvent
  | ClaimWaitEvent
  | OpenApiCoverageEvent
  | TeardownEvent
  | RunEndEvent;

export type RunEventType = RunEvent['type'];

/** Top-level fields of each event type; the reader refuses any other (plan-runner.md §6). */
export const FIELDS: Record<RunEventType, readonly string[]> = {
  'series.start': ['type', 'schema', 'version', 'plan', 'repeat', 'jobs', 'lifecycle', 'startedAt'],
  'series.end': ['type', 'exitCode', 'passes', 'signal', 'shown'],
  'run.start': ['type', 'schema', 'version', 'runId', 'plan', 'jobs', 'lifecycle', 'startedAt', 'runtimes', 'tasks', 'finallyTasks', 'order'],
  notice: ['type', 'kind', 'text'],
  lifecycle: ['type', 'strategy', 'phase', 'state', 'reason'],
  'task.start': ['type', 'task', 'finally', 'file', 'line', 'at', 'lane'],
  'task.end': ['type', 'task', 'finally', 'state', 'reason', 'step', 'durationMs', 'requests', 'file', 'line', 'at'],
  'step.start': ['type', 'task', 'step', 'kind', 'name', 'file', 'line'],
  'step.end': ['type', 'task', 'step', 'state', 'reason', 'phase', 'attempts', 'durationMs'],
  exchange: ['type', 'task', 'step', 'attempt', 'kind', 'index', 'at', 'request', 'response', 'redirects', 'timing', 'newConnection', 'error', 'frames', 'extra', 'lines'],
  assert: ['type', 'task', 'step', 'attempt', 'index', 'auto', 'expr', 'file', 'line', 'outcome', 'values', 'detail', 'error', 'note'],
  result: ['type', 'task', 'step', 'key', 'secret', 'absent', 'value'],
  'claim.wait': ['type', 'task', 'resource', 'mode', 'heldBy', 'at'],
  'openapi.coverage': ['type', 'document', 'operations', 'undocumented', 'unmatched', 'moreUnmatched'],
  teardown: ['type', 'tasks', 'after', 'timeoutMs'],
  'run.end': ['type', 'exitCode', 'counts', 'unverified', 'tasks', 'requests', 'wallMs', 'teardown', 'ending', 'signal'],
};

/** Nested object fields checked too, so a log from a different contract is caught early. */
export const NESTED_FIELDS: Record<string, readonly string[]> = {
  request: ['method', 'url', 'headers', 'body', 'bodyEncoding', 'bodySize', 'bodyTruncated'],
  response: ['status', 'statusText', 'proto', 'headers', 'body', 'bodyEncoding', 'bodySize', 'bodyTruncated'],
  lifecycle: ['strategy', 'sharedTarget'],
};

/** Meaning of each exit code, as the HTML report opens with it. */
export function exitMeaning(code: number): string {
  if (code === 0) return 'every selected task passed or was skipped';
  if (code === 1) return 'a task failed, errored, timed out, was blocked or not run, or a snapshot was written';
  if (code === 64) return 'usage or load error';
  return 'an export file could not be written';
}
