/** Type-checks a parsed expression against its scope and role, reporting each mistake once with a suggestion where one fits. */
import { staticPath, type Node } from './ast.js';
import { BUILTINS, type ParamKind } from './builtins.js';
import { diag, suggest, type Diagnostic } from './diagnostic.js';
import type { Scope } from './scopes.js';
import { ANY, BOOL, DUR, NUM, STR, comparable, elementOf, listOf, typeName, type Type } from './types.js';

/** Where an expression sits: it decides whether the result must be boolean. */
export type Role = 'assert' | 'result' | 'guard' | 'template';

/**
 * Type-checks a parsed expression against a scope. Returns the expression's
 * type and every diagnostic (a subtree in error is typed `any` so one mistake
 * is reported once).
 */
export function check(ast: Node, scope: Scope, role: Role): { type: Type; diagnostics: Diagnostic[] } {
  const c = new Checker(scope);
  const type = c.visit(ast, false);
  if ((role === 'assert' || role === 'guard') && type.t !== 'bool' && c.diagnostics.length === 0) {
    const what = role === 'assert' ? 'an assertion' : 'a when guard';
    const path = staticPath(ast);
    const hint = path !== undefined ? `; compare it, e.g. ${path} == true` : `; this one is ${article(typeName(type))}`;
    c.diagnostics.push(diag('not_boolean', ast.span.start, `${what} must be a comparison or another boolean expression${hint}`));
  }
  return { type, diagnostics: c.diagnostics.sort((a, b) => a.column - b.column) };
}

function article(s: string): string {
  return s === 'any' ? 'a value of any type' : /^[aeiou]/.test(s) ? `an ${s}` : `a ${s}`;
}

class Checker {
  readonly diagnostics: Diagnostic[] = [];
  private readonly its: Type[] = [];
  constructor(private readonly scope: Scope) {}

  private err(type: Diagnostic['type'], at: number, message: string): Type {
    this.diagnostics.push(diag(type, at, message));
    return ANY;
  }

  /** `asObject`: the node is the object of a field or index, where `duration` may stand alone. */
  visit(n: Node, asObject: boolean): Type {
    const t = this.type(n);
    if (!asObject && t.t === 'record' && t.phases) {
      const names = Object.keys(t.fields).join(', ');
      return this.err('duration_whole', n.span.start, `duration is not assertable on its own; name a phase (${names})`);
    }
    return t;
  }

  private within(it: Type, n: Node): Type {
    this.its.push(it);
    try {
      return this.visit(n, false);
    } finally {
      this.its.pop();
    }
  }

  private predicate(word: string, collection: Node, predicate: Node): Type {
    const ct = this.visit(collection, false);
    if (ct.t !== 'list' && ct.t !== 'any') {
      this.err('type', collection.span.start, `\`${word}\` needs a list on its left, found ${article(typeName(ct))}`);
      return this.within(ANY, predicate);
    }
    const pt = this.within(elementOf(ct), predicate);
    if (pt.t !== 'bool' && pt.t !== 'any' && word !== 'map')
      this.err('not_boolean', predicate.span.start, `the predicate of \`${word}\` must be boolean, found ${article(typeName(pt))}`);
    return word === 'map' ? pt : ct;
  }

