/**
 * Ports and input (R7RS 6.13.1–6.13.2): string and bytevector ports, the standard ports, and
 * the reading procedures. Output procedures are in output.ts.
 *
 * Decisions (service/docs/values.md): `current-output-port` and `current-error-port` are both
 * the program's stdout; `current-input-port` is an empty string port (a sandboxed program has
 * no stdin), so reading from it gives the eof object. Using a closed port is a `wrong_type`
 * error ("expected an open input port").
 */
import { SchemeError } from '../errors.js';
import { describe } from './check.js';
import { readDatum } from '../reader/index.js';
import { Bytevector, Char, EOF, Eof, MString, UNSPECIFIED, type Value } from '../values.js';
import { anyArg, defineBuiltin, type ArgType, type BuiltinTable } from './define.js';
import {
  binaryInputPortArg,
  binaryOutputPortArg,
  bytevectorArg,
  indexArg,
  inputPortArg,
  outputPortArg,
  portArg,
  stringArg,
  textualInputPortArg,
  textualOutputPortArg,
} from './arg-types.js';
import { CHAR_BYTES, chargeFor, checkMutable, checkRange, toCount } from './data-checks.js';
import { Port, STDIN_PORT, STDOUT_PORT } from './port-objects.js';
import { CURRENT_INPUT_PORT, currentPort } from './current-ports.js';
import type { BuiltinContext } from './define.js';


/** The port argument (or `fallback`), refused when closed. */
export function openPort(who: string, p: Value | undefined, fallback: Port, type: ArgType): Port {
  const port = (p as Port | undefined) ?? fallback;
  if (!port.open) throw new SchemeError('wrong_type', `${who}: expected ${type.noun.replace(/^an? /, 'an open ')}, got ${describe(port)} (closed)`);
  return port;
}

const textIn = (who: string, p: Value | undefined, ctx: BuiltinContext): Port =>
  openPort(who, p ?? currentPort(who, ctx, CURRENT_INPUT_PORT, textualInputPortArg), STDIN_PORT, textualInputPortArg);
const bytesIn = (who: string, p: Value | undefined, ctx: BuiltinContext): Port =>
  openPort(who, p ?? currentPort(who, ctx, CURRENT_INPUT_PORT, binaryInputPortArg), STDIN_PORT, binaryInputPortArg);

/** Next code point of a textual input port without consuming it, or -1 at the end. */
function peekCode(p: Port): number {
  return p.pos < p.text.length ? p.text.codePointAt(p.pos)! : -1;
}

function readChar(p: Port, consume: boolean): Value {
  const c = peekCode(p);
  if (c < 0) return EOF;
  if (consume) p.pos += c > 0xffff ? 2 : 1;
  return Char.of(c);
}

/** `read-line`: up to the next newline (consumed, not returned); \r\n and \r end lines too. */
function readLine(p: Port): Value {
  if (p.pos >= p.text.length) return EOF;
  const rest = p.text.slice(p.pos);
  const m = /\r\n|\n|\r/.exec(rest);
  const line = m === null ? rest : rest.slice(0, m.index);
  p.pos += m === null ? rest.length : m.index + m[0].length;
  return new MString(line);
}

/** `read-string`: up to k characters. */
function readString(p: Port, k: number): Value {
  if (p.pos >= p.text.length) return EOF;
  let end = p.pos;
  for (let n = 0; n < k && end < p.text.length; n++) end += p.text.codePointAt(end)! > 0xffff ? 2 : 1;
  const out = p.text.slice(p.pos, end);
  p.pos = end;
  return new MString(out);
}

function close(p: Value | undefined, direction: 'input' | 'output' | 'any'): Value {
  const port = p as Port;
  // The standard ports stay open: closing them would silence the rest of the program.
  if (port === STDOUT_PORT || port === STDIN_PORT) return UNSPECIFIED;
  if (direction === 'any' || port.input === (direction === 'input')) port.open = false;
  return UNSPECIFIED;
}

const isPort = (p: Value | undefined): p is Port => p instanceof Port;

