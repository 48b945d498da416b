/** The reporters' public face: each renders from events alone (terminal, JUnit, TAP 14, HTML). */
export { createRunModel, type RunModel, type TaskReport } from './model.js';
export { createTerminalReporter, type TerminalOptions } from './terminal.js';
export { renderJunit } from './junit.js';
export { renderTap } from './tap.js';
export { renderHtml } from './html.js';
export { seriesFromEvents, type SeriesFacts } from './series.js';
export { renderSeriesJunit, renderSeriesTap } from './series-exports.js';
