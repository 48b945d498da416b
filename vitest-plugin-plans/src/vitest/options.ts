/**
 * The plugin's options, their defaults, and the resolved form the generated
 * test modules carry. Defaults are those of `runner run`, so a plan means the
 * same thing under Vitest as on the command line.
 */
import { availableParallelism } from 'node:os';
import { parseDuration } from '../expr/duration.js';
import { DEFAULT_EVENTS_BODY_CAP } from '../events/emitter.js';

/** Where `vitest run` also writes the runner's reports; `[name]` is the plan's file name without `.plan.yaml`. */
export interface PlansExports {
  /** JUnit XML, as `runner run --junit`. */
  junit?: string;
  /** TAP version 14, as `runner run --tap`. */
  tap?: string;
  /** One-file HTML report, as `runner run --html`. */
  html?: string;
  /** The event log (`runner.events/v1`), as `runner run --events`. */
  events?: string;
}

/** Options of `plansPlugin`. */
export interface PlansOptions {
  /** Tasks at once within one plan (`--jobs`). Default: the machine's processor parallelism. */
  jobs?: number;
  /** Tags to run that are left out by default (`--include-tag`; `slow`). Default none. */
  includeTags?: string[];
  /** Lint warnings are load errors (`--strict`). Default false. */
  strict?: boolean;
  /** Fail a step on an absent path not listed in `optional:` (`--strict-paths`). Default false. */
  strictPaths?: boolean;
  /** `env.<name>` values replacing the plan's. `RUNNER_ENV_<NAME>` in the environment wins over these. Default none. */
  env?: Record<string, string>;
  /** Run deadline of each plan (`--timeout`, e.g. `2m`). Default: the plan's `timeout`, or none. */
  timeout?: string;
  /** Deadline of the finally tasks (`--finally-timeout`). Default `30s`. */
  finallyTimeout?: string;
  /** Write snapshot files instead of comparing (`--update-snapshots`). Default false. */
  updateSnapshots?: boolean;
  /** Bytes of each body the event log carries (`--events-body-cap`). Default 65536. */
  eventsBodyCap?: number;
  /** Reports written after the run. Default none. */
  exports?: PlansExports;
  /** Files the plugin turns into test modules. Default `/\.plan\.ya?ml$/`. */
  include?: RegExp;
}

/** What a generated module passes to the runtime (JSON: no functions, no RegExp). */
export interface RunSettings {
  jobs: number;
  includeTags: string[];
  strictPaths: boolean;
  env: Record<string, string>;
  timeoutMs?: number;
  finallyTimeoutMs?: number;
  updateSnapshots: boolean;
  eventsBodyCap: number;
}

/** Options with their defaults applied. */
export interface ResolvedPlansOptions {
  strict: boolean;
  include: RegExp;
  exports: PlansExports;
  run: RunSettings;
}

/** A bad option value: thrown when the config loads, naming the option. */
export class PlansOptionError extends Error {
  override name = 'PlansOptionError';
}

function ms(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const d = parseDuration(v.trim());
  if (!d) throw new PlansOptionError(`plansPlugin: ${name} ${JSON.stringify(v)}: want a duration such as 30s or 1m30s`);
  return d.toNumber() / 1e6;
}

/** Applies the defaults and checks the values. */
export function resolveOptions(o: PlansOptions = {}): ResolvedPlansOptions {
  const jobs = o.jobs ?? availableParallelism();
  if (!Number.isInteger(jobs) || jobs < 1) throw new PlansOptionError(`plansPlugin: jobs ${jobs}: must be a whole number, at least 1`);
  const run: RunSettings = {
    jobs,
    includeTags: [...(o.includeTags ?? [])],
    strictPaths: o.strictPaths ?? false,
    env: { ...(o.env ?? {}) },
    updateSnapshots: o.updateSnapshots ?? false,
    eventsBodyCap: o.eventsBodyCap ?? DEFAULT_EVENTS_BODY_CAP,
  };
  const t = ms('timeout', o.timeout);
  if (t !== undefined) run.timeoutMs = t;
  const f = ms('finallyTimeout', o.finallyTimeout);
  if (f !== undefined) run.finallyTimeoutMs = f;
  return { strict: o.strict ?? false, include: o.include ?? /\.plan\.ya?ml$/, exports: { ...(o.exports ?? {}) }, run };
}
