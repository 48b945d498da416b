/** Pratt parser of the assertion language: tokens to a syntax tree, with the written forms (`count`, `where`, `all`, `matches`…) and their shape messages. */
import type { BinaryOp, MatcherKind, Node, Span } from './ast.js';
import { diag, type Diagnostic } from './diagnostic.js';
import { tokenize, type Token } from './tokenize.js';

/** Binding powers (higher binds tighter). `not` as a word sits below comparisons: `not a == b` is `not (a == b)`. */
const BP = { cond: 1, or: 2, and: 3, not: 4, cmp: 5, add: 6, mul: 7, unary: 8, postfix: 9 } as const;

const CMP_OPS: Record<string, BinaryOp> = { '==': '==', '!=': '!=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const WORD_OPS = new Set(['in', 'contains', 'startsWith', 'endsWith', 'matches']);
const CMP_WORDS = new Set([...WORD_OPS, 'not', 'count', 'all', 'any', 'none']);

/** Shapes named by malformed-form messages (spec §7 "malformed form"). */
export const SHAPES = {
  count: '`count` needs the shape `X count N`, e.g. `responses count 4`',
  where: '`where` needs the shape `X where (predicate)`, e.g. `responses where (it.status == 429)`',
  all: '`all` needs the shape `X all (predicate)`, e.g. `responses all (it.status == 200)`',
  any: '`any` needs the shape `X any (predicate)`, e.g. `responses any (it.status == 429)`',
  none: '`none` needs the shape `X none (predicate)`, e.g. `responses none (it.status >= 500)`',
  exists: '`exists` needs the shape `exists <path>`, e.g. `exists body.id`',
  missing: '`missing` needs the shape `missing <path>`, e.g. `missing body.error`',
  approx: '`~=` needs the shape `A ~= B ± T` (or `A ~= B +/- T`), e.g. `body.p99 ~= 12.5 ± 0.1`',
  schema: '`matches schema` needs the shape `X matches schema "<file>"` with the file as a string literal',
  openapi: '`matches openapi` needs the shape `response matches openapi "<file>"` with the file as a string literal',
  snapshot: '`matches snapshot` needs the shape `X matches snapshot "<file>"` with the file as a string literal',
  ignoring: '`ignoring` needs the shape `ignoring ["<path>", ...]` with string literal paths',
} as const;

class ParseFault extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/** Parse result: the tree when the syntax is sound, and every diagnostic found. */
export interface ParseResult {
  readonly ast?: Node;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Parses an expression (Pratt). The written forms of the spec (`X count N`,
 * `X all (p)`, `exists X`, `A ~= B ± T`, `matches schema "f"` …) become their
 * own nodes. Never throws.
 * @example parse('responses where (it.status == 429) count 1').ast?.type // 'countIs'
 */
export function parse(src: string): ParseResult {
  const { tokens, diagnostics } = tokenize(src);
  const p = new Parser(tokens);
  try {
    const ast = p.expr(0);
    const t = p.peek();
    if (t.kind !== 'eof') {
      if (t.text === ')' && t.kind === 'op') p.fail(t.start, 'unbalanced ): no ( opens it');
      p.fail(t.start, `expected an operator or the end of the expression, found ${show(t)}`);
    }
    return { ast, diagnostics };
  } catch (e) {
    if (e instanceof ParseFault) {
      // A tokenizer fault at the same column already explains it (e.g. an unterminated string).
      const dup = diagnostics.some((d) => d.column === e.diagnostic.column);
      return { diagnostics: dup ? diagnostics : [...diagnostics, e.diagnostic].sort((a, b) => a.column - b.column) };
    }
    throw e;
  }
}

function show(t: Token): string {
  if (t.kind === 'eof') return 'the end of the expression';
  if (t.kind === 'str') return `the string ${JSON.stringify(t.text)}`;
  return `\`${t.text}\``;
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.i + ahead, this.tokens.length - 1)]!;
  }
  next(): Token {
    const t = this.peek();
    if (this.i < this.tokens.length - 1) this.i++;
    return t;
  }
  isOp(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t.kind === 'op' && t.text === text;
  }
  isWord(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t.kind === 'ident' && t.text === text;
  }
  fail(offset: number, message: string, type: Diagnostic['type'] = 'syntax'): never {
    throw new ParseFault(diag(type, offset, message));
  }
  expectOp(text: string, message: string): Token {
    if (!this.isOp(text)) this.fail(this.peek().start, message);
    return this.next();
  }

  expr(rbp: number): Node {
    if (++this.depth > 200) this.fail(this.peek().start, 'the expression nests too deeply');
    try {
      let left = this.prefix();
      while (this.lbp(this.peek()) > rbp) left = this.infix(left);
      return left;
    } finally {
      this.depth--;
    }
  }

  private lbp(t: Token): number {
    if (t.kind === 'op') {
      if (t.text === '?') return BP.cond;
      if (t.text === '||') return BP.or;
      if (t.text === '&&') return BP.and;
      if (t.text in CMP_OPS || t.text === '~=') return BP.cmp;
      if (t.text === '+' || t.text === '-') return BP.add;
      if (t.text === '*' || t.text === '/' || t.text === '%') return BP.mul;
      if (t.text === '.' || t.text === '?.' || t.text === '[') return BP.postfix;
      return 0;
    }
    if (t.kind === 'ident') {
      if (t.text === 'or') return BP.or;
      if (t.text === 'and') return BP.and;
      if (CMP_WORDS.has(t.text)) return BP.cmp;
      if (t.text === 'where') return BP.postfix;
    }
    return 0;
  }

  private prefix(): Node {
    const t = this.next();
    const span = (end: number): Span => ({ start: t.start, end });
    switch (t.kind) {
      case 'num':
        return { type: 'num', span: span(t.end), value: t.value!, text: t.text };
      case 'dur':
        return { type: 'dur', span: span(t.end), ns: t.value!, text: t.text };
      case 'str':
        return { type: 'str', span: span(t.end), value: t.text };
      case 'eof':
        return this.fail(t.start, 'expected an expression, found the end of the expression');
      case 'task':
        return this.fail(t.start, `unexpected ${show(t)}`);
      case 'ident':
        return this.identPrefix(t);
      case 'op':
        break;
    }
    switch (t.text) {
      case '(': {
        if (this.isOp(')')) this.fail(this.peek().start, 'expected an expression inside ( )');
        const inner = this.expr(0);
        if (!this.isOp(')')) {
          const at = this.peek();
          if (at.kind === 'eof') this.fail(t.start, 'unclosed (: no ) closes it');
          this.fail(at.start, `expected ) to close the ( at column ${t.start + 1}, found ${show(at)}`);
        }
        this.next();
        return inner;
      }
      case '[': {
        const items: Node[] = [];
        while (!this.isOp(']')) {
          if (this.peek().kind === 'eof') this.fail(t.start, 'unclosed [: no ] closes it');
          items.push(this.expr(0));
          if (!this.isOp(',') && !this.isOp(']')) this.fail(this.peek().start, `expected , or ] in the list, found ${show(this.peek())}`);
          if (this.isOp(',')) this.next();
        }
        const end = this.next().end;
        return { type: 'list', span: span(end), items };
      }
      case '-':
      case '!': {
        const operand = this.expr(BP.unary);
        return { type: 'unary', span: span(operand.span.end), op: t.text === '-' ? '-' : 'not', operand };
      }
      case '.': {
        const f = this.peek();
        if (f.kind !== 'ident') this.fail(f.start, `expected a field name after ., found ${show(f)}`);
        this.next();
        const it: Node = { type: 'name', span: { start: t.start, end: t.start }, name: 'it' };
        return { type: 'member', span: span(f.end), object: it, field: f.text, optional: false, fieldSpan: { start: f.start, end: f.end } };
      }
      case ')':
        return this.fail(t.start, 'unbalanced ): no ( opens it');
    }
    return this.fail(t.start, `expected an expression, found ${show(t)}`);
  }

  private identPrefix(t: Token): Node {
    const span = (end: number): Span => ({ start: t.start, end });
    switch (t.text) {
      case 'true':
      case 'false':
        return { type: 'bool', span: span(t.end), value: t.text === 'true' };
      case 'nil':
      case 'null':
        return { type: 'nil', span: span(t.end) };
      case 'not': {
        const operand = this.expr(BP.not);
        return { type: 'unary', span: span(operand.span.end), op: 'not', operand };
      }
      case 'exists':
      case 'missing': {
        const start = this.peek();
        if (start.kind !== 'ident' && !(start.kind === 'op' && start.text === '.')) this.fail(start.start, SHAPES[t.text]);
        const operand = this.expr(BP.unary);
        if (!isPath(operand)) this.fail(operand.span.start, SHAPES[t.text]);
        return { type: 'presence', span: span(operand.span.end), missing: t.text === 'missing', operand };
      }
    }
    if (this.isOp('(')) return this.call(t);
    return { type: 'name', span: span(t.end), name: t.text };
  }

  private call(t: Token): Node {
    const open = this.next();
    const args: Node[] = [];
    while (!this.isOp(')')) {
      if (this.peek().kind === 'eof') this.fail(open.start, 'unclosed (: no ) closes it');
      args.push(this.expr(0));
      if (this.isOp(',')) this.next();
      else if (this.peek().kind === 'eof') this.fail(open.start, 'unclosed (: no ) closes it');
      else if (!this.isOp(')')) this.fail(this.peek().start, `expected , or ) in the arguments of ${t.text}(), found ${show(this.peek())}`);
    }
    const end = this.next().end;
    const span = { start: t.start, end };
    const fnSpan = { start: t.start, end: t.end };
    if ((t.text === 'all' || t.text === 'any' || t.text === 'none') && args.length === 2)
      return { type: 'quant', span, q: t.text, collection: args[0]!, predicate: args[1]! };
    return { type: 'call', span, fn: t.text, fnSpan, args };
  }

  private predicate(word: keyof typeof SHAPES): Node {
    if (!this.isOp('(')) this.fail(this.peek().start, SHAPES[word]);
    const open = this.next();
    if (this.isOp(')')) this.fail(this.peek().start, SHAPES[word]);
    const p = this.expr(0);
    if (!this.isOp(')')) {
      if (this.peek().kind === 'eof') this.fail(open.start, 'unclosed (: no ) closes it');
      this.fail(this.peek().start, `expected ) to close the predicate of \`${word}\`, found ${show(this.peek())}`);
    }
    this.next();
    return p;
  }

  private infix(left: Node): Node {
    const t = this.next();
    const start = left.span.start;
    const bin = (op: BinaryOp, rbp: number, negated = false): Node => {
      const right = this.expr(rbp);
      return { type: 'binary', span: { start, end: right.span.end }, op, left, right, opSpan: { start: t.start, end: t.end }, ...(negated ? { negated } : {}) };
    };
    if (t.kind === 'op') {
      switch (t.text) {
        case '?': {
          const then = this.expr(0);
          this.expectOp(':', `expected : in a ? b : c, found ${show(this.peek())}`);
          const els = this.expr(BP.cond - 1);
          return { type: 'cond', span: { start, end: els.span.end }, test: left, then, else: els };
        }
        case '||':
          return bin('or', BP.or);
        case '&&':
          return bin('and', BP.and);
        case '+':
        case '-':
          return bin(t.text, BP.add);
        case '*':
        case '/':
        case '%':
          return bin(t.text, BP.mul);
        case '~=': {
          if (this.peek().kind === 'eof') this.fail(t.start, SHAPES.approx);
          const target = this.expr(BP.cmp);
          if (!this.isOp('±') && !this.isOp('+/-')) this.fail(this.peek().kind === 'eof' ? t.start : this.peek().start, SHAPES.approx);
          this.next();
          if (this.peek().kind === 'eof') this.fail(t.start, SHAPES.approx);
          const tolerance = this.expr(BP.cmp);
          return { type: 'approx', span: { start, end: tolerance.span.end }, left, target, tolerance };
        }
        case '.':
        case '?.': {
          const f = this.peek();
          if (t.text === '?.' && f.kind === 'op' && f.text === '[') {
            this.next();
            const index = this.expr(0);
            const close = this.expectOp(']', `expected ] after the index, found ${show(this.peek())}`);
            return { type: 'index', span: { start, end: close.end }, object: left, index, optional: true };
          }
          if (f.kind !== 'ident' && f.kind !== 'task') this.fail(f.start, `expected a field name after ${t.text}, found ${show(f)}`);
          this.next();
          return { type: 'member', span: { start, end: f.end }, object: left, field: f.text, optional: t.text === '?.', fieldSpan: { start: f.start, end: f.end } };
        }
        case '[': {
          let from: Node | undefined;
          if (!this.isOp(':')) {
            if (this.isOp(']')) this.fail(this.peek().start, 'expected an index or a slice inside [ ]');
            from = this.expr(0);
          }
          if (this.isOp(':')) {
            this.next();
            const to = this.isOp(']') ? undefined : this.expr(0);
            const close = this.expectOp(']', `expected ] to close the slice, found ${show(this.peek())}`);
            return { type: 'slice', span: { start, end: close.end }, object: left, ...(from ? { from } : {}), ...(to ? { to } : {}) };
          }
          const close = this.expectOp(']', `expected ] after the index, found ${show(this.peek())}`);
          return { type: 'index', span: { start, end: close.end }, object: left, index: from!, optional: false };
        }
      }
      if (t.text in CMP_OPS) return bin(CMP_OPS[t.text]!, BP.cmp);
    }
    switch (t.text) {
      case 'or':
        return bin('or', BP.or);
      case 'and':
        return bin('and', BP.and);
      case 'not': {
        const w = this.peek();
        if (w.kind !== 'ident' || !WORD_OPS.has(w.text)) this.fail(w.start, `expected in, contains, matches, startsWith or endsWith after not, found ${show(w)}`);
        this.next();
        if (w.text === 'matches' && this.isMatcherWord()) this.fail(w.start, 'a matcher cannot be negated; `not matches` takes a regular expression');
        return bin(w.text as BinaryOp, BP.cmp, true);
      }
      case 'matches':
        if (this.isMatcherWord()) return this.matcher(left);
        return bin('matches', BP.cmp);
      case 'in':
      case 'contains':
      case 'startsWith':
      case 'endsWith':
        return bin(t.text, BP.cmp);
      case 'count': {
        const n = this.peek();
        if (n.kind === 'eof' || (n.kind === 'op' && !['(', '-', '['].includes(n.text)) || (n.kind === 'ident' && (CMP_WORDS.has(n.text) || n.text === 'and' || n.text === 'or')))
          this.fail(n.kind === 'eof' ? t.start : n.start, SHAPES.count);
        const count = this.expr(BP.cmp);
        return { type: 'countIs', span: { start, end: count.span.end }, collection: left, count };
      }
      case 'where': {
        const predicate = this.predicate('where');
        return { type: 'where', span: { start, end: this.peek(-1).end }, collection: left, predicate };
      }
      case 'all':
      case 'any':
      case 'none': {
        const predicate = this.predicate(t.text);
        return { type: 'quant', span: { start, end: this.peek(-1).end }, q: t.text, collection: left, predicate };
      }
    }
    return this.fail(t.start, `unexpected ${show(t)}`);
  }

  private isMatcherWord(): boolean {
    const w = this.peek();
    return w.kind === 'ident' && (w.text === 'schema' || w.text === 'openapi' || w.text === 'snapshot');
  }

  private matcher(subject: Node): Node {
    const w = this.next();
    const kind = w.text as MatcherKind;
    const f = this.peek();
    if (f.kind !== 'str') this.fail(f.kind === 'eof' ? w.start : f.start, SHAPES[kind]);
    this.next();
    if (kind === 'openapi' && !(subject.type === 'name' && subject.name === 'response'))
      this.fail(subject.span.start, `the left operand of \`matches openapi\` must be the word response, found \`${'name' in subject ? subject.name : subject.type}\`; ${SHAPES.openapi}`);
    const ignoring: { path: string; span: Span }[] = [];
    let end = f.end;
    if (this.isWord('ignoring')) {
      const ig = this.next();
      if (kind !== 'snapshot') this.fail(ig.start, '`ignoring` goes with `matches snapshot` only');
      if (!this.isOp('[')) this.fail(this.peek().kind === 'eof' ? ig.start : this.peek().start, SHAPES.ignoring);
      this.next();
      while (!this.isOp(']')) {
        const p = this.peek();
        if (p.kind !== 'str') this.fail(p.kind === 'eof' ? ig.start : p.start, SHAPES.ignoring);
        this.next();
        ignoring.push({ path: p.text, span: { start: p.start, end: p.end } });
        if (this.isOp(',')) this.next();
        else if (!this.isOp(']')) this.fail(this.peek().start, SHAPES.ignoring);
      }
      end = this.next().end;
    }
    return { type: 'matcher', span: { start: subject.span.start, end }, kind, subject, file: f.text, fileSpan: { start: f.start, end: f.end }, ignoring };
  }
}

/** True for a chain of fields and indexes from a name (what `exists` walks). */
export function isPath(n: Node): boolean {
  if (n.type === 'name') return true;
  if (n.type === 'member' || n.type === 'index') return isPath(n.object);
  return false;
}
