/** The run engine's public surface: what `runner run`, `runner report` and the Vitest face use. */
export { runPlan, EXCLUDED_TAGS, DEFAULT_FINALLY_TIMEOUT_MS, type RunOptions, type RunOutcome } from './run.js';
export { EVENTS_SCHEMA, TASK_STATES, exitMeaning, type RunEvent, type TaskState } from '../events/types.js';
export { createEmitter, DEFAULT_EVENTS_BODY_CAP, type Emitter } from '../events/emitter.js';
export { createScrubber, secretMarker, type Scrubber } from '../events/scrubber.js';
export { openLogWriter, parseEventLog, eventLine, EventLogError, type LogWriter } from '../events/log.js';
export { createRunModel, type RunModel } from '../report/model.js';
export { createTerminalReporter } from '../report/terminal.js';
export { renderJunit } from '../report/junit.js';
export { renderTap } from '../report/tap.js';
export { renderHtml } from '../report/html.js';
export { loadTlsOptions, TlsFlagError, type TlsFlags } from '../steps/transport/tls-options.js';
export { parseDuration } from '../expr/duration.js';
