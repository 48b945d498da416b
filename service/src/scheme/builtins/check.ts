/**
 * The one argument check every builtin goes through, so all `arity_mismatch` and `wrong_type`
 * messages read alike: `car: expected 1 argument, got 2`, `car: expected a pair, got 5`.
 */
import { SchemeError } from '../errors.js';
import { writeValue } from '../printer.js';
import { MultipleValues, type Value } from '../values.js';
import type { ArgType, BuiltinSpec } from './define.js';

/** Longest written value quoted in a message; longer ones end in "…". */
const MAX_SHOWN = 80;

/** The written form of `v`, cut for use in a message. */
export function describe(v: Value): string {
  if (v === undefined) return '#<undefined>';
  // Several (or no) values where one was expected: say so, `1 2` alone would read as garbage.
  if (v instanceof MultipleValues && v.values.length === 0) return 'no value (zero values)';
  const prefix = v instanceof MultipleValues ? `${v.values.length} values: ` : '';
  const { text, truncated } = writeValue(v, { maxChars: MAX_SHOWN });
  return prefix + (truncated || text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);
}

/** `name: expected <noun>, got <value>`. */
export function wrongType(name: string, noun: string, got: Value): SchemeError {
  return new SchemeError('wrong_type', `${name}: expected ${noun}, got ${describe(got)}`);
}

/** Text for an arity: "1 argument", "1 to 2 arguments", "at least 1 argument". */
export function arityText(min: number, max: number): string {
  const noun = (n: number): string => (n === 1 ? 'argument' : 'arguments');
  if (max === min) return `${min} ${noun(min)}`;
  if (max === Infinity) return `at least ${min} ${noun(min)}`;
  return `${min} to ${max} arguments`;
}

/** `name: expected 1 argument, got 2`. */
export function arityError(name: string, min: number, max: number, got: number): SchemeError {
  return new SchemeError('arity_mismatch', `${name}: expected ${arityText(min, max)}, got ${got}`);
}

/** Arity bounds of a spec. */
export function specArity(spec: BuiltinSpec): { min: number; max: number } {
  const min = spec.args.length - (spec.optional ?? 0);
  const max = spec.rest !== undefined ? Infinity : spec.args.length;
  return { min, max };
}

/** Throw the right SchemeError unless `args` fit `spec`. */
export function checkArgs(spec: BuiltinSpec, min: number, max: number, args: readonly Value[]): void {
  const n = args.length;
  if (n < min || n > max) throw arityError(spec.name, min, max, n);
  const types = spec.args;
  const fixed = n < types.length ? n : types.length;
  for (let i = 0; i < fixed; i++) {
    const t = types[i]!;
    if (!t.test(args[i]!)) throw wrongType(spec.name, t.noun, args[i]!);
  }
  const rest: ArgType | undefined = spec.rest;
  if (rest !== undefined) {
    for (let i = fixed; i < n; i++) if (!rest.test(args[i]!)) throw wrongType(spec.name, rest.noun, args[i]!);
  }
}
