/** The plan engine's public entry: the loader, the engine, events, reports, the run session and TLS flags. */
export * from './plan/index.js';
export * from './engine/index.js';
export * from './events/index.js';
export * from './report/index.js';
export * from './session/index.js';
export { loadTlsOptions, TlsFlagError, type TlsFlags } from './steps/transport/tls-options.js';
export { parseDuration } from './expr/duration.js';
