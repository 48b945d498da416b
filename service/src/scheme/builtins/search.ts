/**
 * member/assoc and their eq?/eqv? variants (R7RS 6.4). All six live here because member and
 * assoc take an optional predicate, which makes them machine builtins; the 2-argument forms
 * stay on a fast pure path.
 */
import type { Machine } from '../machine/machine.js';
import type { Node } from '../machine/node.js';
import { Pair, type Value } from '../values.js';
import { listArg } from './arg-types.js';
import { wrongType } from './check.js';
import { callThen, procedureArg, ret, type ControlTable } from './control-kit.js';
import { anyArg, defineBuiltin, type BuiltinTable } from './define.js';
import { isEq, isEqual, isEqv } from './equality.js';

type Same = (a: Value, b: Value) => boolean;

function memberWith(same: Same, x: Value, l: Value): Value {
  for (let p = l; p instanceof Pair; p = p.cdr) if (same(x, p.car)) return p;
  return false;
}

function assocWith(name: string, same: Same, x: Value, l: Value): Value {
  for (let p = l; p instanceof Pair; p = p.cdr) {
    const entry = p.car;
    if (!(entry instanceof Pair)) throw wrongType(name, 'an association list (a list of pairs)', l);
    if (same(x, entry.car)) return entry;
  }
  return false;
}

/** memq, memv, assq, assv and the %memv of `case` (pure). */
export const SEARCH_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'memq', args: [anyArg, listArg], doc: 'The first tail whose car is eq? to x, or #f.', fn: ([x, l]) => memberWith(isEq, x!, l!) }),
  defineBuiltin({ name: 'memv', args: [anyArg, listArg], doc: 'The first tail whose car is eqv? to x, or #f.', fn: ([x, l]) => memberWith(isEqv, x!, l!) }),
  defineBuiltin({ name: '%memv', args: [anyArg, anyArg], doc: 'memv for case (any list).', fn: ([x, l]) => memberWith(isEqv, x!, l!) }),
  defineBuiltin({ name: 'assq', args: [anyArg, listArg], doc: 'The first pair whose car is eq? to x, or #f.', fn: ([x, l]) => assocWith('assq', isEq, x!, l!) }),
  defineBuiltin({ name: 'assv', args: [anyArg, listArg], doc: 'The first pair whose car is eqv? to x, or #f.', fn: ([x, l]) => assocWith('assv', isEqv, x!, l!) }),
];

/** Walk `l` calling `pred(x, key(elem))` through the machine until it answers true. */
function searchStep(m: Machine, pred: Value, x: Value, l: Value, isAssoc: boolean, at: Node | null): Node | null {
  if (!(l instanceof Pair)) return ret(m, false);
  const elem = l.car;
  if (isAssoc && !(elem instanceof Pair)) throw wrongType('assoc', 'an association list (a list of pairs)', elem);
  const key = isAssoc ? (elem as Pair).car : elem;
  return callThen(m, pred, [x, key], at, (m2) => (m2.val !== false ? ret(m2, isAssoc ? elem : l) : searchStep(m2, pred, x, l.cdr, isAssoc, at)));
}

/** member and assoc, which may call a predicate. */
export const SEARCH_CONTROL: ControlTable = [
  {
    name: 'member', args: [anyArg, listArg, procedureArg], optional: 1, doc: 'The first tail whose car equals x (equal? or the given predicate), or #f.',
    run: (m, [x, l, pred], at) => (pred === undefined ? ret(m, memberWith(isEqual, x!, l!)) : searchStep(m, pred, x!, l!, false, at)),
  },
  {
    name: 'assoc', args: [anyArg, listArg, procedureArg], optional: 1, doc: 'The first pair whose car equals x (equal? or the given predicate), or #f.',
    run: (m, [x, l, pred], at) => (pred === undefined ? ret(m, assocWith('assoc', isEqual, x!, l!)) : searchStep(m, pred, x!, l!, true, at)),
  },
];
