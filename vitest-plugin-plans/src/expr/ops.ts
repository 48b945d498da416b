/** Run-time semantics of the operators (equality, ordering, arithmetic, `~=`, membership, length), raising eval errors and n/a. */
import { Rational } from './rational.js';
import { bool, dur, kindName, list, num, str, type Value } from './values.js';

/** A run-time fault of an expression: its message becomes the `error` outcome. */
export class EvalError extends Error {
  readonly type = 'eval_error';
  /** A suggestion shown as a detail line (the message itself stays the spec's fixed text). */
  constructor(message: string, readonly hint?: string) {
    super(message);
  }
}

/** Raised when a comparison, arithmetic or `~=` touches an `n/a` phase: outcome `n/a`. */
export class NaSignal extends Error {
  readonly type = 'n/a';
}

function touchNa(...vs: Value[]): void {
  if (vs.some((v) => v.k === 'na')) throw new NaSignal('n/a');
}

/** Structural equality: numbers exactly, maps ignoring key order, lists in order. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (a.k !== b.k) return false;
  switch (a.k) {
    case 'nil':
    case 'na':
      return true;
    case 'bool':
    case 'str':
      return a.v === (b as typeof a).v;
    case 'num':
      return a.v.equals((b as typeof a).v);
    case 'dur':
      return a.ns.equals((b as typeof a).ns);
    case 'list': {
      const bl = (b as typeof a).items;
      return a.items.length === bl.length && a.items.every((x, i) => valuesEqual(x, bl[i]!));
    }
    case 'map': {
      const bm = (b as typeof a).entries;
      if (a.entries.size !== bm.size) return false;
      for (const [k, v] of a.entries) {
        const o = bm.get(k);
        if (o === undefined || !valuesEqual(v, o)) return false;
      }
      return true;
    }
    case 'headers': {
      const bm = (b as typeof a).entries;
      return a.entries.size === bm.size && [...a.entries].every(([k, v]) => bm.get(k) === v);
    }
  }
}

/** `==` and `!=`: a duration meets only a duration (spec "How values compare" 4). */
export function equality(op: '==' | '!=', a: Value, b: Value): Value {
  touchNa(a, b);
  if ((a.k === 'dur') !== (b.k === 'dur') && a.k !== 'nil' && b.k !== 'nil') throw new EvalError(`invalid operation: ${kindName(a)} ${op} ${kindName(b)}`);
  const eq = valuesEqual(a, b);
  return bool(op === '==' ? eq : !eq);
}

/** `<`, `<=`, `>`, `>=` on two numbers, two strings (lexical, by UTF-16 code unit) or two durations. */
export function order(op: '<' | '<=' | '>' | '>=', a: Value, b: Value): Value {
  touchNa(a, b);
  let c: number;
  if (a.k === 'num' && b.k === 'num') c = a.v.cmp(b.v);
  else if (a.k === 'dur' && b.k === 'dur') c = a.ns.cmp(b.ns);
  else if (a.k === 'str' && b.k === 'str') c = a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  else {
    const hint = a.k === 'dur' && b.k === 'num' ? `compare a duration with a duration literal such as ${b.v.toDecimal()}ms` : undefined;
    throw new EvalError(`invalid operation: ${kindName(a)} ${op} ${kindName(b)}`, hint);
  }
  return bool(op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0);
}

/** `+ - * / %` with the spec's rules: integers stay integers, `/` is exact, `%` needs integers. */
export function arithmetic(op: '+' | '-' | '*' | '/' | '%', a: Value, b: Value): Value {
  touchNa(a, b);
  const bad = (why = ''): never => {
    throw new EvalError(`invalid operation: ${kindName(a)} ${op} ${kindName(b)}${why}`);
  };
  if (a.k === 'num' && b.k === 'num') {
    switch (op) {
      case '+':
        return num(a.v.add(b.v));
      case '-':
        return num(a.v.sub(b.v));
      case '*':
        return num(a.v.mul(b.v));
      case '/':
        if (b.v.sign() === 0) throw new EvalError('division by zero');
        return num(a.v.div(b.v));
      case '%':
        if (!a.v.isInteger() || !b.v.isInteger()) throw new EvalError(`% needs two integers, found ${a.v.toDecimal()} % ${b.v.toDecimal()}`);
        if (b.v.sign() === 0) throw new EvalError('division by zero');
        return num(a.v.mod(b.v));
    }
  }
  if (op === '+' && a.k === 'str' && b.k === 'str') return str(a.v + b.v);
  if (op === '+' && a.k === 'list' && b.k === 'list') return list([...a.items, ...b.items]);
  if (a.k === 'dur' && b.k === 'dur') {
    if (op === '+') return dur(a.ns.add(b.ns));
    if (op === '-') return dur(a.ns.sub(b.ns));
    if (op === '/') {
      if (b.ns.sign() === 0) throw new EvalError('division by zero');
      return num(a.ns.div(b.ns));
    }
    return bad();
  }
  const d = a.k === 'dur' ? a : b.k === 'dur' ? b : undefined;
  const n = a.k === 'num' ? a : b.k === 'num' ? b : undefined;
  if (d && n && (op === '*' || (op === '/' && a.k === 'dur'))) {
    if (!n.v.isInteger()) bad(': a duration is multiplied or divided by an integer');
    if (op === '*') return dur(d.ns.mul(n.v));
    if (n.v.sign() === 0) throw new EvalError('division by zero');
    return dur(d.ns.div(n.v));
  }
  return bad();
}

/** `A ~= B ± T`: |A − B| ≤ T, all numbers or all durations. */
export function approx(a: Value, b: Value, t: Value): Value {
  touchNa(a, b, t);
  const r = (v: Value): Rational | undefined => (v.k === 'num' ? v.v : v.k === 'dur' ? v.ns : undefined);
  const [ra, rb, rt] = [r(a), r(b), r(t)];
  if (!ra || !rb || !rt || a.k !== b.k || a.k !== t.k) throw new EvalError(`invalid operation: ${kindName(a)} ~= ${kindName(b)} ± ${kindName(t)}`);
  return bool(ra.sub(rb).abs().cmp(rt.abs()) <= 0);
}

/** Membership for `in` and `contains`: element of a list, key of a map or headers, substring of a string. */
export function member(op: 'in' | 'contains', needle: Value, hay: Value): boolean {
  touchNa(needle, hay);
  switch (hay.k) {
    case 'list':
      return hay.items.some((x) => valuesEqual(x, needle));
    case 'map':
      if (needle.k !== 'str') throw new EvalError(`${op}: a key of a map is a string, found ${kindName(needle)}`);
      return hay.entries.has(needle.v);
    case 'headers':
      if (needle.k !== 'str') throw new EvalError(`${op}: a header name is a string, found ${kindName(needle)}`);
      return hay.entries.has(needle.v.toLowerCase());
    case 'str':
      if (needle.k !== 'str') throw new EvalError(`${op}: a substring is a string, found ${kindName(needle)}`);
      return hay.v.includes(needle.v);
    default:
      throw new EvalError(`${op} needs a list, a map, headers or a string, found ${kindName(hay)}`);
  }
}

/** Number of elements, characters or keys. */
export function length(v: Value): number {
  switch (v.k) {
    case 'list':
      return v.items.length;
    case 'str':
      return [...v.v].length;
    case 'map':
    case 'headers':
      return v.entries.size;
    default:
      throw new EvalError(`len needs a list, a string or a map, found ${kindName(v)}`);
  }
}
