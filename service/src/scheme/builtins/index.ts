/**
 * The builtin registry: every family's table merged into one map of runtime procedures,
 * built once per process and shared (procedures are immutable), and copied into a fresh set
 * of global cells for each evaluation. Names that cannot work here (files, `load`, host
 * `eval`) are simply absent: unbound. (scheme process-context) is present but sandboxed.
 */
import type { BuiltinTable } from './define.js';
import { Primitive } from '../machine/procedures.js';
import { Cell } from '../compiler/nodes.js';
import { Procedure, sym, type Sym, type Value } from '../values.js';
import { NUMBER_BUILTINS } from './numbers.js';
import { DATA_BUILTINS } from './data-index.js';
import { CONTROL_ALIASES, CONTROL_BUILTINS, CONTROL_PURE_BUILTINS } from './control.js';
import { CONDITION_BUILTINS, CONDITION_CONTROL } from './conditions.js';
import { SEARCH_BUILTINS, SEARCH_CONTROL } from './search.js';
import { RECORD_BUILTINS } from './records.js';
import { PROMISE_BUILTINS, PROMISE_CONTROL } from './promises.js';
import { PARAMETER_CONTROL } from './parameters.js';
import { MISC_BUILTINS } from './misc.js';
import { PROCESS_CONTEXT_BUILTINS, PROCESS_CONTEXT_CONTROL } from './process-context.js';
import { FORMAT_BUILTINS } from './format.js';
import { HASH_TABLE_BUILTINS, HASH_TABLE_CONTROL } from './hash-tables.js';
import { CURRENT_ERROR_PORT, CURRENT_INPUT_PORT, CURRENT_OUTPUT_PORT } from './current-ports.js';
import { EVAL_CONTROL } from './eval.js';
import { makeControl, type ControlTable } from './control-kit.js';

const PURE_TABLES: BuiltinTable[] = [
  NUMBER_BUILTINS, DATA_BUILTINS, CONTROL_PURE_BUILTINS, CONDITION_BUILTINS, SEARCH_BUILTINS,
  RECORD_BUILTINS, PROMISE_BUILTINS, MISC_BUILTINS, FORMAT_BUILTINS, HASH_TABLE_BUILTINS,
  PROCESS_CONTEXT_BUILTINS,
];
const CONTROL_TABLES: ControlTable[] = [
  CONTROL_BUILTINS, CONDITION_CONTROL, SEARCH_CONTROL, PROMISE_CONTROL, PARAMETER_CONTROL, HASH_TABLE_CONTROL, EVAL_CONTROL,
  PROCESS_CONTEXT_CONTROL,
];

/** Internal names the compiler's rewrites use, so a program redefining `list` cannot break quasiquote. */
const INTERNAL_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['%cons', 'cons'],
  ['%list', 'list'],
  ['%append', 'append'],
  ['%list->vector', 'list->vector'],
  ['%make-promise', 'make-promise'],
  ['%with-exception-handler', 'with-exception-handler'],
  ['%raise-continuable', 'raise-continuable'],
  ['%error', 'error'],
  ...CONTROL_ALIASES,
];

function buildRegistry(): Map<string, Procedure> {
  const reg = new Map<string, Procedure>();
  for (const table of PURE_TABLES) {
    for (const spec of table) reg.set(spec.name, new Primitive(spec));
  }
  for (const table of CONTROL_TABLES) {
    for (const spec of table) reg.set(spec.name, makeControl(spec));
  }
  // The current ports are parameter objects (parameterize can redirect them).
  reg.set('current-input-port', CURRENT_INPUT_PORT);
  reg.set('current-output-port', CURRENT_OUTPUT_PORT);
  reg.set('current-error-port', CURRENT_ERROR_PORT);
  for (const [alias, name] of INTERNAL_ALIASES) {
    const p = reg.get(name);
    if (p !== undefined) reg.set(alias, p);
  }
  return reg;
}

/** Every builtin by name. */
export const BUILTINS: ReadonlyMap<string, Procedure> = buildRegistry();

/** The builtins with their symbols interned once (held here, so they stay interned). */
const ENTRIES: ReadonlyArray<readonly [Sym, Procedure]> = [...BUILTINS].map(([name, proc]) => [sym(name), proc] as const);

/** Fresh global cells for one evaluation, holding every builtin and any `extra` bindings. */
export function createGlobals(extra: ReadonlyArray<readonly [Sym, Value]> = []): Map<Sym, Cell> {
  const globals = new Map<Sym, Cell>();
  for (const entries of [ENTRIES, extra]) {
    for (const [s, value] of entries) {
      const c = new Cell(s);
      c.value = value;
      globals.set(s, c);
    }
  }
  return globals;
}
