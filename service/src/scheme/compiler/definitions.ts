/**
 * Definition forms, valid in bodies and at top level: `define` (incl. curried
 * `(define ((f a) b) …)`), `begin` (spliced), `define-values`, `define-record-type`,
 * `define-syntax`. Each becomes plain definitions or forms spliced in its place.
 */
import { NIL, Pair, UNSPECIFIED, sym, type Value } from '../values.js';
import { DEFINITION_FORMS, listItems, syntaxError, type Compiler, type Definition } from './compiler.js';
import { core, form, formTail, fresh } from './core-scope.js';
import { FEATURES } from '../builtins/misc.js';
import { baseSym, isId, type Id, type Scope } from './scope.js';
import { importSets, isKnownLibrary, libraryKey, noteDefinedLibrary } from './libraries.js';

function define(_c: Compiler, f: Pair, _scope: Scope): Definition {
  const parts = listItems(f.cdr, 'define', f);
  if (parts.length === 0) throw syntaxError('define: expected a name', f);
  let target = parts[0]!;
  if (isId(target)) {
    if (parts.length > 2) throw syntaxError(`define: too many expressions for ${baseSym(target).name}`, f);
    const value = parts.length === 2 ? parts[1]! : form(f, core('quote'), UNSPECIFIED);
    return { kind: 'define', id: target, value };
  }
  // (define (name . formals) body…), possibly curried: (define ((name a) b) body…)
  let body: Value = (f.cdr as Pair).cdr;
  for (let depth = 0; target instanceof Pair && target.car instanceof Pair; depth++) {
    if (depth > 1000) throw syntaxError('define: bad syntax (circular or too deeply curried)', f);
    body = form(f, formTail(f, [core('lambda'), target.cdr], body));
    target = target.car;
  }
  if (!(target instanceof Pair) || !isId(target.car)) throw syntaxError('define: expected a name or (name formals…)', f);
  if (body === NIL) throw syntaxError(`define: empty body for ${baseSym(target.car).name}`, f);
  return { kind: 'define', id: target.car, value: formTail(f, [core('lambda'), target.cdr], body) };
}

function begin(_c: Compiler, f: Pair): Definition {
  return { kind: 'splice', forms: listItems(f.cdr, 'begin', f) };
}

function defineSyntax(c: Compiler, f: Pair, scope: Scope): Definition {
  const parts = listItems(f.cdr, 'define-syntax', f);
  if (parts.length !== 2 || !isId(parts[0]!)) throw syntaxError('define-syntax: expected (define-syntax name (syntax-rules …))', f);
  const id = parts[0] as Id;
  const macro = c.macro(id, parts[1]!, scope, f);
  // At top level the name itself is bound (a macro-introduced name is made global, unrenamed).
  scope.map.set(scope.frame === null ? baseSym(id) : id, { kind: 'macro', macro });
  return { kind: 'splice', forms: [] };
}

/** (define-values formals expr) → definitions, then one assignment from call-with-values. */
function defineValues(_c: Compiler, f: Pair): Definition {
  const parts = listItems(f.cdr, 'define-values', f);
  if (parts.length !== 2) throw syntaxError('define-values: expected (define-values formals expression)', f);
  const ids: Id[] = [];
  const temps: Value[] = [];
  let formals = parts[0]!;
  const seen = new Set<Id>();
  while (formals instanceof Pair) {
    if (!isId(formals.car)) throw syntaxError('define-values: formals must be identifiers', f);
    if (seen.has(formals.car)) throw syntaxError(`define-values: duplicate name ${baseSym(formals.car).name}`, f);
    seen.add(formals.car);
    ids.push(formals.car);
    temps.push(fresh('v'));
    formals = formals.cdr;
  }
  let restTemp: Value = NIL;
  if (formals !== NIL) {
    if (!isId(formals)) throw syntaxError('define-values: formals must be identifiers', f);
    ids.push(formals);
    restTemp = fresh('rest');
    temps.push(restTemp);
  }
  const defs = ids.map((id) => form(f, core('define'), id, form(f, core('quote'), UNSPECIFIED)));
  const sets = ids.map((id, i) => form(f, core('set!'), id, temps[i]!));
  const tempFormals = formTail(f, temps.slice(0, restTemp === NIL ? temps.length : temps.length - 1), restTemp);
  const consumer = formTail(f, [core('lambda'), tempFormals], formTail(f, sets, form(f, form(f, core('quote'), UNSPECIFIED))));
  const call = form(f, core('%call-with-values'), form(f, core('lambda'), NIL, parts[1]!), consumer);
  return { kind: 'splice', forms: [...defs, call] };
}

/**
 * (define-record-type <name> (ctor field…) pred (field accessor [modifier])…) → definitions
 * of the type, constructor, predicate, accessors and modifiers via the %record builtins.
 */
