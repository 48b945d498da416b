/**
 * Control builtins (R7RS 6.10): application, mapping, continuations, multiple values,
 * dynamic-wind. They run on the machine because they call Scheme procedures.
 */
import type { Machine } from '../machine/machine.js';
import { pushFrame, type FrameKind, type Node } from '../machine/node.js';
import { MString, MultipleValues, NIL, Pair, Procedure, SVector, UNSPECIFIED, Char, type Value } from '../values.js';
import { listArg, stringArg, vectorArg } from './arg-types.js';
import type { ArgType } from './define.js';
import { wrongType } from './check.js';
import { callThen, procedureArg, ret, type ControlTable } from './control-kit.js';
import { anyArg, defineBuiltin, type BuiltinTable } from './define.js';

function listToArray(l: Value): Value[] {
  const out: Value[] = [];
  for (let x = l; x instanceof Pair; x = x.cdr) out.push(x.car);
  return out;
}

function reverseToList(acc: Value): Value {
  let out: Value = NIL;
  for (let x = acc; x instanceof Pair; x = x.cdr) out = new Pair(x.car, out);
  return out;
}

/** One step of map/for-each over lists: stops at the shortest. Accumulates immutably. */
function mapStep(m: Machine, f: Value, lists: Value[], acc: Value | null, at: Node | null): Node | null {
  const cars: Value[] = [];
  const rest: Value[] = [];
  for (const l of lists) {
    if (!(l instanceof Pair)) return ret(m, acc === null ? UNSPECIFIED : reverseToList(acc));
    cars.push(l.car);
    rest.push(l.cdr);
  }
  return callThen(m, f, cars, at, (m2) => mapStep(m2, f, rest, acc === null ? null : new Pair(m2.val, acc), at));
}

/**
 * map/for-each over one list, the common case, without per-element arrays or closures:
 * the frame holds the procedure, the rest of the list and the results so far (immutably).
 */
const MAP1: FrameKind = {
  resume(m, f) {
    const acc = f.c === null ? null : new Pair(m.val, f.c as Value);
    return map1Step(m, f.a as Value, f.b as Value, acc, f.at);
  },
};

function map1Step(m: Machine, f: Value, l: Value, acc: Value | null, at: Node | null): Node | null {
  if (!(l instanceof Pair)) return ret(m, acc === null ? UNSPECIFIED : reverseToList(acc));
  pushFrame(m, MAP1, at, f, l.cdr, acc);
  return m.apply(f, [l.car], at);
}

/** One step over arrays (vectors, strings): index `i`, results accumulated as a list. */
function indexStep(
  m: Machine, f: Value, arrays: Value[][], i: number, acc: Value | null, at: Node | null,
  finish: (results: Value[]) => Value,
): Node | null {
  for (const a of arrays) {
    if (i >= a.length) return ret(m, acc === null ? UNSPECIFIED : finish(listToArray(reverseToList(acc))));
  }
  const args = arrays.map((a) => a[i]!);
  return callThen(m, f, args, at, (m2) =>
    indexStep(m2, f, arrays, i + 1, acc === null ? null : new Pair(m2.val, acc), at, finish),
  );
}

const chars = (s: Value): Value[] => Array.from((s as MString).chars, (c) => Char.of(c.codePointAt(0)!));

/**
 * map/for-each accept circular lists (R7RS 6.10: they stop at the shortest list), so the
 * check is only that each argument starts like a list.
 */
const mapListArg: ArgType = { noun: 'a list', test: (v) => v === NIL || v instanceof Pair };

/** The control builtins that need no machine. */
export const CONTROL_PURE_BUILTINS: BuiltinTable = [
  defineBuiltin({
    name: 'procedure?', args: [anyArg], doc: 'Whether the value is a procedure.',
    fn: ([v]) => v instanceof Procedure,
  }),
  defineBuiltin({
    name: 'values', args: [], rest: anyArg, doc: 'Return its arguments as multiple values.',
    fn: (args) => (args.length === 1 ? args[0]! : new MultipleValues(args)),
  }),
];

