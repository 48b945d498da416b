/**
 * Evaluates a checked expression tree against run-time values, recording
 * every path read, every computed sub-expression's value (computed.ts) and
 * the explain lines of a failure.
 */
import { staticPath, type Node } from './ast.js';
import { elementFactLines, elementFacts, isComputed, noteComputed, printComputed, relativeToElement, type Computed, type ElementFacts } from './computed.js';
import { applyBuiltin, responseParts, stringWord } from './eval-builtins.js';
import { MAX_BREAKING, anyLine, breakingLines, formatValue, notJsonLine } from './explain.js';
import type { CompiledMatcher, MatchContext, Secret } from './matchers/types.js';
import { stepInto, type Ref } from './eval-paths.js';
import { EvalError, NaSignal, approx, arithmetic, equality, length, member, order, valuesEqual } from './ops.js';
import { Rational } from './rational.js';
import { NIL, bool, kindName, list, num, str, type Value } from './values.js';
import { BUILTINS } from './builtins.js';

/** Values of the names in scope for one evaluation, built by the engine (see `runtime.ts`). */
export interface RuntimeScope {
  readonly names: Readonly<Record<string, Value>>;
  /**
   * Set when the body was not decoded as JSON, with its Content-Type, for the
   * explain line. `malformed` is set when a JSON body did not parse: it is the
   * detail line of every assertion that reads `body`, and such an assertion fails.
   */
  readonly bodyNotJson?: { readonly contentType: string | undefined; readonly malformed?: string };
}

/** Options of one evaluation. */
export interface EvalOptions {
  /** `--update-snapshots`: snapshot matchers return what to write and fail. */
  readonly updateSnapshots?: boolean;
  /** Secrets known to the scrubber (a snapshot holding one is not written). */
  readonly secrets?: readonly Secret[];
}

/** A path an expression read, with its value. */
export interface Read {
  /** As `optional:` names it: `body.order.id`, `headers["retry-after"]`, `body.items[*].qty`. */
  readonly path: string;
  /** Printed value (`"abc"`, `HTTP 200`, `n/a` …). */
  readonly value: string;
  readonly raw: Value;
  /** The path was absent (missing key, index past the end). */
  readonly absent: boolean;
  /** Inside a predicate: the element's index. */
  readonly element?: number;
  /** Exempt from `--strict-paths` (`exists X`, a read through `?.`). */
  readonly exempt?: boolean;
}

/** The outcome of one evaluation (spec: a per-assertion outcome is failed, n/a or error). */
export interface EvalResult {
  readonly outcome: 'held' | 'failed' | 'n/a' | 'error';
  /** The value (for result and template expressions; the boolean for assertions). */
  readonly value?: Value;
  readonly error?: string;
  /** Paths read outside predicates, first read first. */
  readonly reads: readonly Read[];
  /**
   * Values of the computed sub-expressions evaluated outside predicates
   * (`len(body.items)`, `len(body.items) + 1`), inner before outer; the
   * whole expression is not among them (its value is the outcome).
   */
  readonly computed: readonly Computed[];
  /** Paths read inside predicates, per element (for `--strict-paths`). */
  readonly elementReads: readonly Read[];
  /** Explain lines: breaking elements, matcher failures, notes. */
  readonly detail: readonly string[];
  /** `--update-snapshots`: files to write (relative to the plan). */
  readonly snapshotWrites: readonly { readonly path: string; readonly text: string }[];
}

interface ItFrame {
  value: Value;
  path: string | undefined;
  index: number;
  /** Where this element's computed values and reads go: set for the elements of a top-level `all`/`none`, else dropped. */
  facts: ElementFacts | null;
}

/** Evaluates a checked tree. Never throws for faults of the input: they become the `error` outcome. */
export function evaluateTree(
  ast: Node,
  role: 'assert' | 'result' | 'guard' | 'template',
  rt: RuntimeScope,
  matchers: ReadonlyMap<Node, CompiledMatcher>,
  opts: EvalOptions = {},
  source = '',
): EvalResult {
  const ev = new Evaluator(rt, matchers, opts, ast, source);
  const base = () => ({ reads: [...ev.reads.values()], computed: printComputed(ev.computed), elementReads: ev.elementReads, detail: ev.detail, snapshotWrites: ev.writes });
  try {
    const value = ev.eval(ast);
    if (role === 'assert' || role === 'guard') {
      if (value.k !== 'bool') return { outcome: 'error', error: `the assertion evaluated to ${kindName(value)}, not a boolean`, value, ...base() };
      return { outcome: value.v ? 'held' : 'failed', value, ...base() };
    }
    return { outcome: 'held', value, ...base() };
  } catch (e) {
    if (e instanceof NaSignal) return { outcome: 'n/a', ...base() };
    // `failed`, not `error`: the expression is sound and the server's answer is
    // at fault, as with any other unmet check; and a failure carries detail
    // lines, which is where the parser's reason and position belong. Stopping
    // at the first read of `body` also keeps a stand-in value from producing a
    // misleading hold (`body.a == nil`) or a type error.
    if (e instanceof MalformedBodySignal) {
      if (role !== 'assert' && role !== 'guard') return { outcome: 'error', error: e.message, ...base() };
      ev.detail.push(e.message);
      return { outcome: 'failed', ...base() };
    }
    if (e instanceof EvalError) {
      if (e.hint) ev.detail.push(e.hint);
      return { outcome: 'error', error: e.message, ...base() };
    }
    if (e instanceof RangeError || e instanceof SyntaxError) return { outcome: 'error', error: e.message, ...base() };
    throw e;
  }
}

