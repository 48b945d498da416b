/**
 * The environment exec and script children start from: the runner's own,
 * copied once per run. Spreading `process.env` costs a native call per
 * variable, which at every spawn ate most of the exec bench's budget; a run
 * sees the environment its first process step saw.
 */
import type { RunResources } from '../types.js';

const CACHE_KEY = 'process.env';

/** The run's copy of the runner's environment. */
export function baseEnv(resources: RunResources): Record<string, string | undefined> {
  let env = resources.cache.get(CACHE_KEY) as Record<string, string | undefined> | undefined;
  if (!env) resources.cache.set(CACHE_KEY, (env = { ...process.env }));
  return env;
}