/** apply, map, for-each, vector/string map and for-each, call/cc, call-with-values, dynamic-wind. */
export const CONTROL_BUILTINS: ControlTable = [
  {
    // R7RS 6.10: (apply proc arg1 ... args) — the final list is required, so (apply +) is an arity error.
    name: 'apply', args: [procedureArg, anyArg], rest: anyArg, doc: 'Call the procedure on the arguments, the last one a list spread out.',
    run: (m, args, at) => {
      const f = args[0]!;
      const last = args[args.length - 1]!;
      if (!listArg.test(last)) throw wrongType('apply', 'a list', last);
      return m.apply(f, [...args.slice(1, -1), ...listToArray(last)], at);
    },
  },
  {
    name: 'map', args: [procedureArg, mapListArg], rest: mapListArg, doc: 'The list of results of the procedure on the elements (to the shortest list).',
    run: (m, [f, ...lists], at) => (lists.length === 1 ? map1Step(m, f!, lists[0]!, NIL, at) : mapStep(m, f!, lists, NIL, at)),
  },
  {
    name: 'for-each', args: [procedureArg, mapListArg], rest: mapListArg, doc: 'Call the procedure on the elements in order (to the shortest list).',
    run: (m, [f, ...lists], at) => (lists.length === 1 ? map1Step(m, f!, lists[0]!, null, at) : mapStep(m, f!, lists, null, at)),
  },
  {
    name: 'vector-map', args: [procedureArg, vectorArg], rest: vectorArg, doc: 'A vector of the results of the procedure on the elements.',
    run: (m, [f, ...vs], at) => indexStep(m, f!, vs.map((v) => (v as SVector).items.slice()), 0, NIL, at, (r) => new SVector(r)),
  },
  {
    name: 'vector-for-each', args: [procedureArg, vectorArg], rest: vectorArg, doc: 'Call the procedure on the elements in order.',
    run: (m, [f, ...vs], at) => indexStep(m, f!, vs.map((v) => (v as SVector).items.slice()), 0, null, at, () => UNSPECIFIED),
  },
  {
    name: 'string-map', args: [procedureArg, stringArg], rest: stringArg, doc: 'A string of the characters the procedure returns.',
    run: (m, [f, ...ss], at) =>
      indexStep(m, f!, ss.map(chars), 0, NIL, at, (r) => {
        let out = '';
        for (const c of r) {
          if (!(c instanceof Char)) throw wrongType('string-map', 'a character from the procedure', c);
          out += String.fromCodePoint(c.code);
        }
        return new MString(out);
      }),
  },
  {
    name: 'string-for-each', args: [procedureArg, stringArg], rest: stringArg, doc: 'Call the procedure on the characters in order.',
    run: (m, [f, ...ss], at) => indexStep(m, f!, ss.map(chars), 0, null, at, () => UNSPECIFIED),
  },
  {
    name: 'call-with-current-continuation', args: [procedureArg], doc: 'Call the procedure with the current continuation.',
    run: (m, [f], at) => m.apply(f!, [m.capture()], at),
  },
  {
    name: 'call-with-values', args: [procedureArg, procedureArg], doc: 'Call the consumer with the values the producer returns.',
    run: (m, [producer, consumer], at) =>
      callThen(m, producer!, [], at, (m2) => {
        const v = m2.val;
        return m2.apply(consumer!, v instanceof MultipleValues ? v.values.slice() : [v], at);
      }),
  },
  {
    name: 'dynamic-wind', args: [procedureArg, procedureArg, procedureArg], doc: 'Call thunk with before/after run on every entry and exit.',
    run: (m, [before, thunk, after], at) =>
      callThen(m, before!, [], at, (m2) => {
        const outer = m2.winders;
        m2.winders = { before: before!, after: after!, next: outer, depth: (outer?.depth ?? 0) + 1 };
        return callThen(m2, thunk!, [], at, (m3) => {
          const v = m3.val;
          m3.winders = outer;
          return callThen(m3, after!, [], at, (m4) => ret(m4, v));
        });
      }),
  },
];

/** Aliases so a program may use both names (and rewritten forms reach the builtin whatever the program defines). */
export const CONTROL_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['call/cc', 'call-with-current-continuation'],
  ['%call-with-values', 'call-with-values'],
  ['%call/cc', 'call-with-current-continuation'],
  ['%apply', 'apply'],
  ['%values', 'values'],
  ['%dynamic-wind', 'dynamic-wind'],
];
