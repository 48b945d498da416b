/** The plan engine's public entry. */
export * from './plan/index.js';
export * from './engine/index.js';
