/**
 * Global setup of the `plans` Vitest project: starts the step-kind examples'
 * servers (kinds/servers.mjs) and points the example plans at an evaluator. With EVALUATOR_URL and EVALUATOR_API_KEY set (and optionally
 * EVALUATOR_RATE_KEY, EVALUATOR_SITE_ORIGIN), the plans run against that
 * service; otherwise a fresh evaluator is started on a free port with a new
 * data directory and new keys, and stopped at teardown.
 *
 * The plans read these variables themselves (`fromEnv` in their env), so
 * the setup only makes sure they are set in this process: test files are
 * transformed here and the workers, started after it, inherit them.
 */
import { startEvaluator, planEnv } from './start-evaluator.mjs';
import { startKindServers } from './kinds/servers.mjs';

export default async function setup(): Promise<() => Promise<void>> {
  // The step-kind examples (kinds/*.plan.yaml) talk to small servers of their own.
  const kinds = await startKindServers();
  Object.assign(process.env, kinds.env);
  const stopKinds = async () => {
    for (const k of Object.keys(kinds.env)) delete process.env[k];
    await kinds.stop();
  };
  if (process.env.EVALUATOR_URL && process.env.EVALUATOR_API_KEY) return stopKinds;
  let ev: Awaited<ReturnType<typeof startEvaluator>>;
  try {
    ev = await startEvaluator();
  } catch (e) {
    // A setup that throws gets no teardown: stop the kind servers here, or the run never exits.
    await stopKinds();
    throw e;
  }
  const vars = planEnv(ev);
  Object.assign(process.env, vars);
  return async () => {
    for (const k of Object.keys(vars)) delete process.env[k];
    await Promise.all([ev.stop(), stopKinds()]);
  };
}
