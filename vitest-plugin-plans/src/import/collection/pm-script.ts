/**
 * Postman test scripts → plan assertions and results. Only shapes with one
 * exact meaning in the assertion language are translated (docs/assertions.md:
 * `status == 200`, `"x" in headers`, `body.a.b == 1`, `exists body.id`);
 * every other statement comes back with its line so the importer lists it
 * under `not translated:`. A check that is half understood is worse than a
 * check listed as missing: the user trusts the plan that says it checks.
 */
import { STATUS_CODES } from 'node:http';
import { readScript, type JsNode, type JsStatement } from './js-lite.js';

/** How a script's variable reads resolve (`pm.environment.get("x")`). */
export interface ScriptScope {
  /** The expression for a Postman variable at this point of the collection. */
  variable(name: string): string;
}

/** A test script, translated. */
export interface ScriptTranslation {
  assertions: string[];
  /** `pm.environment.set(name, value)`: the Postman name and the result expression. */
  results: Array<{ name: string; expr: string }>;
  untranslated: Array<{ line: number; text: string }>;
}

/** A translated operand: the expression, and what it reads (a response-time operand compares with `ms` literals). */
interface Operand {
  expr: string;
  time?: boolean;
  /** A plain path (`body.a[0]`): `exists` and field reads apply. */
  path?: boolean;
}

const CHAI_WORDS = new Set(['to', 'be', 'been', 'is', 'that', 'which', 'and', 'has', 'have', 'with', 'at', 'of', 'same', 'but', 'does', 'still', 'also', 'deep']);
const SETTERS = new Set(['pm.environment.set', 'pm.collectionVariables.set', 'pm.globals.set', 'pm.variables.set', 'postman.setEnvironmentVariable', 'postman.setGlobalVariable']);
const GETTERS = new Set(['pm.environment.get', 'pm.collectionVariables.get', 'pm.globals.get', 'pm.variables.get', 'pm.iterationData.get', 'postman.getEnvironmentVariable', 'postman.getGlobalVariable']);
const COMPARE: Record<string, string> = { eql: '==', eqls: '==', equal: '==', equals: '==', eq: '==', above: '>', gt: '>', greaterThan: '>', below: '<', lt: '<', lessThan: '<', least: '>=', gte: '>=', greaterThanOrEqual: '>=', most: '<=', lte: '<=', lessThanOrEqual: '<=' };
const JS_OPS: Record<string, string> = { '===': '==', '==': '==', '!==': '!=', '!=': '!=', '<': '<', '>': '>', '<=': '<=', '>=': '>=' };
/** chai-postman's status classes (`pm.response.to.be.ok`). */
const STATUS_CLASS: Record<string, string> = {
  ok: 'status == 200', created: 'status == 201', accepted: 'status == 202', noContent: 'status == 204', badRequest: 'status == 400', unauthorized: 'status == 401',
  unauthorised: 'status == 401', forbidden: 'status == 403', notFound: 'status == 404', notAcceptable: 'status == 406', rateLimited: 'status == 429',
  info: 'status >= 100 and status < 200', success: 'status >= 200 and status < 300', redirection: 'status >= 300 and status < 400',
  clientError: 'status >= 400 and status < 500', serverError: 'status >= 500 and status < 600', error: 'status >= 400',
  json: 'headers["content-type"] contains "json"', withBody: 'body != nil and body != ""',
};

/** Translates one test script (its exec lines). */
export function translateTestScript(lines: string[], scope: ScriptScope): ScriptTranslation {
  const out: ScriptTranslation = { assertions: [], results: [], untranslated: [] };
  new Translator(scope, out).statements(readScript(lines));
  return out;
}

