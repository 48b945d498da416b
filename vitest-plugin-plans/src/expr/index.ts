/**
 * The assertion language: tokenize, parse, check, evaluate, explain. No I/O:
 * files named by matchers are read by the plan loader and handed in through
 * `MatcherFiles`.
 *
 * @example
 * import { compileExpression, scopeFor, httpRuntime } from './expr/index.js';
 * const r = compileExpression('body.total == 10.10 and duration.ttfb < 200ms', { scope: scopeFor('http', { names: httpScopeNames() }), role: 'assert' });
 * if (!r.ok) throw new Error(r.diagnostics.map((d) => `column ${d.column}: ${d.message}`).join('\n'));
 * const rt = httpRuntime({ request: { method: 'GET', url: 'http://h/o' }, status: 200, headers: { 'content-type': 'application/json' }, body: '{"total":10.1}', timing: { ttfb: 12, total: 15 } });
 * if (rt.ok) r.compiled.evaluate(rt.scope); // { outcome: 'held', reads: [{ path: 'body.total', value: '10.1', … }, …], … }
 */
export { compileExpression, type CompileOptions, type CompileResult, type CompiledExpr } from './compile.js';
export type { Role } from './check.js';
export { type Diagnostic, type DiagnosticType, suggest, editDistance } from './diagnostic.js';
export { scopeFor, httpScopeNames, HTTP_PHASES, RESPONSE, type Scope, type ScopeKind, type ScopeOptions } from './scopes.js';
export { type Type, typeName } from './types.js';
export type { EvalOptions, EvalResult, Read, RuntimeScope } from './evaluate.js';
export {
  type ExprFacts,
  type QuantifierFact,
  type SizeFact,
  lintEmptyQuantifiers,
  adviceFor,
} from './facts.js';
export { strictPathFailures, normalizePath, STRICT_ROOTS } from './strict-paths.js';
export { formatValue, readLine, elementLabel } from './explain.js';
export { assertValues, type Computed } from './computed.js';
export { parseJsonExact, toJsonText, type JsonError, type JsonResult } from './json-exact.js';
export { Rational } from './rational.js';
export { parseDuration, formatDuration, durationFromMs, DURATION_UNITS } from './duration.js';
export {
  type Value,
  type ListTag,
  type RepeatPosition,
  type MapTag,
  NIL,
  NA,
  bool,
  str,
  num,
  dur,
  list,
  map,
  headers,
  fromJs,
  toJs,
  kindName,
} from './values.js';
export {
  httpRuntime,
  responseValue,
  runtimeScope,
  commonNames,
  phasesValue,
  decodeBody,
  isJsonContentType,
  type CommonRuntime,
  type HttpExchangeInput,
  type DecodedBody,
} from './runtime.js';
export type { FileRead, MatcherFiles, Secret } from './matchers/types.js';
export { parse } from './parse.js';

export { templateText } from './template-text.js';
