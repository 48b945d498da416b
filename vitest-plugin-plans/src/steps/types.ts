/**
 * What a step module is and what the engine hands it. Each step kind is one
 * module `{ kind, load, run }` (style.md): `load` is the plan's request loader
 * for the kind, `run` renders the request's templates, performs the step and
 * returns the names its assertions read. The engine does everything common to
 * all kinds: deadlines, retry, assertions, results, secrets, events.
 */
import type { Value } from '../expr/values.js';
import type { RequestLoader } from '../plan/requests/index.js';
import type { JsonTemplate, RequestByKind, StepKind, StepOf, Template } from '../plan/types.js';
import type { ExchangeEvent } from '../events/types.js';
import type { HttpClient } from './transport/http-client.js';

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
  planDir: string;
}

export interface StepContext {
  task: string;
  step: number;
  attempt: number;
  /** Aborts at the step or run deadline. */
  signal: AbortSignal;
  render: Renderer;
  resources: RunResources;
  /** Record an exchange (the engine fills task/step/attempt and buffers it until the step ends). */
  exchange(ex: Omit<ExchangeEvent, 'type' | 'task' | 'step' | 'attempt'>): void;
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
  /** The body was not decoded as JSON: its Content-Type, for the explain line. */
  bodyNotJson?: { contentType: string | undefined };
}

export interface StepModule<K extends StepKind> {
  kind: K;
  load: RequestLoader<RequestByKind[K]>;
  run(step: StepOf<K>, ctx: StepContext): Promise<StepOutcome>;
}
