/** The event contract's public face: types, emitter, scrubber, log writer and reader. */
export { EVENTS_SCHEMA, TASK_STATES, exitMeaning, type RunEvent, type TaskState, type ExchangeEvent } from './types.js';
export { createEmitter, DEFAULT_EVENTS_BODY_CAP, type Emitter } from './emitter.js';
export { createScrubber, secretMarker, type Scrubber } from './scrubber.js';
export { openLogWriter, parseEventLog, eventLine, EventLogError, type LogWriter } from './log.js';
export { formatMs } from './format.js';
