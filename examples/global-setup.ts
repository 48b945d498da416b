/**
 * Global setup of the `plans` Vitest project: points the example plans at an
 * evaluator. With EVALUATOR_URL and EVALUATOR_API_KEY set (and optionally
 * EVALUATOR_RATE_KEY, EVALUATOR_SITE_ORIGIN), the plans run against that
 * service; otherwise a fresh evaluator is started on a free port with a new
 * data directory and new keys, and stopped at teardown.
 *
 * The values reach the plans as `env.<name>` overrides through the plugin's
 * provided env (RUNNER_ENV_<NAME> in the environment still wins).
 */
import type { TestProject } from 'vitest/node';
import { startEvaluator, SITE_ORIGIN } from './start-evaluator.mjs';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.EVALUATOR_URL;
  const apiKey = process.env.EVALUATOR_API_KEY;
  if (url && apiKey) {
    project.provide('plans:env', {
      base: url,
      apiKey,
      rateKey: process.env.EVALUATOR_RATE_KEY ?? apiKey,
      site: process.env.EVALUATOR_SITE_ORIGIN ?? SITE_ORIGIN,
    });
    return undefined;
  }
  const ev = await startEvaluator();
  project.provide('plans:env', { base: ev.url, apiKey: ev.apiKey, rateKey: ev.rateKey, site: SITE_ORIGIN });
  return () => ev.stop();
}
