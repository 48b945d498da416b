/**
 * The Vitest face of the plan engine: `plansPlugin` turns `*.plan.yaml` files
 * into test modules; `PlansReporter` writes the runner's reports from the
 * runs' event logs. See docs/vitest.md.
 */
export { plansPlugin } from './plugin.js';
export { PlansReporter, exportPath, planName, type PlansReporterOptions } from './reporter.js';
export { resolveOptions, PlansOptionError, type PlansOptions, type PlansExports, type ResolvedPlansOptions, type RunSettings } from './options.js';
export { applyEnvOverrides, envFromProcess, ENV_PREFIX } from '../plan/env-overrides.js';
export { ENV_KEY, EVENTS_DIR_KEY } from './events-file.js';
export { generateModule, loadFailureText, LOAD_TEST, type ModuleSpec } from './codegen.js';
export { testOutcome, type TestOutcome } from './outcome.js';
