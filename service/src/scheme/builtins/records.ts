/**
 * Record types (R7RS 5.5): the builtins `define-record-type` expands into. Constructors,
 * predicates, accessors and modifiers are ordinary builtins made per type, so their
 * argument errors read like any other (`point-x: expected a point, got 5`).
 */
import { SchemeError } from '../errors.js';
import { Primitive } from '../machine/procedures.js';
import { Pair, Record, RecordType, Sym, UNSPECIFIED, type Value } from '../values.js';
import { anyArg, defineBuiltin, type ArgType, type BuiltinTable } from './define.js';

const symArg: ArgType = { noun: 'a symbol', test: (v) => v instanceof Sym };
const typeArg: ArgType = { noun: 'a record type', test: (v) => v instanceof RecordType };

function symbols(l: Value): Sym[] {
  const out: Sym[] = [];
  for (let p = l; p instanceof Pair; p = p.cdr) out.push(p.car as Sym);
  return out;
}

function instanceArg(t: RecordType): ArgType {
  return { noun: `a ${t.name}`, test: (v) => v instanceof Record && v.type === t };
}

function fieldIndex(t: RecordType, field: Value): number {
  const i = t.fieldNames.indexOf(field as Sym);
  if (i < 0) throw new SchemeError('syntax_error', `define-record-type: ${t.name} has no field ${(field as Sym).name}`);
  return i;
}

/** The builtins define-record-type expands into. */
export const RECORD_BUILTINS: BuiltinTable = [
  defineBuiltin({
    name: '%make-record-type', args: [symArg, anyArg], doc: 'A new record type with the given field names.',
    fn: ([name, fields]) => new RecordType((name as Sym).name, symbols(fields!)),
  }),
  defineBuiltin({
    name: '%record-constructor', args: [typeArg, anyArg, symArg], optional: 1, doc: 'The constructor of a record type taking the given fields.',
    fn: ([t, fields, name]) => {
      const type = t as RecordType;
      const idx = symbols(fields!).map((f) => fieldIndex(type, f));
      const n = type.fieldNames.length;
      return new Primitive(defineBuiltin({
        name: name instanceof Sym ? name.name : `make-${type.name}`, args: idx.map(() => anyArg), doc: `Make a ${type.name}.`,
        fn: (args) => {
          const values: Value[] = new Array<Value>(n).fill(false);
          idx.forEach((k, i) => (values[k] = args[i]!));
          return new Record(type, values);
        },
      }));
    },
  }),
  defineBuiltin({
    name: '%record-predicate', args: [typeArg, symArg], optional: 1, doc: 'The predicate of a record type.',
    fn: ([t, name]) => {
      const type = t as RecordType;
      return new Primitive(defineBuiltin({
        name: name instanceof Sym ? name.name : `${type.name}?`, args: [anyArg], doc: `Whether the value is a ${type.name}.`,
        fn: ([v]) => v instanceof Record && v.type === type,
      }));
    },
  }),
  defineBuiltin({
    name: '%record-accessor', args: [typeArg, symArg, symArg], optional: 1, doc: 'The accessor of a record field.',
    fn: ([t, field, name]) => {
      const type = t as RecordType;
      const k = fieldIndex(type, field!);
      return new Primitive(defineBuiltin({
        name: name instanceof Sym ? name.name : `${type.name}-${(field as Sym).name}`, args: [instanceArg(type)], doc: `The ${(field as Sym).name} of a ${type.name}.`,
        fn: ([r]) => (r as Record).fields[k]!,
      }));
    },
  }),
  defineBuiltin({
    name: '%record-modifier', args: [typeArg, symArg, symArg], optional: 1, doc: 'The modifier of a record field.',
    fn: ([t, field, name]) => {
      const type = t as RecordType;
      const k = fieldIndex(type, field!);
      return new Primitive(defineBuiltin({
        name: name instanceof Sym ? name.name : `set-${type.name}-${(field as Sym).name}!`, args: [instanceArg(type), anyArg], doc: `Set the ${(field as Sym).name} of a ${type.name}.`,
        fn: ([r, v]) => {
          (r as Record).fields[k] = v!;
          return UNSPECIFIED;
        },
      }));
    },
  }),
];