/** The statements of a script nothing translates (a pre-request script), console output left out. */
export function scriptStatements(lines: string[]): Array<{ line: number; text: string }> {
  return readScript(lines).filter((s) => !isConsole(s.expr)).map((s) => ({ line: s.line, text: oneLine(s.text) }));
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 119)}…` : t;
}

/** `a.b.c` of a member chain of identifiers, else undefined. */
function dotted(n: JsNode): string | undefined {
  let tail = '';
  for (; n.k === 'member'; n = n.obj) tail = `.${n.name}${tail}`;
  return n.k === 'id' ? n.name + tail : undefined;
}

function isConsole(n: JsNode | undefined): boolean {
  return n?.k === 'call' && (dotted(n.callee) ?? '').startsWith('console.');
}

/** A field read: `.name` for identifiers, `["x-y"]` otherwise. */
function field(base: string, name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${base}.${name}` : `${base}[${JSON.stringify(name)}]`;
}

/** A chain `a.b(x).c` flattened: the root and each step with its call arguments. */
function flatten(n: JsNode): { root: JsNode; steps: Array<{ name: string; args?: JsNode[] }> } {
  const steps: Array<{ name: string; args?: JsNode[] }> = [];
  for (;;) {
    if (n.k === 'call' && n.callee.k === 'member') { steps.unshift({ name: n.callee.name, args: n.args }); n = n.callee.obj; }
    else if (n.k === 'member') { steps.unshift({ name: n.name }); n = n.obj; }
    else return { root: n, steps };
  }
}

class Translator {
  private readonly aliases = new Map<string, Operand>();
  constructor(private readonly scope: ScriptScope, private readonly out: ScriptTranslation) {}

  statements(list: JsStatement[]): void {
    for (const s of list) if (!this.statement(s)) this.out.untranslated.push({ line: s.line, text: oneLine(s.text) });
  }

  /** True when the statement was translated (or has no effect worth keeping). */
  private statement(s: JsStatement): boolean {
    if (s.decl) {
      const op = s.decl.init && this.operand(s.decl.init);
      if (!op) return false;
      this.aliases.set(s.decl.name, op);
      return true;
    }
    const e = s.expr;
    if (!e) return false;
    if (isConsole(e)) return true;
    if (e.k === 'call' && dotted(e.callee) === 'pm.test.skip') return true;
    if (e.k === 'call' && dotted(e.callee) === 'pm.test') {
      const fn = e.args[1];
      if (fn?.k !== 'fn') return false;
      this.statements(fn.body);
      return true;
    }
    if (e.k === 'call' && SETTERS.has(dotted(e.callee) ?? '')) {
      const [name, value] = e.args;
      const v = value && this.value(value);
      if (name?.k !== 'str' || v === undefined) return false;
      this.out.results.push({ name: name.value, expr: v });
      return true;
    }
    if (e.k === 'assign' && e.target.k === 'index' && e.target.obj.k === 'id' && e.target.obj.name === 'tests') {
      return this.push(this.boolean(e.value));
    }
    return this.push(this.expectation(e));
  }

  private push(assertion: string | undefined): boolean {
    if (assertion === undefined) return false;
    this.out.assertions.push(assertion);
    return true;
  }

  /** `pm.expect(x).to…` or `pm.response.to…` as one assertion. */
  private expectation(e: JsNode): string | undefined {
    const { root, steps } = flatten(e);
    if (root.k !== 'id' || root.name !== 'pm' || steps.length < 2) return undefined;
    const [head, ...rest] = steps;
    const words = rest.filter((w) => !CHAI_WORDS.has(w.name) || w.args);
    const negated = words.filter((w) => w.name === 'not').length % 2 === 1;
    const terms = words.filter((w) => w.name !== 'not');
    if (terms.length !== 1) return undefined;
    const term = terms[0]!;
    if (head!.name === 'expect' && head!.args?.length) {
      const subject = head!.args[0]!;
      const op = this.operand(subject);
      if (term.name === 'true' && !term.args && !op && subject.k === 'bin') return this.negate(this.boolean(subject), negated);
      return op && this.expectTerm(op, term.name, term.args, negated);
    }
    if (head!.name === 'response' && !head!.args && rest[0]?.name === 'to') return this.responseTerm(term.name, term.args, negated);
    return undefined;
  }

