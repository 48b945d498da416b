/** The run session's public face: what `runner run` and the Vitest plugin call. */
export { createRunSession, type RunSession, type RunSessionOptions, type OutputFailure, type ExportTargets } from './run-session.js';
export { runSeries, type SeriesOptions, type SeriesOutcome } from './series.js';
export { loadCoverageDocument, type CoverageDocument } from './openapi-coverage.js';
