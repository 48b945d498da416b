import { ANY, BOOL, DUR, HEADERS, NUM, STR, listOf, phases, record, type Type } from './types.js';

/** Step kinds with names in scope, plus the `when` guard and plain templates. */
export type ScopeKind = 'http' | 'graphql' | 'ws' | 'grpc' | 'sql' | 'fixture' | 'exec' | 'script' | 'waitFor' | 'guard' | 'template';

/** The names an expression may read, with their types (spec "Names in scope for assertions"). */
export interface Scope {
  readonly kind: ScopeKind;
  readonly names: Readonly<Record<string, Type>>;
  /** A parallel `repeat`: `responses[N]` and `responses[a:b]` are load errors. */
  readonly parallelRepeat: boolean;
}

/** Options of `scopeFor`. */
export interface ScopeOptions {
  /** http only: the step's `repeat.mode`; adds `responses`. */
  readonly repeat?: 'serial' | 'parallel';
  /** The plan's env keys (checked when given; an env entry sees only the entries above it). */
  readonly envKeys?: readonly string[];
  /** Inside a matrix task: the row keys (adds `matrix`). */
  readonly matrixKeys?: readonly string[];
  /** Extra typed names (e.g. what a step kind module adds). */
  readonly extra?: Readonly<Record<string, Type>>;
}

/** Timing phases per step kind (spec table "Duration phases"). */
export const PHASES: Readonly<Record<string, readonly string[]>> = {
  http: ['dns', 'connect', 'tls', 'ttfb', 'total'],
  graphql: ['dns', 'connect', 'tls', 'ttfb', 'total'],
  waitFor: ['dns', 'connect', 'tls', 'ttfb', 'total'],
  ws: ['connect', 'tls', 'upgrade', 'first', 'total'],
  grpc: ['first', 'total'],
  sql: ['total'],
  fixture: ['total'],
  exec: ['total'],
  script: ['total'],
};

const REQUEST = record('request', { method: STR, url: STR });
const REDIRECT = record('redirect', { method: STR, url: STR, status: NUM });

function httpNames(): Record<string, Type> {
  return {
    request: REQUEST,
    status: NUM,
    proto: STR,
    headers: HEADERS,
    body: ANY,
    duration: phases(PHASES.http!),
    redirects: listOf(REDIRECT, 'redirects'),
  };
}

/** The record type of one response (an element of `responses`). */
export const RESPONSE: Type = record('response', httpNames());

function kindNames(kind: ScopeKind, opts: ScopeOptions): Record<string, Type> {
  const d = (k: string) => phases(PHASES[k]!);
  switch (kind) {
    case 'http':
    case 'graphql':
    case 'waitFor':
      return { ...httpNames(), ...(opts.repeat ? { responses: listOf(RESPONSE, 'responses') } : {}) };
    case 'ws':
      return {
        status: NUM,
        headers: HEADERS,
        messages: listOf(record('message', { body: ANY, text: STR, at: DUR }), 'messages'),
        closed: BOOL,
        duration: d('ws'),
      };
    case 'grpc':
      return {
        code: STR,
        message: STR,
        body: ANY,
        messages: listOf(record('message', { body: ANY, at: DUR }), 'messages'),
        headers: HEADERS,
        trailers: HEADERS,
        duration: d('grpc'),
      };
    case 'sql':
      return { rows: listOf({ t: 'dict', name: 'row', of: ANY }, 'rows'), duration: d('sql') };
    case 'fixture':
      return { rowsAffected: NUM, duration: d('fixture') };
    case 'exec':
      return { exitCode: NUM, stdout: STR, stderr: STR, truncated: record('truncated', { stdout: BOOL, stderr: BOOL }), duration: d('exec') };
    case 'script':
      return { ok: BOOL, result: ANY, duration: d('script') };
    case 'guard':
    case 'template':
      return {};
  }
}

/**
 * The scope of a step kind, the `when` guard or a template.
 * @example
 * const scope = scopeFor('http', { repeat: 'parallel', envKeys: ['base'] });
 * Object.keys(scope.names); // request, status, …, responses, env, tasks, run
 */
export function scopeFor(kind: ScopeKind, opts: ScopeOptions = {}): Scope {
  const names: Record<string, Type> = {
    ...kindNames(kind, opts),
    env: { t: 'dict', name: 'env', of: ANY, ...(opts.envKeys ? { keys: opts.envKeys } : {}) },
    tasks: { t: 'tasks' },
    run: record('run', { id: STR }),
    ...(opts.matrixKeys ? { matrix: { t: 'dict', name: 'matrix', of: ANY, keys: opts.matrixKeys } } : {}),
    ...opts.extra,
  };
  return { kind, names, parallelRepeat: opts.repeat === 'parallel' };
}
