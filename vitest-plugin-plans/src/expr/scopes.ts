/**
 * Scopes: the typed names an expression may read. The names of each step kind
 * come from its module (`steps/<kind>/`, through the registry); this file adds
 * what every scope has (env, tasks, run, matrix) and the http names, which the
 * assertion language itself knows because `matches openapi` reads a response.
 */
import { ANY, HEADERS, NUM, STR, listOf, phases, record, type Type } from './types.js';

/** A step kind's name, or the `when` guard, or a plain template. */
export type ScopeKind = string;

/** The names an expression may read, with their types (spec "Names in scope for assertions"). */
export interface Scope {
  readonly kind: ScopeKind;
  /** What the scope belongs to, for messages: `an http step`, `a when guard`. */
  readonly noun: string;
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
  /** The kind's own typed names (its module's `scope()`). */
  readonly names?: Readonly<Record<string, Type>>;
  /** Overrides the noun of messages (`waitFor.until`). */
  readonly noun?: string;
}

/** Timing phases of an http exchange (spec table "Duration phases"). */
export const HTTP_PHASES: readonly string[] = ['dns', 'connect', 'tls', 'ttfb', 'total'];

const REQUEST = record('request', { method: STR, url: STR });
const REDIRECT = record('redirect', { method: STR, url: STR, status: NUM });

function responseNames(): Record<string, Type> {
  return {
    request: REQUEST,
    status: NUM,
    proto: STR,
    headers: HEADERS,
    body: ANY,
    duration: phases(HTTP_PHASES),
    redirects: listOf(REDIRECT, 'redirects'),
  };
}

/** The record type of one response (an element of `responses`). */
export const RESPONSE: Type = record('response', responseNames());

/** The names of an http exchange (http, graphql, waitFor), plus `responses` under repeat. */
export function httpScopeNames(opts: { repeat?: 'serial' | 'parallel' } = {}): Record<string, Type> {
  return { ...responseNames(), ...(opts.repeat ? { responses: listOf(RESPONSE, 'responses') } : {}) };
}

function nounOf(kind: ScopeKind): string {
  if (kind === 'guard') return 'a when guard';
  if (kind === 'template') return 'a template';
  return `${/^([aeiou]|http)/i.test(kind) ? 'an' : 'a'} ${kind} step`;
}

/**
 * The scope of a step kind, the `when` guard or a template.
 * @example
 * const scope = scopeFor('http', { names: httpScopeNames({ repeat: 'parallel' }), repeat: 'parallel', envKeys: ['base'] });
 * Object.keys(scope.names); // request, status, …, responses, env, tasks, run
 */
export function scopeFor(kind: ScopeKind, opts: ScopeOptions = {}): Scope {
  const names: Record<string, Type> = {
    ...opts.names,
    env: { t: 'dict', name: 'env', of: ANY, ...(opts.envKeys ? { keys: opts.envKeys } : {}) },
    tasks: { t: 'tasks' },
    run: record('run', { id: STR }),
    ...(opts.matrixKeys ? { matrix: { t: 'dict', name: 'matrix', of: ANY, keys: opts.matrixKeys } } : {}),
  };
  return { kind, noun: opts.noun ?? nounOf(kind), names, parallelRepeat: opts.repeat === 'parallel' };
}