  private negate(a: string | undefined, negated: boolean): string | undefined {
    return a === undefined || !negated ? a : `not (${a})`;
  }

  private expectTerm(s: Operand, name: string, args: JsNode[] | undefined, neg: boolean): string | undefined {
    const arg = (i: number) => (args?.[i] ? this.value(args[i]!, s.time) : undefined);
    if (Object.hasOwn(COMPARE, name) && args?.length === 1) {
      const v = arg(0);
      if (v === undefined) return undefined;
      const op = COMPARE[name]!;
      return op === '==' ? `${s.expr} ${neg ? '!=' : '=='} ${v}` : this.negate(`${s.expr} ${op} ${v}`, neg);
    }
    if (name === 'within' && args?.length === 2) {
      const [a, b] = [arg(0), arg(1)];
      return a && b ? this.negate(`${s.expr} >= ${a} and ${s.expr} <= ${b}`, neg) : undefined;
    }
    if (name === 'oneOf' && args?.[0]?.k === 'arr') { const v = arg(0); return v && this.negate(`${s.expr} in ${v}`, neg); }
    if (['include', 'includes', 'contain', 'contains'].includes(name) && args?.length === 1) { const v = arg(0); return v && this.negate(`${s.expr} contains ${v}`, neg); }
    if (name === 'match' && args?.[0]?.k === 're' && args[0].flags === '') {
      const src = args[0].source;
      return this.negate(`${s.expr} matches ${src.includes('`') ? JSON.stringify(src) : `\`${src}\``}`, neg);
    }
    if ((name === 'lengthOf' || name === 'length') && args?.length === 1) { const v = arg(0); return v && this.negate(`len(${s.expr}) == ${v}`, neg); }
    if (name === 'property' && s.path && args?.[0]?.k === 'str') {
      const p = field(s.expr, args[0].value);
      if (args.length === 1) return `${neg ? 'missing' : 'exists'} ${p}`;
      const v = arg(1);
      return v && `${p} ${neg ? '!=' : '=='} ${v}`;
    }
    if (args) return undefined;
    if (name === 'true' || name === 'false') return `${s.expr} ${neg ? '!=' : '=='} ${name}`;
    if (name === 'null') return `${s.expr} ${neg ? '!=' : '=='} nil`;
    if (name === 'empty') return this.negate(`len(${s.expr}) == 0`, neg);
    if (s.path && (name === 'exist' || name === 'undefined')) return `${(name === 'exist') !== neg ? 'exists' : 'missing'} ${s.expr}`;
    return undefined;
  }

  private responseTerm(name: string, args: JsNode[] | undefined, neg: boolean): string | undefined {
    const [a, b] = args ?? [];
    if (name === 'status' && args?.length === 1) {
      let code = a!.k === 'num' && /^\d{3}$/.test(a!.text) ? a!.text : undefined;
      if (a!.k === 'str') code = Object.entries(STATUS_CODES).find(([, text]) => text?.toLowerCase() === a!.value.toLowerCase())?.[0];
      return code && `status ${neg ? '!=' : '=='} ${code}`;
    }
    if (name === 'header' && a?.k === 'str') {
      const h = a.value.toLowerCase();
      if (!b) return neg ? `not (${JSON.stringify(h)} in headers)` : `${JSON.stringify(h)} in headers`;
      const v = this.value(b);
      return v && `headers[${JSON.stringify(h)}] ${neg ? '!=' : '=='} ${v}`;
    }
    if (name === 'body' && args?.length === 1) { const v = this.value(a!); return v && `body ${neg ? '!=' : '=='} ${v}`; }
    if (name === 'jsonBody' && a?.k === 'str') {
      const p = a.value.split('.').reduce((acc, seg) => field(acc, seg), 'body');
      if (/[[\]]/.test(a.value)) return undefined;
      if (!b) return `${neg ? 'missing' : 'exists'} ${p}`;
      const v = this.value(b);
      return v && `${p} ${neg ? '!=' : '=='} ${v}`;
    }
    if (name === 'jsonBody' && !a) return this.negate(STATUS_CLASS.json, neg);
    if (args) return undefined;
    return Object.hasOwn(STATUS_CLASS, name) ? this.negate(STATUS_CLASS[name], neg) : undefined;
  }

  /** A JS comparison (`responseCode.code === 200`) as an assertion. */
  private boolean(n: JsNode): string | undefined {
    if (n.k === 'bin' && (n.op === '&&' || n.op === '||')) {
      const [l, r] = [this.boolean(n.left), this.boolean(n.right)];
      return l && r ? `(${l}) ${n.op === '&&' ? 'and' : 'or'} (${r})` : undefined;
    }
    if (n.k !== 'bin' || !Object.hasOwn(JS_OPS, n.op)) return undefined;
    const lo = this.operand(n.left);
    const ro = this.operand(n.right);
    const l = lo?.expr ?? this.value(n.left, ro?.time);
    const r = ro?.expr ?? this.value(n.right, lo?.time);
    return l && r ? `${l} ${JS_OPS[n.op]} ${r}` : undefined;
  }

  /** What a response-reading expression reads, as a plan path. */
  private operand(n: JsNode): Operand | undefined {
    if (n.k === 'id') return this.aliases.get(n.name) ?? (n.name === 'responseTime' ? { expr: 'duration.total', time: true } : undefined);
    const d = dotted(n);
    if (d === 'pm.response.code' || d === 'responseCode.code') return { expr: 'status' };
    if (d === 'pm.response.responseTime') return { expr: 'duration.total', time: true };
    if (n.k === 'call') {
      const callee = dotted(n.callee);
      const a = n.args[0];
      if (callee === 'pm.response.json' && n.args.length === 0) return { expr: 'body', path: true };
      if (callee === 'JSON.parse' && a && (dotted(a) === 'responseBody' || (a.k === 'call' && dotted(a.callee) === 'pm.response.text'))) return { expr: 'body', path: true };
      if ((callee === 'pm.response.headers.get' || callee === 'postman.getResponseHeader') && a?.k === 'str') return { expr: `headers[${JSON.stringify(a.value.toLowerCase())}]` };
      if (GETTERS.has(callee ?? '') && a?.k === 'str') return { expr: this.scope.variable(a.value) };
      return undefined;
    }
    if (n.k === 'member' || n.k === 'index') {
      const base = this.operand(n.obj);
      if (!base?.path) return undefined;
      if (n.k === 'member') return n.name === 'length' ? { expr: `len(${base.expr})` } : { expr: field(base.expr, n.name), path: true };
      if (n.index.k === 'num' && /^\d+$/.test(n.index.text)) return { expr: `${base.expr}[${n.index.text}]`, path: true };
      if (n.index.k === 'str') return { expr: field(base.expr, n.index.value), path: true };
    }
    return undefined;
  }

  /** A value: a literal (as an assertion-language literal) or an operand. `time`: numbers are milliseconds. */
  private value(n: JsNode, time = false): string | undefined {
    switch (n.k) {
      case 'num': return /^(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/.test(n.text) ? `${n.text}${time ? 'ms' : ''}` : undefined;
      case 'str': return time ? undefined : JSON.stringify(n.value);
      case 'unary': { const v = n.op === '-' && n.arg.k === 'num' ? this.value(n.arg, time) : undefined; return v && `-${v}`; }
      case 'arr': { const items = n.items.map((i) => this.value(i, time)); return items.every((i) => i !== undefined) ? `[${items.join(', ')}]` : undefined; }
      case 'bin': {
        if (n.op !== '+') return undefined;
        const [l, r] = [this.value(n.left), this.value(n.right)];
        return l && r ? `${l} + ${r}` : undefined;
      }
      case 'id':
        if (n.name === 'true' || n.name === 'false') return n.name;
        if (n.name === 'null' || n.name === 'undefined') return 'nil';
    }
    return this.operand(n)?.expr;
  }
}
