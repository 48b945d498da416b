/**
 * Output (R7RS 6.13.3): `display`, the `write` family, and the character, string and byte
 * writers, to the port given or to stdout (`ctx.writeStdout`, where the machine applies the
 * output cap).
 *
 * A printed value is cut early rather than built whole: to stdout at STDOUT_PRINT_LIMIT (more
 * than the output cap, so the machine still sees and flags the overflow); to a string port at
 * PORT_PRINT_LIMIT, past which the write is a memory_limit error (the port could not hold it
 * anyway). That is also what stops `write-simple` of a circular list.
 */
import { SchemeError } from '../errors.js';
import { printValue, type PrintMode } from '../printer.js';
import { Bytevector, Char, MString, UNSPECIFIED, type Value } from '../values.js';
import { anyArg, defineBuiltin, type BuiltinContext, type BuiltinSpec, type BuiltinTable } from './define.js';
import { binaryOutputPortArg, byteArg, bytevectorArg, charArg, indexArg, outputPortArg, stringArg, textualOutputPortArg } from './arg-types.js';
import { CHAR_BYTES, chargeFor, checkRange } from './data-checks.js';
import { openPort } from './ports.js';
import { Port, STDOUT_PORT } from './port-objects.js';
import { CURRENT_OUTPUT_PORT, currentPort } from './current-ports.js';
import { sliceCodePoints, stringLength } from './string-index.js';

/** Longest printed value sent to stdout (UTF-16 units): above the 1 MiB output cap. */
export const STDOUT_PRINT_LIMIT = 2 * 1024 * 1024;
/** Longest printed value written to a string port by one call. */
export const PORT_PRINT_LIMIT = 16 * 1024 * 1024;

/** Send text to a textual output port or stdout. */
/** The port argument, or the current output port when it is left out. */
function textOut(who: string, ctx: BuiltinContext, p: Value | undefined): Port {
  return openPort(who, p ?? currentPort(who, ctx, CURRENT_OUTPUT_PORT, textualOutputPortArg), STDOUT_PORT, textualOutputPortArg);
}

function emitText(who: string, ctx: BuiltinContext, p: Value | undefined, text: string): Value {
  const port = textOut(who, ctx, p);
  if (port === STDOUT_PORT) ctx.writeStdout(text);
  else {
    chargeFor(ctx, text.length, CHAR_BYTES);
    port.chunks.push(text);
  }
  return UNSPECIFIED;
}

function printer(name: string, mode: PrintMode, doc: string): BuiltinSpec {
  return defineBuiltin({
    name,
    args: [anyArg, textualOutputPortArg],
    optional: 1,
    doc,
    fn: ([v, p], ctx) => {
      const port = textOut(name, ctx, p);
      const toStdout = port === STDOUT_PORT;
      const printed = printValue(v!, mode, { maxChars: toStdout ? STDOUT_PRINT_LIMIT : PORT_PRINT_LIMIT });
      if (printed.truncated && !toStdout) {
        throw new SchemeError('memory_limit', `${name}: the printed value is longer than ${PORT_PRINT_LIMIT} characters`);
      }
      return emitText(name, ctx, port, printed.text);
    },
  });
}

function binaryOut(who: string, ctx: BuiltinContext, p: Value | undefined, bytes: Uint8Array): Value {
  const port = openPort(who, p ?? currentPort(who, ctx, CURRENT_OUTPUT_PORT, binaryPortOrStdout), STDOUT_PORT, binaryOutputPortArg);
  // Bytes to stdout: decoded as UTF-8, as a terminal would show them.
  if (port === STDOUT_PORT) ctx.writeStdout(new TextDecoder().decode(bytes));
  else {
    chargeFor(ctx, bytes.length, 8);
    for (const b of bytes) port.written.push(b);
  }
  return UNSPECIFIED;
}

const binaryPortOrStdout: typeof binaryOutputPortArg = {
  noun: binaryOutputPortArg.noun,
  test: (v) => v === STDOUT_PORT || binaryOutputPortArg.test(v),
};

export const OUTPUT_BUILTINS: BuiltinTable = [
  printer('display', 'display', 'Print the value for people: strings and characters without quotes.'),
  printer('write', 'write', 'Print the value so that read gives it back (labels only for cycles).'),
  printer('write-shared', 'write-shared', 'Like write, with labels for all shared structure.'),
  printer('write-simple', 'write-simple', 'Like write, without labels (does not terminate on cycles: output is cut).'),
  defineBuiltin({
    name: 'write-string',
    args: [stringArg, textualOutputPortArg, indexArg, indexArg],
    optional: 3,
    doc: 'Write the characters of the string from start to end.',
    fn: ([s, p, a, b], ctx) => {
      const str = s as MString;
      const [i, j] = a === undefined && b === undefined ? [0, -1] : checkRange('write-string', a, b, stringLength(str), 'a string');
      return emitText('write-string', ctx, p, j < 0 ? str.chars : sliceCodePoints(str, i, j));
    },
  }),
  defineBuiltin({
    name: 'write-char',
    args: [charArg, textualOutputPortArg],
    optional: 1,
    doc: 'Write the character.',
    fn: ([c, p], ctx) => emitText('write-char', ctx, p, String.fromCodePoint((c as Char).code)),
  }),
  defineBuiltin({ name: 'newline', args: [textualOutputPortArg], optional: 1, doc: 'Write an end of line.', fn: ([p], ctx) => emitText('newline', ctx, p, '\n') }),
  defineBuiltin({
    name: 'write-u8',
    args: [byteArg, binaryPortOrStdout],
    optional: 1,
    doc: 'Write the byte.',
    fn: ([b, p], ctx) => binaryOut('write-u8', ctx, p, Uint8Array.of(b as number)),
  }),
  defineBuiltin({
    name: 'write-bytevector',
    args: [bytevectorArg, binaryPortOrStdout, indexArg, indexArg],
    optional: 3,
    doc: 'Write the bytes of the bytevector from start to end.',
    fn: ([bv, p, a, b], ctx) => {
      const bytes = (bv as Bytevector).bytes;
      const [i, j] = checkRange('write-bytevector', a, b, bytes.length, 'a bytevector');
      return binaryOut('write-bytevector', ctx, p, bytes.subarray(i, j));
    },
  }),
  defineBuiltin({
    name: 'flush-output-port',
    args: [outputPortArg],
    optional: 1,
    doc: 'Flush buffered output (nothing is buffered: a no-op).',
    fn: () => UNSPECIFIED,
  }),
];
