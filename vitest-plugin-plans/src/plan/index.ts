/**
 * The plan loader's public face: load a plan, render diagnostics, and the
 * pure renderers `runner plan` prints with.
 */
export * from './types.js';
export { loadPlan, loadPlanText, type LoadPlanOptions, type PlanLoad } from './load.js';
export { renderDiagnostic, formatPath, closest, didYouMean } from './diagnostics.js';
export { PLAN_SCHEMA_URL } from './schema-check.js';
export { type RequestLoader } from './request-common.js';
export { STEP_REGISTRY, STEP_KINDS, stepModule, kindScope } from '../steps/registry.js';
export { countRequests, okLine, writesLines, type RequestCount } from './render/summary.js';
export { renderGraph, selectOnly, allTasks } from './render/graph.js';
export { renderExplain, describeStep, checkedPaths } from './render/explain.js';
export { parseDurationMs } from './read.js';
export { createGraph, upstream, downstream, hasPath, onlyClosure, topoOrder, findCycles, inPlanOrder, type TaskGraph } from '../graph/model.js';
export { applyEnvOverrides, envFromProcess, ENV_PREFIX } from './env-overrides.js';
export { fsReason } from './compile.js';
export type { PNode } from './yaml-tree.js';