export const PORT_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'port?', args: [anyArg], doc: 'Whether the value is a port.', fn: ([v]) => isPort(v) }),
  defineBuiltin({ name: 'input-port?', args: [anyArg], doc: 'Whether the value is an input port.', fn: ([v]) => isPort(v) && v.input }),
  defineBuiltin({ name: 'output-port?', args: [anyArg], doc: 'Whether the value is an output port.', fn: ([v]) => isPort(v) && !v.input }),
  defineBuiltin({ name: 'textual-port?', args: [anyArg], doc: 'Whether the value is a textual port.', fn: ([v]) => isPort(v) && v.textual }),
  defineBuiltin({ name: 'binary-port?', args: [anyArg], doc: 'Whether the value is a binary port.', fn: ([v]) => isPort(v) && !v.textual }),
  defineBuiltin({ name: 'input-port-open?', args: [inputPortArg], doc: 'Whether the input port is still open.', fn: ([p]) => (p as Port).open }),
  defineBuiltin({ name: 'output-port-open?', args: [outputPortArg], doc: 'Whether the output port is still open.', fn: ([p]) => (p as Port).open }),
  defineBuiltin({ name: 'close-port', args: [portArg], doc: 'Close the port.', fn: ([p]) => close(p, 'any') }),
  defineBuiltin({ name: 'close-input-port', args: [inputPortArg], doc: 'Close the input port.', fn: ([p]) => close(p, 'input') }),
  defineBuiltin({ name: 'close-output-port', args: [outputPortArg], doc: 'Close the output port.', fn: ([p]) => close(p, 'output') }),
  defineBuiltin({ name: 'eof-object', args: [], doc: 'The end-of-file object.', fn: () => EOF }),
  defineBuiltin({ name: 'eof-object?', args: [anyArg], doc: 'Whether the value is the end-of-file object.', fn: ([v]) => v instanceof Eof }),
  defineBuiltin({
    name: 'open-input-string',
    args: [stringArg],
    doc: 'A textual input port reading the string.',
    fn: ([s]) => Port.inputString((s as MString).chars),
  }),
  defineBuiltin({ name: 'open-output-string', args: [], doc: 'A textual output port collecting a string.', fn: () => new Port(false, true, 'string') }),
  defineBuiltin({
    name: 'get-output-string',
    args: [textualOutputPortArg],
    doc: 'A new string of everything written to the string port so far.',
    fn: ([p], ctx) => {
      const port = p as Port;
      if (port.source !== 'string') throw new SchemeError('wrong_type', `get-output-string: expected a port made by open-output-string, got ${describe(port)}`);
      const text = port.chunks.join('');
      port.chunks.length = 0;
      port.chunks.push(text);
      chargeFor(ctx, text.length, CHAR_BYTES);
      return new MString(text);
    },
  }),
  defineBuiltin({
    name: 'open-input-bytevector',
    args: [bytevectorArg],
    doc: 'A binary input port reading the bytes.',
    fn: ([b]) => Port.inputBytes((b as Bytevector).bytes),
  }),
  defineBuiltin({ name: 'open-output-bytevector', args: [], doc: 'A binary output port collecting bytes.', fn: () => new Port(false, false, 'bytevector') }),
  defineBuiltin({
    name: 'get-output-bytevector',
    args: [binaryOutputPortArg],
    doc: 'A new bytevector of everything written to the port so far.',
    fn: ([p], ctx) => {
      chargeFor(ctx, (p as Port).written.length, 1);
      return new Bytevector(Uint8Array.from((p as Port).written));
    },
  }),
  defineBuiltin({ name: 'read-char', args: [textualInputPortArg], optional: 1, doc: 'The next character, consumed, or eof.', fn: ([p], ctx) => readChar(textIn('read-char', p, ctx), true) }),
  defineBuiltin({ name: 'peek-char', args: [textualInputPortArg], optional: 1, doc: 'The next character, not consumed, or eof.', fn: ([p], ctx) => readChar(textIn('peek-char', p, ctx), false) }),
  defineBuiltin({ name: 'read-line', args: [textualInputPortArg], optional: 1, doc: 'The next line without its end, or eof.', fn: ([p], ctx) => readLine(textIn('read-line', p, ctx)) }),
  defineBuiltin({
    name: 'read-string',
    args: [indexArg, textualInputPortArg],
    optional: 1,
    doc: 'A string of up to k next characters, or eof.',
    fn: ([k, p], ctx) => readString(textIn('read-string', p, ctx), toCount(k!)),
  }),
  defineBuiltin({ name: 'char-ready?', args: [textualInputPortArg], optional: 1, doc: 'Whether a character can be read without blocking (always #t).', fn: ([p], ctx) => (textIn('char-ready?', p, ctx), true) }),
  defineBuiltin({
    name: 'read',
    args: [textualInputPortArg],
    optional: 1,
    doc: 'The next datum read from the port, or eof.',
    fn: ([p], ctx) => {
      const port = textIn('read', p, ctx);
      const { datum, end } = readDatum(port.text, port.pos);
      port.pos = end;
      return datum;
    },
  }),
  defineBuiltin({
    name: 'read-u8',
    args: [binaryInputPortArg],
    optional: 1,
    doc: 'The next byte, consumed, or eof.',
    fn: ([p], ctx) => {
      const port = bytesIn('read-u8', p, ctx);
      return port.pos < port.bytes.length ? port.bytes[port.pos++]! : EOF;
    },
  }),
  defineBuiltin({
    name: 'peek-u8',
    args: [binaryInputPortArg],
    optional: 1,
    doc: 'The next byte, not consumed, or eof.',
    fn: ([p], ctx) => {
      const port = bytesIn('peek-u8', p, ctx);
      return port.pos < port.bytes.length ? port.bytes[port.pos]! : EOF;
    },
  }),
  defineBuiltin({ name: 'u8-ready?', args: [binaryInputPortArg], optional: 1, doc: 'Whether a byte can be read without blocking (always #t).', fn: ([p], ctx) => (bytesIn('u8-ready?', p, ctx), true) }),
  defineBuiltin({
    name: 'read-bytevector',
    args: [indexArg, binaryInputPortArg],
    optional: 1,
    doc: 'A bytevector of up to k next bytes, or eof.',
    fn: ([k, p], ctx) => {
      const port = bytesIn('read-bytevector', p, ctx);
      if (port.pos >= port.bytes.length) return EOF;
      const end = Math.min(port.bytes.length, port.pos + toCount(k!));
      chargeFor(ctx, end - port.pos, 1);
      const out = port.bytes.slice(port.pos, end);
      port.pos = end;
      return new Bytevector(out);
    },
  }),
  defineBuiltin({
    name: 'read-bytevector!',
    args: [bytevectorArg, binaryInputPortArg, indexArg, indexArg],
    optional: 3,
    doc: 'Read bytes into the bytevector from start to end; the count read, or eof.',
    fn: ([bv, p, s, e], ctx) => {
      const target = bv as Bytevector;
      checkMutable('read-bytevector!', target, 'bytevector');
      const [a, b] = checkRange('read-bytevector!', s, e, target.bytes.length, 'a bytevector');
      const port = bytesIn('read-bytevector!', p, ctx);
      if (port.pos >= port.bytes.length && b > a) return EOF;
      const n = Math.min(b - a, port.bytes.length - port.pos);
      target.bytes.set(port.bytes.subarray(port.pos, port.pos + n), a);
      port.pos += n;
      return n;
    },
  }),
];