  private type(n: Node): Type {
    switch (n.type) {
      case 'num':
        return NUM;
      case 'dur':
        return DUR;
      case 'str':
        return STR;
      case 'bool':
        return BOOL;
      case 'nil':
        return { t: 'nil' };
      case 'list': {
        const ts = n.items.map((x) => this.visit(x, false));
        const first = ts[0];
        return listOf(first && ts.every((t) => t.t === first.t) ? first : ANY);
      }
      case 'name':
        return this.name(n.name, n.span.start);
      case 'member':
        return this.field(this.visit(n.object, true), n.field, n.fieldSpan.start, n.object);
      case 'index':
        return this.index(n);
      case 'slice': {
        const ot = this.visit(n.object, true);
        this.parallel(n.object, n.span.start);
        for (const x of [n.from, n.to]) if (x) this.number(x, 'a slice bound');
        if (ot.t === 'list' || ot.t === 'str' || ot.t === 'any') return ot;
        return this.err('type', n.span.start, `cannot slice ${article(typeName(ot))}; slices take a list or a string`);
      }
      case 'call':
        return this.call(n);
      case 'unary': {
        const t = this.visit(n.operand, false);
        if (n.op === 'not') {
          if (t.t !== 'bool' && t.t !== 'any') return this.err('type', n.operand.span.start, `not needs a boolean, found ${article(typeName(t))}`);
          return BOOL;
        }
        if (t.t !== 'num' && t.t !== 'dur' && t.t !== 'any') return this.err('type', n.operand.span.start, `unary - needs a number or a duration, found ${article(typeName(t))}`);
        return t;
      }
      case 'binary':
        return this.binary(n);
      case 'cond': {
        const tt = this.visit(n.test, false);
        if (tt.t !== 'bool' && tt.t !== 'any') this.err('type', n.test.span.start, `the condition of ? : must be boolean, found ${article(typeName(tt))}`);
        const a = this.visit(n.then, false);
        const b = this.visit(n.else, false);
        return a.t === b.t ? a : ANY;
      }
      case 'presence':
        this.visit(n.operand, true);
        return BOOL;
      case 'approx': {
        for (const x of [n.left, n.target, n.tolerance]) {
          const t = this.visit(x, false);
          if (t.t !== 'num' && t.t !== 'dur' && t.t !== 'any') this.err('type', x.span.start, `\`~=\` compares numbers or durations, found ${article(typeName(t))}`);
        }
        return BOOL;
      }
      case 'countIs': {
        const t = this.visit(n.collection, false);
        if (!['list', 'any', 'str', 'dict', 'headers'].includes(t.t)) this.err('type', n.collection.span.start, `\`count\` needs a collection on its left, found ${article(typeName(t))}`);
        this.number(n.count, 'the right of `count`');
        return BOOL;
      }
      case 'where':
        return this.predicate('where', n.collection, n.predicate);
      case 'quant':
        this.predicate(n.q, n.collection, n.predicate);
        return BOOL;
      case 'matcher':
        if (n.kind !== 'openapi') this.visit(n.subject, false);
        return BOOL;
    }
  }

  private number(n: Node, what: string): void {
    const t = this.visit(n, false);
    if (t.t !== 'num' && t.t !== 'any') this.err('type', n.span.start, `${what} must be a number, found ${article(typeName(t))}`);
  }

  private name(name: string, at: number): Type {
    if (name === 'it') {
      const it = this.its[this.its.length - 1];
      if (it) return it;
      return this.err('unknown_name', at, '`it` is only defined inside a predicate (where, all, any, none, filter, map, count)');
    }
    const t = this.scope.names[name];
    if (t) return t;
    const names = Object.keys(this.scope.names);
    const close = suggest(name, names);
    if (name === 'response') return this.err('unknown_name', at, 'unknown name response; it is only the left of `matches openapi`' + (close ? ` (did you mean ${close}?)` : ''));
    return this.err('unknown_name', at, close ? `unknown name ${name} (did you mean ${close}?)` : `unknown name ${name}; the names of ${this.scope.noun} are ${names.join(', ')}`);
  }

  private field(ot: Type, field: string, at: number, object: Node): Type {
    const owner = staticPath(object) ?? typeName(ot);
    switch (ot.t) {
      case 'any':
        return ANY;
      case 'headers':
        return STR;
      case 'record': {
        const f = ot.fields[field];
        if (f) return f;
        const keys = Object.keys(ot.fields);
        const close = suggest(field, keys);
        return this.err('unknown_field', at, close ? `unknown field ${field} of ${owner} (did you mean ${close}?)` : `unknown field ${field} of ${owner}; its fields are ${keys.join(', ')}`);
      }
      case 'dict': {
        if (!ot.keys || ot.keys.includes(field)) return ot.of;
        const close = suggest(field, ot.keys);
        if (close) return this.err('unknown_field', at, `unknown name ${ot.name}.${field} (did you mean ${ot.name}.${close}?)`);
        return this.err('unknown_field', at, ot.keys.length ? `unknown name ${ot.name}.${field}; ${ot.name} has ${ot.keys.join(', ')}` : `unknown name ${ot.name}.${field}; ${ot.name} is empty here`);
      }
      case 'tasks':
        return { t: 'task', task: field };
      case 'task':
        if (field === 'results') return { t: 'results', task: ot.task };
        return this.err('unknown_field', at, `unknown field ${field} of tasks.${ot.task}; write tasks.${ot.task}.results.<key>`);
      case 'results':
        return ANY;
      case 'list':
        return this.err('type', at, `${owner} is a list and has no field ${field}; index it (${owner}[0].${field}) or use a predicate (${owner} all (.${field} == ...))`);
      default:
        return this.err('type', at, `${owner} is ${article(typeName(ot))} and has no field ${field}`);
    }
  }

