/**
 * How a builtin is declared: name, arity, argument types and a one-line doc together, so that
 * one shared argument check produces every `wrong_type` / `arity_mismatch` message and all
 * builtins read alike (house style).
 *
 * @example
 * defineBuiltin({
 *   name: 'car', args: [isPairArg], doc: 'The first element of a pair.',
 *   fn: ([p]) => (p as Pair).car,
 * });
 */
import type { Parameter } from '../machine/procedures.js';
import type { Value } from '../values.js';

/** An argument type: a test and the noun used in messages ("expected a pair, got 5"). */
export interface ArgType {
  /** With its article: "a pair", "an exact integer", "a list". */
  readonly noun: string;
  readonly test: (v: Value) => boolean;
}

/**
 * Services a builtin may need from the running evaluation. The machine provides it; pure
 * builtins ignore it.
 */
export interface BuiltinContext {
  /** Write to the program's stdout (the machine enforces the output cap). */
  writeStdout(text: string): void;
  /** Account for `bytes` of newly allocated Scheme data; throws memory_limit past the bound. */
  charge(bytes: number): void;
  /** The current value of a parameter object (absent in test harnesses: the default). */
  paramValue?(p: Parameter): Value;
}

export interface BuiltinSpec {
  readonly name: string;
  /**
   * Types of the positional arguments. Its length is the minimum arity unless `optional` says
   * how many of the trailing ones may be left out.
   */
  readonly args: readonly ArgType[];
  /** How many trailing entries of `args` are optional. */
  readonly optional?: number;
  /** When set, any number of further arguments of this type (a rest list). */
  readonly rest?: ArgType;
  /** One line: what it returns. */
  readonly doc: string;
  readonly fn: (args: Value[], ctx: BuiltinContext) => Value;
}

/** Every builtin of a family module, collected by the module's `export const X_BUILTINS`. */
export type BuiltinTable = readonly BuiltinSpec[];

/** Declare a builtin (identity, for type inference and a uniform look). */
export function defineBuiltin(spec: BuiltinSpec): BuiltinSpec {
  return spec;
}

/** Any value. */
export const anyArg: ArgType = { noun: 'a value', test: () => true };
