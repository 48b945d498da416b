/**
 * Derived expression forms, rewritten into core forms through `core()` identifiers (so a
 * program that shadows `if` or `list` cannot break them): cond, case, when, unless, do,
 * quasiquote, delay, delay-force, let-values, let*-values.
 */
import { NIL, Pair, SVector, UNSPECIFIED, type Value } from '../values.js';
import { SPECIAL_FORMS, listItems, syntaxError } from './compiler.js';
import { core, form, formTail, fresh } from './core-scope.js';
import { args } from './special-forms.js';
import { condExpand } from './definitions.js';
import { isId, isKeyword, type Id, type Scope } from './scope.js';
import type { Compiler } from './compiler.js';
import type { Node } from '../machine/node.js';

type Rewrite = (x: Pair, scope: Scope) => Value;
const rewrite = (name: string, fn: Rewrite): void => {
  SPECIAL_FORMS.set(name, (c: Compiler, x: Pair, scope: Scope, n: string | null): Node => c.compile(fn(x, scope), scope, n));
};
const unspecified = (at: Value): Value => form(at, core('quote'), UNSPECIFIED);
const begin = (at: Value, body: Value): Value => (body === NIL ? unspecified(at) : formTail(at, [core('begin')], body));

rewrite('cond', (x, scope) => {
  const clauses = args(x, 0);
  let out: Value = unspecified(x);
  for (let i = clauses.length - 1; i >= 0; i--) {
    const cl = clauses[i]!;
    if (!(cl instanceof Pair)) throw syntaxError('cond: each clause is (test expression…)', x);
    if (isKeyword(cl.car, 'else', scope)) {
      if (i !== clauses.length - 1) throw syntaxError('cond: else must be the last clause', x);
      out = begin(x, cl.cdr);
    } else if (cl.cdr instanceof Pair && isKeyword(cl.cdr.car, '=>', scope)) {
      const rest = listItems(cl.cdr.cdr, 'cond =>', x);
      if (rest.length !== 1) throw syntaxError('cond: => takes one procedure', x);
      const t = fresh('t');
      out = form(x, core('let'), form(x, form(x, t, cl.car)), form(x, core('if'), t, form(x, rest[0]!, t), out));
    } else if (cl.cdr === NIL) {
      out = form(x, core('or'), cl.car, out);
    } else {
      out = form(x, core('if'), cl.car, begin(x, cl.cdr), out);
    }
  }
  return out;
});

rewrite('case', (x, scope) => {
  const [key, ...clauses] = args(x, 1);
  const k = fresh('key');
  const body = (cl: Pair): Value => {
    if (cl.cdr instanceof Pair && isKeyword(cl.cdr.car, '=>', scope)) {
      const rest = listItems(cl.cdr.cdr, 'case =>', x);
      if (rest.length !== 1) throw syntaxError('case: => takes exactly one expression', x);
      return form(x, rest[0]!, k);
    }
    return begin(x, cl.cdr);
  };
  let out: Value = unspecified(x);
  for (let i = clauses.length - 1; i >= 0; i--) {
    const cl = clauses[i]!;
    if (!(cl instanceof Pair)) throw syntaxError('case: each clause is ((datum…) expression…)', x);
    if (isKeyword(cl.car, 'else', scope)) {
      if (i !== clauses.length - 1) throw syntaxError('case: else must be the last clause', x);
      out = body(cl);
    } else {
      listItems(cl.car, 'case: a clause\'s data', x);
      out = form(x, core('if'), form(x, core('%memv'), k, form(x, core('quote'), cl.car)), body(cl), out);
    }
  }
  return form(x, core('let'), form(x, form(x, k, key!)), out);
});

rewrite('when', (x) => {
  const [test] = args(x, 1);
  return form(x, core('if'), test!, begin(x, (x.cdr as Pair).cdr));
});

rewrite('unless', (x) => {
  const [test] = args(x, 1);
  return form(x, core('if'), test!, unspecified(x), begin(x, (x.cdr as Pair).cdr));
});

/** (do ((var init step)…) (test result…) command…) → a named-let loop. */
rewrite('do', (x) => {
  const [specs, exit] = args(x, 2);
  const loop = fresh('do-loop');
  const vars = listItems(specs!, 'do', x).map((s) => {
    const p = listItems(s, 'do', x);
    if (p.length < 2 || p.length > 3 || !isId(p[0]!)) throw syntaxError('do: each variable is (name init [step])', x);
    return { id: p[0] as Id, init: p[1]!, step: p.length === 3 ? p[2]! : p[0]! };
  });
  const exitParts = listItems(exit!, 'do', x);
  if (exitParts.length === 0) throw syntaxError('do: expected (test result…)', x);
  const commands = ((x.cdr as Pair).cdr as Pair).cdr;
  const again = formTail(x, [loop, ...vars.map((v) => v.step)], NIL);
  const result = begin(x, (exit as Pair).cdr);
  const bodyForms = formTail(x, [core('begin')], formTail(x, listItems(commands, 'do', x), form(x, again)));
  const inits = form(x, ...vars.map((v) => form(x, v.id, v.init)));
  return form(x, core('let'), loop, inits, form(x, core('if'), exitParts[0]!, result, bodyForms));
});

