/**
 * Equivalence (R7RS 6.1) and booleans (6.3).
 *
 * `equal?` must terminate on circular structure (R7RS 6.1). It compares with an explicit stack
 * (no JS recursion, so 100,000-deep nesting is fine); after a first stretch of plain
 * comparisons it switches to union-find over the compound nodes met (Adams & Dybvig,
 * "Efficient nondestructive equality checking for trees and graphs", ICFP 2008): two nodes
 * already known to be in the same class are taken as equal, which makes cycles finite.
 */
import { eqvNumbers } from '../numbers/index.js';
import { Bytevector, Char, Flonum, MString, Pair, Ratnum, SVector, type Value } from '../values.js';
import { anyArg, defineBuiltin, type BuiltinTable } from './define.js';
import { booleanArg } from './arg-types.js';

/** `eq?`: identity; characters compare by code point (only those below 256 are cached). */
export function isEq(a: Value, b: Value): boolean {
  return a === b || (a instanceof Char && b instanceof Char && a.code === b.code);
}

const isBoxedNumber = (v: Value): v is Flonum | Ratnum => v instanceof Flonum || v instanceof Ratnum;

/** `eqv?`: `eq?`, plus numbers of the same exactness and value (0.0 and -0.0 differ). */
export function isEqv(a: Value, b: Value): boolean {
  if (isEq(a, b)) return true;
  if (isBoxedNumber(a) || isBoxedNumber(b)) {
    return (typeof a === 'number' || typeof a === 'bigint' || isBoxedNumber(a)) &&
      (typeof b === 'number' || typeof b === 'bigint' || isBoxedNumber(b)) &&
      eqvNumbers(a, b);
  }
  return false;
}

/** Plain comparisons of compounds before switching to union-find. */
const PLAIN_BUDGET = 10_000;

/** Union-find over compound nodes: `union` answers whether the two were already joined. */
class Classes {
  private readonly parent = new Map<object, object>();
  private find(x: object): object {
    let root = x;
    for (let p = this.parent.get(root); p !== undefined; p = this.parent.get(root)) root = p;
    // Path compression keeps later finds short.
    for (let y = x; y !== root; ) {
      const next = this.parent.get(y)!;
      this.parent.set(y, root);
      y = next;
    }
    return root;
  }
  union(a: object, b: object): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return true;
    this.parent.set(ra, rb);
    return false;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `equal?`: structural equality of pairs, vectors, strings and bytevectors; `eqv?` otherwise. */
export function isEqual(a: Value, b: Value): boolean {
  const stack: Value[] = [a, b];
  let budget = PLAIN_BUDGET;
  let classes: Classes | null = null;
  while (stack.length > 0) {
    const y = stack.pop()!;
    const x = stack.pop()!;
    if (isEqv(x, y)) continue;
    if (x instanceof MString) {
      if (!(y instanceof MString) || x.chars !== y.chars) return false;
    } else if (x instanceof Bytevector) {
      if (!(y instanceof Bytevector) || !sameBytes(x.bytes, y.bytes)) return false;
    } else if (x instanceof Pair || x instanceof SVector) {
      if (x instanceof Pair ? !(y instanceof Pair) : !(y instanceof SVector) || x.items.length !== y.items.length) return false;
      if (classes !== null) {
        if (classes.union(x, y as object)) continue;
      } else if (--budget === 0) classes = new Classes();
      if (x instanceof Pair) {
        const q = y as Pair;
        // cdr below car: the car is compared first, and a long list keeps the stack short.
        stack.push(x.cdr, q.cdr, x.car, q.car);
      } else {
        const w = (y as SVector).items;
        for (let i = x.items.length - 1; i >= 0; i--) stack.push(x.items[i]!, w[i]!);
      }
    } else {
      return false;
    }
  }
  return true;
}

export const EQUALITY_BUILTINS: BuiltinTable = [
  defineBuiltin({ name: 'eq?', args: [anyArg, anyArg], doc: 'Whether the two values are the same object.', fn: ([a, b]) => isEq(a!, b!) }),
  defineBuiltin({ name: 'eqv?', args: [anyArg, anyArg], doc: 'Whether the two values are equivalent (same object, or same number or character).', fn: ([a, b]) => isEqv(a!, b!) }),
  defineBuiltin({ name: 'equal?', args: [anyArg, anyArg], doc: 'Whether the two values have the same structure and contents (terminates on cycles).', fn: ([a, b]) => isEqual(a!, b!) }),
  defineBuiltin({ name: 'not', args: [anyArg], doc: 'Whether the value is #f.', fn: ([v]) => v === false }),
  defineBuiltin({ name: 'boolean?', args: [anyArg], doc: 'Whether the value is #t or #f.', fn: ([v]) => typeof v === 'boolean' }),
  defineBuiltin({
    name: 'boolean=?',
    args: [booleanArg, booleanArg],
    rest: booleanArg,
    doc: 'Whether the booleans are all the same.',
    fn: (args) => args.every((v) => v === args[0]),
  }),
];