  private parallel(object: Node, at: number): void {
    if (this.scope.parallelRepeat && object.type === 'name' && object.name === 'responses') {
      this.diagnostics.push(diag('parallel_index', at, 'responses[N] indexes a parallel repeat; a parallel repeat has no order: use count, all, any, none or where'));
    }
  }

  private index(n: Extract<Node, { type: 'index' }>): Type {
    const ot = this.visit(n.object, true);
    this.parallel(n.object, n.span.start);
    const it = this.visit(n.index, false);
    switch (ot.t) {
      case 'any':
        return ANY;
      case 'list':
      case 'str':
        if (it.t !== 'num' && it.t !== 'any') return this.err('type', n.index.span.start, `an index of ${article(typeName(ot))} must be a number, found ${article(typeName(it))}`);
        return ot.t === 'list' ? ot.of : STR;
      case 'headers':
      case 'dict':
      case 'record':
      case 'tasks':
      case 'task':
      case 'results':
        if (it.t !== 'str' && it.t !== 'any') return this.err('type', n.index.span.start, `a key of ${typeName(ot)} must be a string, found ${article(typeName(it))}`);
        if (n.index.type === 'str') return this.field(ot, n.index.value, n.index.span.start, n.object);
        return ot.t === 'headers' ? STR : ot.t === 'dict' ? ot.of : ANY;
      default:
        return this.err('type', n.span.start, `cannot index ${article(typeName(ot))}`);
    }
  }

  private call(n: Extract<Node, { type: 'call' }>): Type {
    const b = BUILTINS[n.fn];
    if (!b) {
      const close = suggest(n.fn, Object.keys(BUILTINS));
      for (const a of n.args) this.visit(a, false);
      return this.err('unknown_name', n.fnSpan.start, close ? `unknown function ${n.fn} (did you mean ${close}?)` : `unknown function ${n.fn}; the functions are ${Object.keys(BUILTINS).join(', ')}`);
    }
    const min = b.name === 'count' ? 1 : b.params.length;
    if (n.args.length < min || n.args.length > b.params.length) {
      const want = min === b.params.length ? `${min}` : `${min} or ${b.params.length}`;
      return this.err('type', n.fnSpan.start, `${b.name}() takes ${want} argument${b.params.length === 1 ? '' : 's'}, found ${n.args.length}`);
    }
    const types: Type[] = [];
    n.args.forEach((a, i) => {
      const kind = b.params[i]!;
      const t = kind === 'closure' ? this.within(elementOf(types[0] ?? ANY), a) : this.visit(a, false);
      types.push(t);
      if (!accepts(kind, t)) this.err('type', a.span.start, `argument ${i + 1} of ${b.name}() must be ${PARAM_NOUN[kind]}, found ${article(typeName(t))}`);
    });
    return b.result(types);
  }

