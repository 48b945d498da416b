/**
 * Symbols (R7RS 6.5). Symbols are interned through a Map (values.ts), so any text, including
 * `__proto__`, is an ordinary name; `string->symbol` of text that would not read back as a
 * symbol still works and prints with bars (`|a b|`).
 */
import { MString, Sym } from '../values.js';
import { anyArg, defineBuiltin, type BuiltinTable } from './define.js';
import { stringArg, symbolArg } from './arg-types.js';
import { CHAR_BYTES, chargeFor } from './data-checks.js';

export const SYMBOL_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'symbol?', args: [anyArg], doc: 'Whether the value is a symbol.', fn: ([v]) => v instanceof Sym }),
  defineBuiltin({
    name: 'symbol=?',
    args: [symbolArg, symbolArg],
    rest: symbolArg,
    doc: 'Whether the symbols are all the same symbol.',
    fn: (args) => args.every((s) => s === args[0]),
  }),
  defineBuiltin({
    name: 'symbol->string',
    args: [symbolArg],
    doc: "A new (immutable, as R7RS allows) string of the symbol's name.",
    fn: ([s]) => new MString((s as Sym).name, false),
  }),
  defineBuiltin({
    name: 'string->symbol',
    args: [stringArg],
    doc: 'The symbol whose name is the string.',
    fn: ([s], ctx) => {
      chargeFor(ctx, (s as MString).chars.length, CHAR_BYTES);
      return Sym.intern((s as MString).chars);
    },
  }),
];
