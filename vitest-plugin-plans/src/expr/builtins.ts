/** The assertion language's builtin functions (len, count, filter, map, lower, keys, …), each declared with its parameters, doc and result type. */
import { ANY, BOOL, NUM, STR, listOf, type Type } from './types.js';

/**
 * A builtin function: name, arity, argument kinds and a one-line doc declared
 * together (house style), so one shared check produces every argument message.
 */
export interface Builtin {
  readonly name: string;
  readonly params: readonly ParamKind[];
  /** Index of the closure argument (evaluated per element with `it`), if any. */
  readonly closure?: number;
  readonly doc: string;
  /** Result type from the argument types (the closure's body type for `map`). */
  readonly result: (args: readonly Type[]) => Type;
}

/** What an argument must be: a collection, a string, a number, anything, or a closure. */
export type ParamKind = 'collection' | 'sized' | 'string' | 'number' | 'any' | 'closure';

export const BUILTINS: Readonly<Record<string, Builtin>> = {
  len: { name: 'len', params: ['sized'], doc: 'number of elements of a list, characters of a string or keys of a map', result: () => NUM },
  count: { name: 'count', params: ['collection', 'closure'], closure: 1, doc: 'number of elements for which the predicate holds', result: () => NUM },
  filter: { name: 'filter', params: ['collection', 'closure'], closure: 1, doc: 'the elements for which the predicate holds', result: (a) => a[0] ?? listOf(ANY) },
  map: { name: 'map', params: ['collection', 'closure'], closure: 1, doc: 'the value of the expression for each element', result: (a) => listOf(a[1] ?? ANY) },
  all: { name: 'all', params: ['collection', 'closure'], closure: 1, doc: 'true when the predicate holds for every element', result: () => BOOL },
  any: { name: 'any', params: ['collection', 'closure'], closure: 1, doc: 'true when the predicate holds for at least one element', result: () => BOOL },
  none: { name: 'none', params: ['collection', 'closure'], closure: 1, doc: 'true when the predicate holds for no element', result: () => BOOL },
  lower: { name: 'lower', params: ['string'], doc: 'the string in lower case', result: () => STR },
  upper: { name: 'upper', params: ['string'], doc: 'the string in upper case', result: () => STR },
  trim: { name: 'trim', params: ['string'], doc: 'the string without leading and trailing white space', result: () => STR },
  keys: { name: 'keys', params: ['any'], doc: 'the keys of a map, in order', result: () => listOf(STR) },
  string: { name: 'string', params: ['any'], doc: 'the value as text (numbers exactly as written)', result: () => STR },
  number: { name: 'number', params: ['any'], doc: 'a string parsed as an exact number', result: () => NUM },
  abs: { name: 'abs', params: ['any'], doc: 'the absolute value of a number or duration', result: (a) => a[0] ?? NUM },
};