/** Root of the element paths of a collection that is not itself a path (never a strict-paths root). */
const UNNAMED = '(element)';

/** Thrown at the first read of `body` when a JSON body did not parse. */
class MalformedBodySignal extends Error {}

class Evaluator {
  readonly reads = new Map<string, Read>();
  readonly computed = new Map<string, Value>();
  readonly elementReads: Read[] = [];
  readonly detail: string[] = [];
  readonly writes: { path: string; text: string }[] = [];
  private readonly its: ItFrame[] = [];
  private readonly regexes = new Map<string, RegExp>();
  private notedNotJson = false;

  constructor(
    private readonly rt: RuntimeScope,
    private readonly matchers: ReadonlyMap<Node, CompiledMatcher>,
    private readonly opts: EvalOptions,
    private readonly root: Node,
    /** The expression text the spans point into: computed values are labelled with it. */
    private readonly source: string,
  ) {}

  private record(r: Ref, exempt = false): void {
    if (r.path === undefined) return;
    const frame = this.its[this.its.length - 1];
    const inPredicate = r.path.includes('[*]') && frame !== undefined;
    const read: Read = {
      path: r.path,
      value: r.absent ? '(absent)' : formatValue(r.value),
      raw: r.value,
      absent: r.absent,
      ...(inPredicate ? { element: frame.index } : {}),
      ...(exempt || r.optional ? { exempt: true } : {}),
    };
    if (inPredicate) {
      this.elementReads.push(read);
      const rel = relativeToElement(r.path, frame.path);
      if (frame.facts && rel !== undefined && !frame.facts.reads.has(rel)) frame.facts.reads.set(rel, read.value);
    } else {
      // First read wins, except that a checked read replaces an exempt one (`exists x and x == 1`).
      const prev = this.reads.get(r.path);
      if (!prev || (prev.exempt && !read.exempt)) this.reads.set(r.path, read);
    }
  }

  /** Evaluates a node, noting its value when it is a computed sub-expression (not the whole expression). */
  eval(n: Node): Value {
    const v = this.evalNode(n);
    if (n !== this.root && this.source !== '' && isComputed(n)) {
      const frame = this.its[this.its.length - 1];
      const into = frame ? frame.facts?.computed : this.computed;
      if (into) noteComputed(into, this.source.slice(n.span.start, n.span.end), v);
    }
    return v;
  }

  private evalNode(n: Node): Value {
    switch (n.type) {
      case 'num':
        return { k: 'num', v: n.value, text: n.text };
      case 'dur':
        return { k: 'dur', ns: n.ns };
      case 'str':
        return str(n.value);
      case 'bool':
        return bool(n.value);
      case 'nil':
        return NIL;
      case 'list':
        return list(n.items.map((x) => this.eval(x)));
      case 'name':
      case 'member':
      case 'index':
      case 'slice': {
        const r = this.ref(n);
        this.record(r);
        return r.value;
      }
      case 'unary': {
        const v = this.eval(n.operand);
        if (n.op === 'not') return bool(!this.truth(v, 'not'));
        if (v.k === 'na') throw new NaSignal('n/a');
        if (v.k === 'num') return num(v.v.neg());
        if (v.k === 'dur') return { k: 'dur', ns: v.ns.neg() };
        throw new EvalError(`invalid operation: -${kindName(v)}`);
      }
      case 'binary':
        return this.binary(n);
      case 'cond':
        return this.truth(this.eval(n.test), '? :') ? this.eval(n.then) : this.eval(n.else);
      case 'presence': {
        const r = this.ref(n.operand);
        this.record(r, !n.missing);
        return bool(n.missing ? r.absent : !r.absent);
      }
      case 'approx':
        return approx(this.eval(n.left), this.eval(n.target), this.eval(n.tolerance));
      case 'countIs': {
        const c = this.eval(n.collection);
        const want = this.eval(n.count);
        if (want.k !== 'num') throw new EvalError(`count needs a number on its right, found ${kindName(want)}`);
        const got = length(c);
        const ok = want.v.equals(Rational.of(BigInt(got)));
        if (!ok && this.its.length === 0) this.detail.push(`count: found ${got}, want ${formatValue(want)}`);
        return bool(ok);
      }
      case 'where': {
        const c = this.collection(n.collection, 'where');
        const kept = c.items.filter((x, i) => this.predicate(n.predicate, x, c.path, i, 'where'));
        return list(kept, c.tag);
      }
      case 'quant':
        return this.quant(n);
      case 'call':
        return this.call(n);
      case 'matcher':
        return this.matcher(n);
    }
  }

