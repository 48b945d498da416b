/**
 * Promises (R7RS 4.2.5, 6.x `force`): `delay` and `delay-force` expand to %make-lazy-promise
 * of a thunk. `force` follows the R7RS reference algorithm: a delay-force chain shares one
 * box, so an iterative lazy loop runs in constant space.
 */
import type { Machine } from '../machine/machine.js';
import type { Node } from '../machine/node.js';
import { LazyPromise } from '../machine/procedures.js';
import type { Value } from '../values.js';
import { callThen, procedureArg, ret, type ControlTable } from './control-kit.js';
import { anyArg, defineBuiltin, type BuiltinTable } from './define.js';

function force(m: Machine, p: LazyPromise, at: Node | null): Node | null {
  const box = p.box;
  if (box.done) return ret(m, box.value);
  return callThen(m, box.value, [], at, (m2) => {
    const v = m2.val;
    if (!p.box.done) {
      if (v instanceof LazyPromise) {
        p.box.done = v.box.done;
        p.box.value = v.box.value;
        v.box = p.box;
      } else {
        // A plain value from a thunk (delay-force of a non-promise): accept it as the value.
        p.box.done = true;
        p.box.value = v;
      }
    }
    return force(m2, p, at);
  });
}

/** make-promise, %make-lazy-promise, promise? (pure). */
export const PROMISE_BUILTINS: BuiltinTable = [
  defineBuiltin({
    name: 'make-promise', args: [anyArg], doc: 'A promise already holding the value (or the promise itself).',
    fn: ([v]) => (v instanceof LazyPromise ? v : new LazyPromise({ done: true, value: v! })),
  }),
  defineBuiltin({
    name: '%make-lazy-promise', args: [procedureArg], doc: 'A promise that will call the thunk when forced.',
    fn: ([thunk]) => new LazyPromise({ done: false, value: thunk! }),
  }),
  defineBuiltin({
    name: 'promise?', args: [anyArg], doc: 'Whether the value is a promise.',
    fn: ([v]) => v instanceof LazyPromise,
  }),
];

/** force (calls the promise’s thunk). */
export const PROMISE_CONTROL: ControlTable = [
  {
    name: 'force', args: [anyArg], doc: 'The value of a promise, computing it the first time.',
    run: (m, [p], at) => (p instanceof LazyPromise ? force(m, p, at) : ret(m, p as Value)),
  },
];
