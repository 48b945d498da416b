/**
 * The one list of step kinds. The plan loader, the scopes, `runner plan`
 * (counts, explain, writes, runtimes), the schema build and the engine read
 * kinds from here and nowhere else; adding a kind is its folder plus one line.
 */
import type { Scope, ScopeOptions } from '../expr/scopes.js';
import { scopeFor } from '../expr/scopes.js';
import { execStep } from './exec/index.js';
import { fixtureStep } from './fixture/index.js';
import { graphqlStep } from './graphql/index.js';
import { grpcStep } from './grpc/index.js';
import { httpStep } from './http/index.js';
import { scriptStep } from './script/index.js';
import { sqlStep } from './sql/index.js';
import type { StepModule } from './types.js';
import { waitForStep } from './wait-for/index.js';
import { wsStep } from './ws/index.js';

/** Every step kind, in schema order. */
export const STEP_REGISTRY: readonly StepModule[] = [httpStep, graphqlStep, wsStep, grpcStep, sqlStep, fixtureStep, execStep, scriptStep, waitForStep];

const BY_KIND = new Map(STEP_REGISTRY.map((m) => [m.kind, m]));

/** The kind names, in schema order. */
export const STEP_KINDS: readonly string[] = STEP_REGISTRY.map((m) => m.kind);

/** The module of a kind. @throws Error for a kind the registry does not list (a loader bug: plans are checked at load). */
export function stepModule(kind: string): StepModule {
  const m = BY_KIND.get(kind);
  if (!m) throw new Error(`no step kind ${kind} in the registry`);
  return m;
}

/**
 * The assertion scope of a kind, as the loader builds it.
 * @example kindScope('ws').names.messages // list of message records
 */
export function kindScope(kind: string, opts: ScopeOptions = {}): Scope {
  const m = BY_KIND.get(kind);
  // `guard` and `template` are scopes of no kind: env, tasks, run (and matrix) only.
  return scopeFor(kind, { ...opts, names: m ? m.scope(opts.repeat ? { repeat: opts.repeat } : {}) : {} });
}
