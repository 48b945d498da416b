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
import { STDOUT_PRINT_LIMIT } from './output.js';

/** Longest text one `format` call may build (the stdout cap cuts output anyway). */
const MAX_FORMAT_CHARS = STDOUT_PRINT_LIMIT;

function render(template: string, args: Value[], ctx: BuiltinContext): string {
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
      case 'a': case 'A':
        out += printValue(arg(d), 'display', { maxChars: MAX_FORMAT_CHARS }).text;
        break;
      case 's': case 'S':
        out += printValue(arg(d), 'write', { maxChars: MAX_FORMAT_CHARS }).text;
        break;
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
    if (out.length > MAX_FORMAT_CHARS) {
      ctx.charge(out.length * 2);
      break;
    }
  }
  return out;
}

/** `format`. */
export const FORMAT_BUILTINS: BuiltinTable = [
  defineBuiltin({
    name: 'format', args: [anyArg], rest: anyArg,
    doc: 'Format text: (format #f fmt arg…) returns it, (format #t fmt arg…) prints it, (format fmt arg…) returns it.',
    fn: ([dest, ...rest], ctx) => {
      if (dest instanceof MString) return new MString(render(dest.chars, rest, ctx));
      const [template, ...args] = rest;
      if (!(template instanceof MString)) throw wrongType('format', 'a format string', template ?? UNSPECIFIED);
      const text = render(template.chars, args, ctx);
      if (dest === false) return new MString(text);
      if (dest === true) {
        const port = currentPort('format', ctx, CURRENT_OUTPUT_PORT, textualOutputPortArg);
        if (!port.open) throw wrongType('format', 'an open output port', port);
        if (port === STDOUT_PORT) ctx.writeStdout(text);
        else {
          chargeFor(ctx, text.length, CHAR_BYTES);
          port.chunks.push(text);
        }
        return UNSPECIFIED;
      }
      throw wrongType('format', 'a destination #t or #f (ports are not supported)', dest!);
    },
  }),
];