  private truth(v: Value, op: string): boolean {
    if (v.k === 'na') throw new NaSignal('n/a');
    if (v.k !== 'bool') throw new EvalError(`${op} needs a boolean, found ${kindName(v)} ${formatValue(v)}`);
    return v.v;
  }

  /** Walks a path segment by segment; a missing key or an index past the end is absent (spec 6). */
  private ref(n: Node): Ref {
    switch (n.type) {
      case 'name': {
        if (n.name === 'it') {
          const f = this.its[this.its.length - 1];
          if (!f) throw new EvalError('`it` outside a predicate');
          return { value: f.value, path: f.path, absent: false, optional: false };
        }
        const v = this.rt.names[n.name];
        if (n.name === 'body' && this.rt.bodyNotJson?.malformed !== undefined) {
          this.record({ value: v ?? NIL, path: n.name, absent: v === undefined, optional: false });
          throw new MalformedBodySignal(this.rt.bodyNotJson.malformed);
        }
        return { value: v ?? NIL, path: n.name, absent: v === undefined, optional: false };
      }
      case 'member':
        return this.step(this.ref(n.object), n.field, n.optional);
      case 'index': {
        const o = this.ref(n.object);
        const i = this.eval(n.index);
        if (i.k === 'num' || i.k === 'str') return this.step(o, i.k === 'str' ? i.v : i.v, n.optional);
        throw new EvalError(`an index is a number or a string, found ${kindName(i)}`);
      }
      case 'slice': {
        const o = this.ref(n.object);
        const from = n.from ? this.int(this.eval(n.from)) : undefined;
        const to = n.to ? this.int(this.eval(n.to)) : undefined;
        const path = o.path === undefined ? undefined : `${o.path}[${from ?? ''}:${to ?? ''}]`;
        const v = o.value;
        if (v.k === 'list') return { value: list(v.items.slice(from, to), v.tag), path, absent: o.absent, optional: o.optional };
        if (v.k === 'str') return { value: str(v.v.slice(from, to)), path, absent: o.absent, optional: o.optional };
        if (v.k === 'nil') return { value: NIL, path, absent: true, optional: o.optional };
        throw new EvalError(`cannot slice ${kindName(v)}`);
      }
      default:
        return { value: this.eval(n), path: undefined, absent: false, optional: false };
    }
  }

  private int(v: Value): number {
    if (v.k !== 'num' || !v.v.isInteger()) throw new EvalError(`an index must be an integer, found ${formatValue(v)}`);
    return Number(v.v.num);
  }

  private step(o: Ref, key: string | Rational, optional: boolean): Ref {
    // A field read on a body that is not JSON explains itself once (notJsonLine).
    return stepInto(o, key, optional, this.rt.bodyNotJson ? () => this.noteNotJson() : undefined);
  }

  private noteNotJson(): void {
    if (this.notedNotJson) return;
    this.notedNotJson = true;
    this.detail.push(notJsonLine(this.rt.bodyNotJson?.contentType));
  }

  private collection(n: Node, word: string): { items: readonly Value[]; path: string | undefined; tag?: 'responses' | 'rows' | 'messages' | 'redirects' } {
    const v = this.eval(n);
    const path = staticPathOfEval(n, this.its);
    if (v.k === 'list') return { items: v.items, path, ...(v.tag ? { tag: v.tag } : {}) };
    if (v.k === 'nil') return { items: [], path };
    throw new EvalError(`${word} needs a list, found ${kindName(v)} ${formatValue(v)}`);
  }

  private predicate(p: Node, value: Value, path: string | undefined, index: number, word: string, facts: ElementFacts | null = null): boolean {
    // An element of a collection that is not a path (`x where (p) all (q)`) still gets a path, so
    // its element lines can show `.field = …`; the pseudo root is not one --strict-paths checks.
    const base = path ?? (facts ? UNNAMED : undefined);
    this.its.push({ value, path: base === undefined ? undefined : `${base}[*]`, index, facts });
    try {
      const v = this.eval(p);
      if (word === 'map') throw new Error('unreachable');
      if (v.k === 'na') throw new NaSignal('n/a');
      if (v.k !== 'bool') throw new EvalError(`the predicate of ${word} evaluated to ${kindName(v)} for element ${index}, not a boolean`);
      return v.v;
    } finally {
      this.its.pop();
    }
  }

