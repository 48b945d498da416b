/**
 * `format` (SRFI 28, with Guile's destination argument), which many Scheme programs use for
 * output: `(format #f "~a + ~s~%" 1 "x")` → "1 + \"x\"\n"; `(format #t …)` prints; a string
 * first argument is SRFI 28's form. Directives: ~a ~s ~d ~x ~o ~b ~% ~~.
 */
import { CURRENT_OUTPUT_PORT, currentPort } from './current-ports.js';
import { STDOUT_PORT } from './port-objects.js';
import { textualOutputPortArg } from './arg-types.js';
import { CHAR_BYTES, chargeFor } from './data-checks.js';
import { SchemeError } from '../errors.js';
import { numberToString } from '../numbers/index.js';
import { printValue } from '../printer.js';
import { MString, UNSPECIFIED, type Value } from '../values.js';
import { wrongType } from './check.js';
import { anyArg, defineBuiltin, type BuiltinContext, type BuiltinTable } from './define.js';
import { PORT_PRINT_LIMIT, STDOUT_PRINT_LIMIT } from './output.js';

/**
 * Building the text for stdout stops at STDOUT_PRINT_LIMIT: that is past the output cap, so the
 * machine still cuts and flags the output (`stdout_truncated`). A returned string has no such
 * flag, so it is built whole or refused with `memory_limit` at PORT_PRINT_LIMIT, the same bound
 * as `write` to a string port (issue 13: a cut string must never come back with status ok).
 */
function render(template: string, args: Value[], ctx: BuiltinContext, toStdout: boolean): string {
  const limit = toStdout ? STDOUT_PRINT_LIMIT : PORT_PRINT_LIMIT;
  const tooLong = (): SchemeError => new SchemeError('memory_limit', `format: the formatted text is longer than ${PORT_PRINT_LIMIT} characters`);
  let out = '';
  let next = 0;
  const arg = (d: string): Value => {
    if (next >= args.length) throw new SchemeError('wrong_type', `format: ~${d} has no argument left`);
    return args[next++]!;
  };
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c !== '~') {
      out += c;
      continue;
    }
    const d = template[++i];
    switch (d) {
      case 'a': case 'A': case 's': case 'S': {
        const printed = printValue(arg(d), d === 'a' || d === 'A' ? 'display' : 'write', { maxChars: limit - out.length });
        if (printed.truncated && !toStdout) throw tooLong();
        out += printed.text;
        break;
      }
      case 'd': case 'x': case 'o': case 'b': {
        const v = arg(d);
        const radix = d === 'd' ? 10 : d === 'x' ? 16 : d === 'o' ? 8 : 2;
        if (typeof v !== 'number' && typeof v !== 'bigint') throw wrongType('format', `an exact integer for ~${d}`, v);
        out += numberToString(v, radix);
        break;
      }
      case '%': case 'n':
        out += '\n';
        break;
      case '~':
        out += '~';
        break;
      default:
        throw new SchemeError('wrong_type', `format: unknown directive ~${d ?? ''}`);
    }
    if (out.length > limit) {
      if (!toStdout) throw tooLong();
      break;
    }
  }
  // Text kept in the heap (a string, a string port) is charged; stdout has its own cap.
  if (!toStdout) chargeFor(ctx, out.length, CHAR_BYTES);
  return out;
}

/** `format`. */
export const FORMAT_BUILTINS: BuiltinTable = [
  defineBuiltin({
    name: 'format', args: [anyArg], rest: anyArg,
    doc: 'Format text: (format #f fmt arg…) returns it, (format #t fmt arg…) prints it, (format fmt arg…) returns it.',
    fn: ([dest, ...rest], ctx) => {
      if (dest instanceof MString) return new MString(render(dest.chars, rest, ctx, false));
      const [template, ...args] = rest;
      if (!(template instanceof MString)) throw wrongType('format', 'a format string', template ?? UNSPECIFIED);
      if (dest === false) return new MString(render(template.chars, args, ctx, false));
      if (dest === true) {
        const port = currentPort('format', ctx, CURRENT_OUTPUT_PORT, textualOutputPortArg);
        if (!port.open) throw wrongType('format', 'an open output port', port);
        const text = render(template.chars, args, ctx, port === STDOUT_PORT);
        if (port === STDOUT_PORT) ctx.writeStdout(text);
        else port.chunks.push(text);
        return UNSPECIFIED;
      }
      throw wrongType('format', 'a destination #t or #f (ports are not supported)', dest!);
    },
  }),
];