function defineRecordType(_c: Compiler, f: Pair): Definition {
  const parts = listItems(f.cdr, 'define-record-type', f);
  if (parts.length < 2) throw syntaxError('define-record-type: expected a type name, constructor and predicate', f);
  const [typeName, ctor, pred, ...fieldSpecs] = parts;
  if (!isId(typeName!)) throw syntaxError('define-record-type: the type name must be an identifier', f);
  const quote = (v: Value): Value => form(f, core('quote'), v);
  const fieldNames: Value[] = [];
  const defs: Value[] = [];
  const specs = fieldSpecs.map((s) => {
    const items = isId(s) ? [s] : listItems(s, 'a record field', f);
    if (items.length === 0 || items.length > 3 || !items.every(isId)) {
      throw syntaxError('define-record-type: a field is (name accessor [modifier])', f);
    }
    fieldNames.push(baseSym(items[0] as Id));
    return items as Id[];
  });
  const typeId = typeName;
  const printName = baseSym(typeName).name.replace(/^<(.*)>$/, '$1');
  defs.push(form(f, core('define'), typeId, form(f, core('%make-record-type'), quote(sym(printName)), quote(listOf(fieldNames)))));
  if (ctor !== undefined && ctor !== false) {
    if (isId(ctor)) {
      defs.push(form(f, core('define'), ctor, form(f, core('%record-constructor'), typeId, quote(listOf(fieldNames)), quote(baseSym(ctor)))));
    } else {
      const items = listItems(ctor, 'a record constructor', f);
      if (items.length === 0 || !items.every(isId)) throw syntaxError('define-record-type: bad constructor spec', f);
      const args = items.slice(1).map((id) => baseSym(id as Id));
      defs.push(form(f, core('define'), items[0]!, form(f, core('%record-constructor'), typeId, quote(listOf(args)), quote(baseSym(items[0] as Id)))));
    }
  }
  if (pred !== undefined && pred !== false) {
    if (!isId(pred)) throw syntaxError('define-record-type: the predicate must be an identifier', f);
    defs.push(form(f, core('define'), pred, form(f, core('%record-predicate'), typeId, quote(baseSym(pred)))));
  }
  for (const [field, accessor, modifier] of specs) {
    const q = quote(baseSym(field!));
    if (accessor !== undefined) defs.push(form(f, core('define'), accessor, form(f, core('%record-accessor'), typeId, q, quote(baseSym(accessor)))));
    if (modifier !== undefined) defs.push(form(f, core('define'), modifier, form(f, core('%record-modifier'), typeId, q, quote(baseSym(modifier)))));
  }
  return { kind: 'splice', forms: defs };
}

function listOf(items: Value[]): Value {
  let l: Value = NIL;
  for (let i = items.length - 1; i >= 0; i--) l = new Pair(items[i]!, l);
  return l;
}

/** (import set …): binds what the named libraries export (see libraries.ts). */
function importForm(c: Compiler, f: Pair): Definition {
  importSets(c, f);
  return { kind: 'splice', forms: [] };
}

function featureMatch(req: Value, at: Pair): boolean {
  if (isId(req)) return baseSym(req).name === 'else' || FEATURES.includes(baseSym(req).name);
  if (!(req instanceof Pair) || !isId(req.car)) throw syntaxError('cond-expand: bad feature requirement', at);
  const args = listItems(req.cdr, 'cond-expand', at);
  switch (baseSym(req.car).name) {
    case 'and': return args.every((r) => featureMatch(r, at));
    case 'or': return args.some((r) => featureMatch(r, at));
    case 'not': return !featureMatch(args[0]!, at);
    case 'library': {
      const name = args[0];
      return name instanceof Pair && isKnownLibrary(libraryKey(name, at));
    }
    default: throw syntaxError(`cond-expand: unknown requirement ${baseSym(req.car).name}`, at);
  }
}

/** (cond-expand (requirement body…) …): the body of the first clause whose requirement holds. */
export function condExpand(f: Pair): Value[] {
  for (const clause of listItems(f.cdr, 'cond-expand', f)) {
    if (!(clause instanceof Pair)) throw syntaxError('cond-expand: each clause is (requirement body…)', f);
    if (featureMatch(clause.car, f)) return listItems(clause.cdr, 'cond-expand', f);
  }
  return [];
}

/**
 * (define-library name declaration …), written in the program itself: its `begin` bodies run
 * in place, at top level, so everything it defines is visible (exports are not enforced) and a
 * later `(import name)` is accepted like any import; its own imports run as top-level imports. `cond-expand` declarations are expanded;
 * `include` is not available (there are no files).
 */
function libraryDeclarations(decls: Value[], f: Pair): Value[] {
  const out: Value[] = [];
  for (const d of decls) {
    if (!(d instanceof Pair) || !isId(d.car)) throw syntaxError('define-library: each declaration is a list such as (export …) or (begin …)', f);
    const kind = baseSym(d.car).name;
    if (kind === 'begin') out.push(...listItems(d.cdr, 'define-library', f));
    else if (kind === 'cond-expand') out.push(...libraryDeclarations(condExpand(d), f));
    else if (kind === 'include' || kind === 'include-ci' || kind === 'include-library-declarations') {
      throw syntaxError(`define-library: ${kind} is not available (there are no files)`, f);
    } else if (kind === 'import') {
      out.push(d);
    } else if (kind !== 'export') {
      throw syntaxError(`define-library: unknown declaration ${kind}`, f);
    }
  }
  return out;
}

function defineLibrary(c: Compiler, f: Pair): Definition {
  const [name, ...decls] = listItems(f.cdr, 'define-library', f);
  if (!(name instanceof Pair)) throw syntaxError('define-library: expected a library name such as (mylib util)', f);
  noteDefinedLibrary(c, libraryKey(name, f));
  return { kind: 'splice', forms: libraryDeclarations(decls, f) };
}

DEFINITION_FORMS.set('define-library', defineLibrary);
DEFINITION_FORMS.set('import', importForm);
DEFINITION_FORMS.set('cond-expand', (_c, f) => ({ kind: 'splice', forms: condExpand(f) }));
DEFINITION_FORMS.set('define', define);
DEFINITION_FORMS.set('begin', begin);
DEFINITION_FORMS.set('define-syntax', defineSyntax);
DEFINITION_FORMS.set('define-values', defineValues);
DEFINITION_FORMS.set('define-record-type', defineRecordType);