  private quant(n: Extract<Node, { type: 'quant' }>): Value {
    const c = this.collection(n.collection, n.q);
    const nested = this.its.length > 0;
    // Only a top-level all/none lists its breaking elements, so only there is what each element computed kept.
    const explain = !nested && n.q !== 'any';
    const breaking: { index: number; value: Value; lines: string[] }[] = [];
    let hits = 0;
    c.items.forEach((x, i) => {
      // Elements past the five listed are only counted: their values are not kept.
      const facts = explain && breaking.length < MAX_BREAKING ? elementFacts() : null;
      const held = this.predicate(n.predicate, x, c.path, i, n.q, facts);
      if (held) hits++;
      if (explain && held === (n.q === 'none')) breaking.push({ index: i, value: x, lines: facts ? elementFactLines(facts) : [] });
    });
    if (n.q === 'any') {
      if (hits === 0 && !nested) this.detail.push(anyLine(c.path, c.items.length));
      return bool(hits > 0);
    }
    if (nested) return bool(n.q === 'all' ? hits === c.items.length : hits === 0);
    if (breaking.length > 0) this.detail.push(...breakingLines(n.q, c.path, c.items.length, breaking));
    return bool(breaking.length === 0);
  }

  private binary(n: Extract<Node, { type: 'binary' }>): Value {
    if (n.op === 'and' || n.op === 'or') {
      const l = this.truth(this.eval(n.left), n.op);
      if (n.op === 'and' ? !l : l) return bool(l);
      return bool(this.truth(this.eval(n.right), n.op));
    }
    const a = this.eval(n.left);
    const b = this.eval(n.right);
    const neg = (v: boolean) => bool(n.negated ? !v : v);
    switch (n.op) {
      case '==':
      case '!=':
        return equality(n.op, a, b);
      case '<':
      case '<=':
      case '>':
      case '>=':
        return order(n.op, a, b);
      case '+':
      case '-':
      case '*':
      case '/':
      case '%':
        return arithmetic(n.op, a, b);
      case 'in':
        return neg(member('in', a, b));
      case 'contains':
        return neg(member('contains', b, a));
      case 'startsWith':
      case 'endsWith':
      case 'matches':
        return neg(stringWord(n.op, a, b, n.negated ?? false, this.regexes));
    }
  }

  private call(n: Extract<Node, { type: 'call' }>): Value {
    const b = BUILTINS[n.fn];
    if (!b) throw new EvalError(`unknown function ${n.fn}`);
    if (b.closure !== undefined) {
      const c = this.collection(n.args[0]!, n.fn);
      const body = n.args[1];
      if (n.fn === 'count' && !body) return num(c.items.length);
      if (n.fn === 'map') {
        return list(c.items.map((x, i) => {
          this.its.push({ value: x, path: c.path === undefined ? undefined : `${c.path}[*]`, index: i, facts: null });
          try {
            return this.eval(body!);
          } finally {
            this.its.pop();
          }
        }));
      }
      const keep = c.items.map((x, i) => this.predicate(body!, x, c.path, i, n.fn));
      if (n.fn === 'count') return num(keep.filter(Boolean).length);
      return list(c.items.filter((_, i) => keep[i]), c.tag);
    }
    return applyBuiltin(n.fn, n.args.map((a) => this.eval(a)));
  }

  private matcher(n: Extract<Node, { type: 'matcher' }>): Value {
    const m = this.matchers.get(n);
    if (!m) throw new EvalError(`${n.kind} ${n.file} was not compiled at load`);
    const ctx: MatchContext = {
      updateSnapshots: this.opts.updateSnapshots ?? false,
      secrets: this.opts.secrets ?? [],
      ...(n.kind === 'openapi' ? { response: responseParts(this.rt.names) } : {}),
    };
    const subject = n.kind === 'openapi' ? NIL : this.eval(n.subject);
    const r = m.match(subject, ctx);
    this.detail.push(...r.lines);
    if (r.write) this.writes.push(r.write);
    return bool(r.ok);
  }

}

/** The path of a collection node, with `it` replaced by the enclosing element path. */
function staticPathOfEval(n: Node, its: readonly ItFrame[]): string | undefined {
  const p = staticPath(n);
  if (p === undefined) return undefined;
  if (p === 'it' || p.startsWith('it.') || p.startsWith('it[')) {
    const f = its[its.length - 1];
    return f?.path === undefined ? undefined : f.path + p.slice(2);
  }
  return p;
}

export { valuesEqual };
