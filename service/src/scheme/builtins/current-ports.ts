/**
 * The current ports are parameter objects (R7RS 6.13.1): `(parameterize ((current-output-port
 * port)) …)` redirects `display`, `write`, `newline` … called without a port argument.
 * Their defaults are the program's stdout (output and error alike) and an empty stdin.
 * The objects are shared by every evaluation: bindings live in each machine's dynamic state,
 * never in the objects.
 */
import { SchemeError } from '../errors.js';
import { Parameter } from '../machine/procedures.js';
import type { Value } from '../values.js';
import { describe } from './check.js';
import type { ArgType, BuiltinContext } from './define.js';
import { Port, STDERR_PORT, STDIN_PORT, STDOUT_PORT } from './port-objects.js';

export const CURRENT_INPUT_PORT = new Parameter(STDIN_PORT, null);
export const CURRENT_OUTPUT_PORT = new Parameter(STDOUT_PORT, null);
export const CURRENT_ERROR_PORT = new Parameter(STDERR_PORT, null);

/**
 * The port a procedure uses when its port argument is left out: the current binding of
 * `param`, which must be a port of `type` (a program may parameterize it to anything).
 */
export function currentPort(who: string, ctx: BuiltinContext, param: Parameter, type: ArgType): Port {
  const v: Value = ctx.paramValue === undefined ? param.value : ctx.paramValue(param);
  if (v === param.value) return v as Port;
  if (!(v instanceof Port) || !type.test(v)) {
    throw new SchemeError('wrong_type', `${who}: the current port is not ${type.noun}: ${describe(v)}`);
  }
  return v;
}