  private binary(n: Extract<Node, { type: 'binary' }>): Type {
    // `headers.content-type` reads as `headers.content - type`: say how to write it instead of "unknown name type".
    if (n.op === '-' && n.left.type === 'member' && n.right.type === 'name' && !(n.right.name in this.scope.names) && n.right.name !== 'it') {
      const base = staticPath(n.left.object);
      if (base !== undefined && this.type(n.left.object).t === 'headers') {
        const name = `${n.left.field}-${n.right.name}`.toLowerCase();
        return this.err('unknown_name', n.left.fieldSpan.start, `a header name with - is written with brackets: ${base}[${JSON.stringify(name)}]`);
      }
    }
    const l = this.visit(n.left, false);
    const r = this.visit(n.right, false);
    const known = l.t !== 'any' && r.t !== 'any';
    const bad = (why = '') => this.err('type', n.opSpan.start, `invalid operation: ${typeName(l)} ${n.op} ${typeName(r)}${why}`);
    const kinds = (a: string, b: string) => (l.t === a && r.t === b) || (l.t === b && r.t === a);
    switch (n.op) {
      case '==':
      case '!=':
        if (!comparable(l, r)) return bad(`; both sides must have the same type`);
        return BOOL;
      case '<':
      case '<=':
      case '>':
      case '>=':
        if (known && !(l.t === r.t && ['num', 'str', 'dur'].includes(l.t)) && !kinds('dur', 'num')) return bad(`; < and > compare numbers, strings or durations`);
        return BOOL;
      case 'and':
      case 'or':
        for (const [t, side] of [[l, n.left], [r, n.right]] as const)
          if (t.t !== 'bool' && t.t !== 'any') this.err('type', side.span.start, `${n.op} needs booleans, found ${article(typeName(t))}`);
        return BOOL;
      case '+':
        if (!known) return l.t === 'any' ? r : l;
        if (l.t === r.t && ['num', 'str', 'dur', 'list'].includes(l.t)) return l;
        if (kinds('dur', 'num')) return ANY; // run-time error with the spec's message
        return bad();
      case '-':
        if (!known) return l.t === 'str' || r.t === 'str' ? bad() : l.t === 'any' ? r : l;
        if (l.t === r.t && (l.t === 'num' || l.t === 'dur')) return l;
        if (kinds('dur', 'num')) return ANY;
        return bad();
      case '*':
        if (!known) return l.t === 'dur' || r.t === 'dur' ? DUR : l.t === 'any' ? r : l;
        if (l.t === 'num' && r.t === 'num') return NUM;
        if (kinds('dur', 'num')) return DUR;
        return bad();
      case '/':
        if (!known) return l.t === 'dur' && r.t !== 'dur' ? ANY : l.t === 'any' ? ANY : l;
        if (l.t === 'num' && r.t === 'num') return NUM;
        if (l.t === 'dur' && r.t === 'num') return DUR;
        if (l.t === 'dur' && r.t === 'dur') return NUM;
        return bad();
      case '%':
        if (known && !(l.t === 'num' && r.t === 'num')) return bad('; % needs two integers');
        return NUM;
      case 'in':
        if (r.t !== 'any' && !['list', 'dict', 'headers', 'str', 'record'].includes(r.t)) return bad('; the right of in must be a list, a map, headers or a string');
        return BOOL;
      case 'contains':
        if (l.t !== 'any' && !['list', 'str', 'dict', 'headers'].includes(l.t)) return bad('; contains needs a string or a list on its left');
        return BOOL;
      case 'startsWith':
      case 'endsWith':
      case 'matches':
        for (const [t, side] of [[l, n.left], [r, n.right]] as const)
          if (t.t !== 'str' && t.t !== 'any') this.err('type', side.span.start, `${n.op} needs strings, found ${article(typeName(t))}`);
        if (n.op === 'matches' && n.right.type === 'str') {
          try {
            new RegExp(n.right.value, 'u');
          } catch (e) {
            this.err('syntax', n.right.span.start, `invalid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`);
          }
        }
        return BOOL;
    }
  }
}

const PARAM_NOUN: Record<ParamKind, string> = {
  collection: 'a list',
  sized: 'a list, a string or a map',
  string: 'a string',
  number: 'a number',
  any: 'a value',
  closure: 'an expression over it',
};

function accepts(kind: ParamKind, t: Type): boolean {
  if (t.t === 'any') return true;
  switch (kind) {
    case 'collection':
      return t.t === 'list';
    case 'sized':
      return ['list', 'str', 'dict', 'headers'].includes(t.t);
    case 'string':
      return t.t === 'str';
    case 'number':
      return t.t === 'num';
    default:
      return true;
  }
}
