/**
 * `eval` and the environment specifiers of (scheme eval) and (scheme r5rs). Every environment
 * is the program's own global environment (all standard libraries are built in), so `eval`
 * compiles the datum as one more top-level form of the running program and runs it in place:
 * definitions it makes are global, errors are conditions a handler can catch (a bad form is a
 * `syntax_error` condition), limits apply as everywhere. Nothing here reaches the host.
 */
import { SchemeError } from '../errors.js';
import type { Node } from '../machine/node.js';
import { Opaque } from '../values.js';
import { ret, type ControlTable } from './control-kit.js';
import { anyArg, type ArgType } from './define.js';

/** What `environment`, `scheme-report-environment` … return. */
export class EnvironmentSpecifier extends Opaque {
  readonly kind = 'environment';
}
const THE_ENVIRONMENT = new EnvironmentSpecifier();
const environmentArg: ArgType = { noun: 'an environment specifier', test: (v) => v instanceof EnvironmentSpecifier };

const envDoc = 'The environment specifier of the program (every standard library is built in).';

export const EVAL_CONTROL: ControlTable = [
  {
    name: 'eval', args: [anyArg, environmentArg], optional: 1, doc: 'Evaluate the datum as a top-level form in the environment.',
    run: (m, [datum]) => {
      if (m.evalHook === null) throw new SchemeError('wrong_type', 'eval: not available here');
      let node: Node;
      try {
        node = m.evalHook(datum!);
      } catch (e) {
        // A datum built at run time can nest deeper than any source text (the reader caps that).
        if (e instanceof RangeError) throw new SchemeError('too_complex', 'eval: the expression nests too deeply to compile');
        throw e;
      }
      m.env = [null];
      return node;
    },
  },
  { name: 'environment', args: [], rest: anyArg, doc: envDoc, run: (m) => ret(m, THE_ENVIRONMENT) },
  { name: 'scheme-report-environment', args: [anyArg], optional: 1, doc: envDoc, run: (m) => ret(m, THE_ENVIRONMENT) },
  { name: 'null-environment', args: [anyArg], optional: 1, doc: envDoc, run: (m) => ret(m, THE_ENVIRONMENT) },
  { name: 'interaction-environment', args: [], doc: envDoc, run: (m) => ret(m, THE_ENVIRONMENT) },
];
