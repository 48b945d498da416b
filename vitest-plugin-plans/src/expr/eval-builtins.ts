/**
 * What the evaluator applies to values it has already evaluated: the builtins
 * that take plain values (len, lower, upper, trim, keys, string, number, abs),
 * the string word operators (startsWith, endsWith, matches), and the response
 * view `matches openapi` checks. The closure builtins (count, filter, map,
 * all, any, none) stay in the evaluator: they evaluate their predicate per
 * element with `it` bound.
 */
import { formatValue } from './explain.js';
import { EvalError, NaSignal, length } from './ops.js';
import { Rational } from './rational.js';
import type { ResponseParts } from './matchers/types.js';
import { NIL, kindName, list, num, str, type Value } from './values.js';

/**
 * Apply builtin `fn` to evaluated arguments. The checker has already matched
 * the arity and the static types; what remains are run-time faults of the
 * values (`lower()` of a number read from a body), thrown as `EvalError`.
 * @example applyBuiltin('len', [list([num(1), num(2)])]) // num(2)
 */
export function applyBuiltin(fn: string, args: readonly Value[]): Value {
  const a = args[0]!;
  // Any builtin touching an n/a phase makes the outcome n/a (spec "How values compare" 5).
  if (a.k === 'na') throw new NaSignal('n/a');
  const needStr = (): string => {
    if (a.k !== 'str') throw new EvalError(`${fn}() needs a string, found ${kindName(a)}`);
    return a.v;
  };
  switch (fn) {
    case 'len':
      return num(length(a));
    case 'lower':
      return str(needStr().toLowerCase());
    case 'upper':
      return str(needStr().toUpperCase());
    case 'trim':
      return str(needStr().trim());
    case 'keys':
      if (a.k === 'map') return list([...a.entries.keys()].map(str));
      if (a.k === 'headers') return list([...a.entries.keys()].map(str));
      throw new EvalError(`keys() needs a map, found ${kindName(a)}`);
    case 'string':
      return str(a.k === 'str' ? a.v : formatValue(a));
    case 'number': {
      if (a.k === 'num') return a;
      const r = a.k === 'str' ? Rational.parse(a.v.trim()) : undefined;
      if (!r) throw new EvalError(`number() cannot read ${formatValue(a)} as a number`);
      return { k: 'num', v: r, text: a.k === 'str' ? a.v.trim() : r.toDecimal() };
    }
    case 'abs':
      if (a.k === 'num') return num(a.v.abs());
      if (a.k === 'dur') return { k: 'dur', ns: a.ns.abs() };
      throw new EvalError(`abs() needs a number or a duration, found ${kindName(a)}`);
  }
  throw new EvalError(`unknown function ${fn}`);
}

/**
 * `a startsWith b`, `a endsWith b`, `a matches b` (before a `not`). A
 * regular expression compiles once per evaluation, into `regexes`: a
 * predicate applies it to every element.
 */
export function stringWord(op: 'startsWith' | 'endsWith' | 'matches', a: Value, b: Value, negated: boolean, regexes: Map<string, RegExp>): boolean {
  if (a.k === 'na' || b.k === 'na') throw new NaSignal('n/a');
  if (a.k !== 'str' || b.k !== 'str') throw new EvalError(`${negated ? 'not ' : ''}${op} needs strings, found ${kindName(a)} and ${kindName(b)}`);
  if (op === 'startsWith') return a.v.startsWith(b.v);
  if (op === 'endsWith') return a.v.endsWith(b.v);
  let r = regexes.get(b.v);
  if (!r) {
    try {
      r = new RegExp(b.v, 'u');
    } catch (e) {
      throw new EvalError(`invalid regular expression ${JSON.stringify(b.v)}: ${(e as Error).message}`);
    }
    regexes.set(b.v, r);
  }
  return r.test(a.v);
}

/**
 * The exchange as `response matches openapi` checks it, read back from the
 * names of an http scope (the matcher sees the same values the assertions do).
 */
export function responseParts(names: Readonly<Record<string, Value>>): ResponseParts {
  const req = names.request;
  const field = (k: string): Value => (req && req.k === 'map' ? req.entries.get(k) ?? NIL : NIL);
  const method = field('method');
  const url = field('url');
  const status = names.status;
  const hs = names.headers;
  return {
    method: method.k === 'str' ? method.v : 'GET',
    url: url.k === 'str' ? url.v : '/',
    status: status && status.k === 'num' ? status.v.toNumber() : 0,
    headers: hs && hs.k === 'headers' ? hs : { k: 'headers', entries: new Map(), names: [] },
    body: names.body ?? NIL,
  };
}
