/** The run engine's public surface: run a loaded plan, emitting events (it prints nothing). */
export { runPlan, EXCLUDED_TAGS, DEFAULT_FINALLY_TIMEOUT_MS, type RunOptions, type RunOutcome } from './run.js';
export { createDeadline, type Deadline } from './deadline.js';
