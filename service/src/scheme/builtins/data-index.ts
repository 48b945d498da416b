/**
 * Every builtin of the data families, in one table for the registry (and the test harness).
 */
import type { BuiltinTable } from './define.js';
import { BYTEVECTOR_BUILTINS } from './bytevectors.js';
import { CHAR_BUILTINS } from './chars.js';
import { EQUALITY_BUILTINS } from './equality.js';
import { LIST_BUILTINS } from './lists.js';
import { OUTPUT_BUILTINS } from './output.js';
import { PORT_BUILTINS } from './ports.js';
import { STRING_COMPARE_BUILTINS } from './string-compare.js';
import { STRING_BUILTINS } from './strings.js';
import { SYMBOL_BUILTINS } from './symbols.js';
import { VECTOR_BUILTINS } from './vectors.js';

export {
  BYTEVECTOR_BUILTINS,
  CHAR_BUILTINS,
  EQUALITY_BUILTINS,
  LIST_BUILTINS,
  OUTPUT_BUILTINS,
  PORT_BUILTINS,
  STRING_BUILTINS,
  STRING_COMPARE_BUILTINS,
  SYMBOL_BUILTINS,
  VECTOR_BUILTINS,
};

/** All data builtins: lists, symbols, chars, strings, vectors, bytevectors, equality, ports, output. */
export const DATA_BUILTINS: BuiltinTable = [
  ...LIST_BUILTINS,
  ...SYMBOL_BUILTINS,
  ...CHAR_BUILTINS,
  ...STRING_BUILTINS,
  ...STRING_COMPARE_BUILTINS,
  ...VECTOR_BUILTINS,
  ...BYTEVECTOR_BUILTINS,
  ...EQUALITY_BUILTINS,
  ...PORT_BUILTINS,
  ...OUTPUT_BUILTINS,
];
