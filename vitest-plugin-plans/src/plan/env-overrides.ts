/**
 * Pointing a plan at a target without editing it: `env.<name>` values given
 * from outside replace the plan's own before the run renders env. The plan
 * format cannot read the process environment (templates see env, run, tasks),
 * so the override is a property of the invocation, as every flag is.
 */
import type { EnvEntry, LoadedPlan } from './types.js';

/** Prefix of the environment variables that override `env.<name>`. */
export const ENV_PREFIX = 'RUNNER_ENV_';

/** Folds a name for comparison: env names are identifiers, compared ignoring case. */
function fold(name: string): string {
  return name.toUpperCase();
}

/**
 * The `env.<name>` overrides the process environment carries:
 * `RUNNER_ENV_<NAME>=value`. `<NAME>` matches a plan's env name exactly, or
 * else ignoring case (`RUNNER_ENV_BASE` sets `env.base`, `RUNNER_ENV_APIKEY`
 * sets `env.apiKey`).
 *
 * @example envFromProcess({ RUNNER_ENV_BASE: 'http://127.0.0.1:9000' }) // { BASE: 'http://127.0.0.1:9000' }
 */
export function envFromProcess(environ: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(environ)) if (k.startsWith(ENV_PREFIX) && k.length > ENV_PREFIX.length && v !== undefined) out[k.slice(ENV_PREFIX.length)] = v;
  return out;
}

/**
 * The plan with its env entries replaced by the given literal values (later
 * layers win). Names the plan does not declare are ignored: assertions
 * compile against the plan's own env names, so a new name could not be read.
 */
export function applyEnvOverrides(plan: LoadedPlan, ...layers: Array<Record<string, string> | undefined>): LoadedPlan {
  const pick = (name: string): string | undefined => {
    let found: string | undefined;
    for (const layer of layers) {
      if (!layer) continue;
      if (Object.hasOwn(layer, name)) found = layer[name];
      else {
        const k = Object.keys(layer).find((x) => fold(x) === fold(name));
        if (k !== undefined) found = layer[k];
      }
    }
    return found;
  };
  let changed = false;
  const env: EnvEntry[] = plan.env.map((e) => {
    const v = pick(e.name);
    if (v === undefined) return e;
    changed = true;
    return { ...e, value: { source: v, span: e.value.span, path: e.value.path, parts: [{ kind: 'text', text: v }] } };
  });
  return changed ? { ...plan, env } : plan;
}
