/**
 * What a step kind is: one object per kind (`steps/<kind>/index.ts`) holding
 * everything about it, listed once in `steps/registry.ts`. The plan loader,
 * the scopes, `runner plan` (counts, explain, writes), the schema build and
 * the engine read kinds only through this interface, so adding a kind is one
 * folder plus one registry line. `run` is loaded lazily by each module, so
 * `runner plan` never loads a transport.
 */
import type { Value } from '../expr/values.js';
import type { Type } from '../expr/types.js';
import type { RequestLoader } from '../plan/request-common.js';
import type { JsonTemplate, LoadedPlan, StepOf, Template } from '../plan/types.js';
import type { ExchangePayload } from '../events/types.js';
import type { HttpClient } from './transport/http-client.js';
import type { TlsConnectOptions } from './transport/tls-options.js';

/** A template hole that could not render; the step ends errored with this message. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

/** Renders the request's templates in the step's scope (env, tasks, run, matrix). */
export interface Renderer {
  /** Text of a template. @throws TemplateError */
  text(t: Template): string;
  /** JSON text of a JSON template (numbers as written). @throws TemplateError */
  json(t: JsonTemplate): string;
  /** Plain JSON-like value of a JSON template. @throws TemplateError */
  value(t: JsonTemplate): unknown;
}

/** Per-run resources shared by every step (connections are reused across steps). */
export interface RunResources {
  http: HttpClient;
  /** The invocation's TLS flags, for transports that open their own connections (ws, grpc). */
  tls: TlsConnectOptions;
  planDir: string;
  /** Per-run caches a kind keeps (grpc clients, sql pools), keyed by name; a value with `close()` is closed at run end. */
  cache: Map<string, unknown>;
  /**
   * Registers work for the end of the run, after the finally tasks, also after
   * a failure, a run timeout or a signal (fixture rollbacks, killing leaked
   * processes). It reports through `notice` and returns false when it failed,
   * which makes the exit code 1. Hooks run in reverse order of registration.
   */
  atRunEnd(name: string, hook: (notice: (kind: string, text: string) => void) => Promise<boolean>): void;
}

/** A script's check (or any named check a kind makes): reported like an assertion. */
export interface StepCheck {
  name: string;
  ok: boolean;
  /** Lines shown under a failed check. */
  detail: string[];
}

export interface StepContext {
  task: string;
  step: number;
  attempt: number;
  /** Aborts at the step or run deadline. */
  signal: AbortSignal;
  /** Step deadline in ms, when the step has one (kinds that send it on the wire, like grpc). */
  deadlineMs: number | undefined;
  render: Renderer;
  resources: RunResources;
  /** Evaluate a compiled expression of the request (waitFor `until`, ws `until`/`ignore`): not an assertion, nothing is recorded. */
  test(expr: unknown, names: Record<string, Value>): { held: boolean; error: string | null };
  /** Record an exchange (the engine fills task/step/attempt and buffers it until the step ends). */
  exchange(ex: ExchangePayload): void;
  /** A one-line fact for the summary (waitFor: attempts and time waited). */
  notice(kind: string, text: string): void;
}

export interface StepOutcome {
  /** The kind's names for assertions and results (env, tasks, run, matrix are added by the engine). */
  names: Record<string, Value>;
  /** Requests sent (each redirect hop counts). */
  requests: number;
  /** The step errored: transport failure, undecodable body, … Assertions are not evaluated. */
  error: string | null;
  /** The step's deadline fell: the phase it fell in. */
  timedOut: { phase: string | null } | null;
  /** The body was not decoded as JSON: its Content-Type, for the explain line; `malformed` when a JSON body did not parse (assertions reading `body` fail with it). */
  bodyNotJson?: { contentType: string | undefined; malformed?: string };
  /** The step failed on its own terms (waitFor gave up): assertions are not evaluated. */
  failed?: string;
  /** Checks the step made itself (script): each is reported as an assertion; one not ok fails the step. */
  checks?: StepCheck[];
  /** The step ended ok without verifying anything (a script with no checks): the task reads `passed (N unverified)`. */
  unverified?: boolean;
}

/** What `runner plan` counts for a step (spec §4 "runner plan" rule 1). */
export interface StepRequestCount {
  requests: number;
  /** The count is an upper bound (retry, redirects, script). */
  bound: boolean;
  /** waitFor attempts (`plus up to N`). */
  waitFor: number;
}

/** Which of the common step keys a kind takes. */
export interface CommonKeys {
  repeat: boolean;
  retry: boolean;
  /** False when the kind needs no `assert:` (waitFor's `until` is its check). */
  assertRequired: boolean;
}

/** One step kind: everything about it, in one object. */
export interface StepModule<R = unknown> {
  kind: string;
  /** The request loader (validates and types the request; ctx.segs ends at the kind key). */
  load: RequestLoader<R>;
  /** JSON Schema (2020-12) fragment of the request: `$defs.<kind>` of plan.schema.json. */
  schema: Record<string, unknown>;
  /** The kind's typed names for assertions (env, tasks, run, matrix are added for every kind). */
  scope(opts: { repeat?: 'serial' | 'parallel' }): Record<string, Type>;
  /** Timing phases, in print order (spec "Duration phases"). */
  phases: readonly string[];
  keys: CommonKeys;
  /** Automatic assertions (spec §4), given the request and whether a written assertion reads a name. */
  autoAssertions(request: R, reads: (name: string) => boolean): string[];
  /** The note printed under a failing automatic assertion. */
  autoNote?: string;
  /** True when the kind sends to the target (counts toward `runner plan`'s requests). */
  sendsRequests: boolean;
  /** Requests the step sends, for `runner plan`. */
  count(step: StepOf<R>): StepRequestCount;
  /** The `--explain` line: kind, method, url, repeat and request count. */
  describe(step: StepOf<R>): string;
  /** A `writes:` line for `runner plan` (fixture), when the step writes. */
  writes?(step: StepOf<R>): string | undefined;
  /** A script runtime the step needs (`runtime <name>: …` lines). */
  runtime?(request: R): string | undefined;
  /** The step's own timeout, in ms. */
  timeoutMs(request: R): number | undefined;
  /**
   * Extra time the engine's deadline gives a kind that sends its timeout on
   * the wire (grpc): the peer's own deadline status arrives first and is a
   * result to assert on, not a timed-out step.
   */
  deadlineGraceMs?: number;
  /** The failure block's lines for one exchange of this kind (rendered once, carried in the event). */
  renderExchange(ex: ExchangePayload): string[];
  /** Performs the step. */
  run(step: StepOf<R>, ctx: StepContext): Promise<StepOutcome>;
  /**
   * `runner plan`'s warnings that need I/O beyond the plan's files (spec §4
   * "runner plan" rule 2: sql opens each database to tell whether the role
   * could write). One line each, without `warning: `; never lints, never errors.
   * `check` replaces the kind's own probe in tests.
   */
  planWarnings?(plan: LoadedPlan, check?: PlanProbe): Promise<string[]>;
}

/** A test's stand-in for a kind's plan-time probe: given a rendered URL and the plan's directory, a warning or nothing. */
export type PlanProbe = (url: string, planDir: string) => Promise<string | undefined>;

/** Erases a module's request type for the registry. */
export function defineStep<R>(m: StepModule<R>): StepModule<unknown> {
  return m as unknown as StepModule<unknown>;
}