rewrite('delay', (x) => {
  const [e] = args(x, 1, 1);
  return form(x, core('%make-lazy-promise'), form(x, core('lambda'), NIL, form(x, core('%make-promise'), e!)));
});

rewrite('delay-force', (x) => {
  const [e] = args(x, 1, 1);
  return form(x, core('%make-lazy-promise'), form(x, core('lambda'), NIL, e!));
});
SPECIAL_FORMS.set('make-promise-lazy', SPECIAL_FORMS.get('delay-force')!);

/** Quasiquote at nesting `depth` (R7RS 4.2.8), as list/append/cons calls. */
function qq(t: Value, depth: number, scope: Scope, at: Pair): Value {
  const quote = (v: Value): Value => form(at, core('quote'), v);
  if (t instanceof SVector) {
    return form(at, core('%list->vector'), qq(listFrom(t.items), depth, scope, at));
  }
  if (!(t instanceof Pair)) return quote(t);
  for (const k of ['unquote', 'unquote-splicing', 'quasiquote']) {
    if (isKeyword(t.car, k, scope) && !(t.cdr instanceof Pair && t.cdr.cdr === NIL)) throw syntaxError(`${k}: expected exactly one expression`, at);
  }
  if (isKeyword(t.car, 'unquote', scope) && t.cdr instanceof Pair) {
    if (depth === 1) return t.cdr.car;
    return form(at, core('%list'), quote(t.car), qq(t.cdr.car, depth - 1, scope, at));
  }
  if (isKeyword(t.car, 'quasiquote', scope) && t.cdr instanceof Pair) {
    return form(at, core('%list'), quote(t.car), qq(t.cdr.car, depth + 1, scope, at));
  }
  // Walk the spine: runs of plain elements become (%list …), splices go to %append.
  const parts: Value[] = [];
  let run: Value[] = [];
  let cur: Value = t;
  const flush = (): void => {
    if (run.length > 0) parts.push(formTail(at, [core('%list'), ...run], NIL));
    run = [];
  };
  const spine = new Set<Pair>();
  while (cur instanceof Pair) {
    if (spine.has(cur)) throw syntaxError('quasiquote: circular list', at);
    spine.add(cur);
    if (isKeyword(cur.car, 'unquote', scope) || isKeyword(cur.car, 'quasiquote', scope)) break;
    const e = cur.car;
    if (e instanceof Pair && isKeyword(e.car, 'unquote-splicing', scope) && e.cdr instanceof Pair) {
      if (depth === 1) {
        flush();
        parts.push(e.cdr.car);
      } else {
        run.push(form(at, core('%list'), quote(e.car), qq(e.cdr.car, depth - 1, scope, at)));
      }
    } else {
      run.push(qq(e, depth, scope, at));
    }
    cur = cur.cdr;
  }
  const endsWithSplice = run.length === 0 && parts.length > 0;
  flush();
  const tail = cur === NIL ? null : qq(cur, depth, scope, at);
  if (tail !== null) parts.push(tail);
  // A final ,@ is append's last argument, so `(1 ,@'(2 . 3)) is (1 2 . 3) as in other Schemes.
  else if (!endsWithSplice) parts.push(quote(NIL));
  return formTail(at, [core('%append')], formTail(at, parts, NIL));
}

function listFrom(items: readonly Value[]): Value {
  let l: Value = NIL;
  for (let i = items.length - 1; i >= 0; i--) l = new Pair(items[i]!, l);
  return l;
}

rewrite('cond-expand', (x) => formTail(x, [core('begin')], formTail(x, condExpand(x), NIL)));

rewrite('quasiquote', (x, scope) => qq(args(x, 1, 1)[0]!, 1, scope, x));

/**
 * (let-values (((a b) e1) ((c . d) e2)) body…): each expression's values go to fresh
 * temporaries, then a `let` binds the real names (so inits do not see each other).
 */
function letValues(x: Pair, sequential: boolean): Value {
  const [spec] = args(x, 2);
  const binds = listItems(spec!, 'let-values', x).map((b) => {
    const p = listItems(b, 'let-values', x);
    if (p.length !== 2) throw syntaxError('let-values: each binding is (formals expression)', x);
    return { formals: p[0]!, init: p[1]! };
  });
  const body = (x.cdr as Pair).cdr;
  const finalBinds: Value[] = [];
  const build = (i: number): Value => {
    if (i === binds.length) return formTail(x, [core('let'), formTail(x, finalBinds, NIL)], body);
    const { formals, init } = binds[i]!;
    let f = formals;
    const temps: Value[] = [];
    let restTemp: Value = NIL;
    while (f instanceof Pair) {
      const t = sequential ? f.car : fresh('lv');
      if (!sequential) finalBinds.push(form(x, f.car, t));
      temps.push(t);
      f = f.cdr;
    }
    if (f !== NIL) {
      restTemp = sequential ? f : fresh('lv');
      if (!sequential) finalBinds.push(form(x, f, restTemp));
    }
    const inner = build(i + 1);
    return form(x, core('%call-with-values'), form(x, core('lambda'), NIL, init), form(x, core('lambda'), formTail(x, temps, restTemp), inner));
  };
  return build(0);
}
rewrite('let-values', (x) => letValues(x, false));
rewrite('let*-values', (x) => letValues(x, true));
