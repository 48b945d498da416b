/**
 * Parameter objects (R7RS 4.2.6): `make-parameter` and the %parameterize builtin that the
 * `parameterize` macro of the prelude expands into. Bindings live in the machine's dynamic
 * state, which continuations capture, so escapes and re-entries see the right values.
 */
import type { Machine } from '../machine/machine.js';
import type { Node } from '../machine/node.js';
import { Parameter, type ParamBinding } from '../machine/procedures.js';
import { Pair, type Value } from '../values.js';
import { wrongType } from './check.js';
import { callThen, procedureArg, pushThen, ret, type ControlTable } from './control-kit.js';
import { anyArg } from './define.js';

/** Convert `values[i]…` with each parameter's converter, then bind and call the thunk. */
function convertStep(
  m: Machine, params: Parameter[], values: Value[], i: number, done: ParamBinding | null, thunk: Value, at: Node | null,
): Node | null {
  if (i === params.length) {
    const outer = m.params;
    pushThen(m, (m2) => {
      m2.params = outer;
      return null;
    });
    m.params = done;
    return m.apply(thunk, [], at);
  }
  const p = params[i]!;
  const bind = (v: Value): ParamBinding => ({ param: p, value: v, next: done });
  if (p.converter === null) return convertStep(m, params, values, i + 1, bind(values[i]!), thunk, at);
  return callThen(m, p.converter, [values[i]!], at, (m2) => convertStep(m2, params, values, i + 1, bind(m2.val), thunk, at));
}

function items(l: Value): Value[] {
  const out: Value[] = [];
  for (let p = l; p instanceof Pair; p = p.cdr) out.push(p.car);
  return out;
}

/** make-parameter and %parameterize. */
export const PARAMETER_CONTROL: ControlTable = [
  {
    name: 'make-parameter', args: [anyArg, procedureArg], optional: 1, doc: 'A parameter object holding the (converted) value.',
    run: (m, [value, converter], at) => {
      if (converter === undefined) return ret(m, new Parameter(value!, null));
      return callThen(m, converter, [value!], at, (m2) => ret(m2, new Parameter(m2.val, converter)));
    },
  },
  {
    name: '%parameterize', args: [anyArg, anyArg, procedureArg], doc: 'Call the thunk with the parameters bound to the values.',
    run: (m, [ps, vs, thunk], at) => {
      const params = items(ps!);
      for (const p of params) if (!(p instanceof Parameter)) throw wrongType('parameterize', 'a parameter object', p);
      return convertStep(m, params as Parameter[], items(vs!), 0, m.params, thunk!, at);
    },
  },
];
