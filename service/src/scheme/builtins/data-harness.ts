/**
 * A tiny evaluator over the data builtins, for their unit tests: `(f arg ...)` calls builtin
 * `f` through the shared argument check, nested calls are evaluated first, `(quote x)` is x,
 * anything else is a literal. No variables, no special forms: just enough to test builtins
 * without the machine.
 *
 * @example runData('(string-ref "abc" 1)').text // "#\\b"
 */
import { CURRENT_ERROR_PORT, CURRENT_INPUT_PORT, CURRENT_OUTPUT_PORT } from './current-ports.js';
import { SchemeError } from '../errors.js';
import { writeString } from '../printer.js';
import { readAll } from '../reader/index.js';
import { Pair, Sym, type Value } from '../values.js';
import { checkArgs, specArity } from './check.js';
import type { BuiltinContext, BuiltinSpec } from './define.js';
import { DATA_BUILTINS } from './data-index.js';

const TABLE = new Map<string, BuiltinSpec>(DATA_BUILTINS.map((s) => [s.name, s]));

/** Output and charges seen by a harness run. */
export interface HarnessContext extends BuiltinContext {
  stdout: string;
  charged: number;
}

/** A context that records stdout and charges, failing past `limit` bytes like the machine. */
export function harnessContext(limit = 64 * 1024 * 1024): HarnessContext {
  const ctx: HarnessContext = {
    stdout: '',
    charged: 0,
    writeStdout(text) {
      ctx.stdout += text;
    },
    charge(bytes) {
      ctx.charged += bytes;
      if (ctx.charged > limit) throw new SchemeError('memory_limit', 'memory limit exceeded');
    },
  };
  return ctx;
}

/** The current-port parameter objects, called with no arguments: their defaults. */
const CURRENT_PORTS = new Map([
  ['current-input-port', CURRENT_INPUT_PORT],
  ['current-output-port', CURRENT_OUTPUT_PORT],
  ['current-error-port', CURRENT_ERROR_PORT],
]);

function evaluate(form: Value, ctx: BuiltinContext, env: Map<Sym, Value>): Value {
  if (form instanceof Sym) return env.get(form) ?? form;
  if (!(form instanceof Pair) || !(form.car instanceof Sym)) return form;
  if (form.car.name === 'quote') return (form.cdr as Pair).car;
  if (form.car.name === 'define') {
    const rest = form.cdr as Pair;
    env.set(rest.car as Sym, evaluate((rest.cdr as Pair).car, ctx, env));
    return false;
  }
  const param = CURRENT_PORTS.get(form.car.name);
  if (param !== undefined) return param.value;
  const spec = TABLE.get(form.car.name);
  if (spec === undefined) return form;
  const args: Value[] = [];
  for (let v = form.cdr; v instanceof Pair; v = v.cdr) args.push(evaluate(v.car, ctx, env));
  const { min, max } = specArity(spec);
  checkArgs(spec, min, max, args);
  return spec.fn(args, ctx);
}

/** Evaluate every form of `src`; the value of the last one, written, and the raw value. */
export function runData(src: string, ctx: BuiltinContext = harnessContext()): { text: string; value: Value } {
  let value: Value = false;
  const env = new Map<Sym, Value>();
  for (const form of readAll(src)) value = evaluate(form, ctx, env);
  return { text: writeString(value), value };
}
