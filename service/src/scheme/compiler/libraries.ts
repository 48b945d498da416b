/**
 * The libraries `(import …)` knows, and how an import set binds their names.
 *
 * The R7RS-small libraries and the SRFIs whose names are always present are "built in": every
 * name they export is already global (absent ones, such as file ports, stay unbound), so
 * importing them binds nothing. A library with its own table (SRFI 1) binds its names only
 * when imported, so a program that does not ask for `take` or `lset-union` never sees them.
 * Any other name is an error naming it (R7RS 5.2: importing an unknown library is an error),
 * rather than failing later on the first procedure the program lacks.
 */
import { BUILTINS } from '../builtins/index.js';
import { writeValue } from '../printer.js';
import { Pair, sym, type Value } from '../values.js';
import { listItems, syntaxError, type Compiler } from './compiler.js';
import { baseSym, isId } from './scope.js';
import { srfi1Exports } from './srfi-1.js';

/** R7RS-small's libraries (section 7), all built in. */
const SCHEME_LIBRARIES = [
  'base', 'case-lambda', 'char', 'complex', 'cxr', 'eval', 'file', 'inexact', 'lazy', 'load',
  'process-context', 'read', 'repl', 'time', 'write', 'r5rs',
];

/** SRFIs whose procedures and forms are always present (docs/interpreter.md lists them). */
const BUILT_IN_SRFIS = [6, 9, 11, 16, 23, 28, 39, 69];

/** Libraries with their own export table, bound on import. */
const TABLES: ReadonlyMap<string, () => ReadonlyMap<string, Value>> = new Map([
  ['(srfi 1)', srfi1Exports],
  ['(scheme list)', srfi1Exports],
]);

const BUILT_IN = new Set([
  ...SCHEME_LIBRARIES.map((n) => `(scheme ${n})`),
  ...BUILT_IN_SRFIS.map((n) => `(srfi ${n})`),
]);

/** Libraries the program defined with define-library, per evaluation. */
const DEFINED = new WeakMap<Compiler, Set<string>>();

/** The written form of a library name, `(srfi 1)`: the key of every table here. */
export function libraryKey(name: Value, at: Value): string {
  const parts = listItems(name, 'a library name', at);
  if (parts.length === 0) throw syntaxError('import: a library name is a non-empty list such as (scheme base)', at);
  return `(${parts.map((p) => (isId(p) ? baseSym(p).name : writeValue(p).text)).join(' ')})`;
}

/** Whether `key` names a library available without a define-library (for cond-expand). */
export function isKnownLibrary(key: string): boolean {
  return BUILT_IN.has(key) || TABLES.has(key);
}

/** Record a library the program defines, so a later import of it is accepted. */
export function noteDefinedLibrary(c: Compiler, key: string): void {
  let set = DEFINED.get(c);
  if (set === undefined) DEFINED.set(c, (set = new Set()));
  set.add(key);
}

/** Local name → value, or null for a library whose names are all global already. */
type Bindings = Map<string, Value> | null;

const MODIFIERS = new Set(['only', 'except', 'prefix', 'rename']);

function idName(x: Value, what: string, at: Value): string {
  if (!isId(x)) throw syntaxError(`import: ${what} must be an identifier`, at);
  return baseSym(x).name;
}

/** The bindings of one import set: a library name, or only/except/prefix/rename around one. */
function resolve(c: Compiler, set: Value, at: Pair): Bindings {
  if (!(set instanceof Pair)) throw syntaxError('import: each import set is a list such as (scheme base)', at);
  const head = isId(set.car) ? baseSym(set.car).name : null;
  const args = head !== null && MODIFIERS.has(head) ? listItems(set.cdr, `import ${head}`, at) : null;
  if (args === null || args.length === 0) return libraryBindings(c, libraryKey(set, at), at);
  const inner = resolve(c, args[0]!, at);
  if (inner === null) return null;
  const rest = args.slice(1);
  const known = (n: string): string => {
    if (!inner.has(n)) throw syntaxError(`import ${head}: ${n} is not exported by the library`, at);
    return n;
  };
  switch (head) {
    case 'only':
      return new Map(rest.map((x) => known(idName(x, 'each name in only', at))).map((n) => [n, inner.get(n)!]));
    case 'except': {
      const out = new Map(inner);
      for (const x of rest) out.delete(known(idName(x, 'each name in except', at)));
      return out;
    }
    case 'prefix': {
      if (rest.length !== 1) throw syntaxError('import prefix: expected (prefix import-set prefix)', at);
      const p = idName(rest[0]!, 'the prefix', at);
      return new Map([...inner].map(([n, v]) => [p + n, v]));
    }
    default: {
      const out = new Map(inner);
      for (const r of rest) {
        const pair = listItems(r, 'import rename', at);
        if (pair.length !== 2) throw syntaxError('import rename: each renaming is (old new)', at);
        const from = known(idName(pair[0]!, 'a renamed name', at));
        out.delete(from);
        out.set(idName(pair[1]!, 'a new name', at), inner.get(from)!);
      }
      return out;
    }
  }
}

function libraryBindings(c: Compiler, key: string, at: Pair): Bindings {
  const table = TABLES.get(key);
  if (table !== undefined) return new Map(table());
  if (BUILT_IN.has(key) || DEFINED.get(c)?.has(key)) return null;
  throw syntaxError(
    `import: unknown library ${key}; available: (scheme base) and the other R7RS-small libraries, ` +
    `(scheme list), ${[1, ...BUILT_IN_SRFIS].map((n) => `(srfi ${n})`).join(', ')}, and any define-library in the program`,
    at,
  );
}

/**
 * (import set …): check every set names a library that exists, then bind the names of those
 * with their own table as globals of this evaluation.
 */
export function importSets(c: Compiler, f: Pair): void {
  for (const set of listItems(f.cdr, 'import', f)) {
    const bindings = resolve(c, set, f);
    if (bindings === null) continue;
    for (const [name, value] of bindings) {
      const builtin = BUILTINS.get(name);
      // The compiler inlines some builtins by name; renaming another procedure onto one would be ignored.
      if (builtin !== undefined && builtin !== value) throw syntaxError(`import: cannot bind ${name}, a builtin, to another procedure`, f);
      c.cell(sym(name)).value = value;
    }
  }
}
