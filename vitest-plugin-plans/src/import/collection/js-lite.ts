/**
 * Reads Postman scripts far enough to recognise the handful of shapes the
 * importer translates (`pm.test(…, function () { pm.expect(…).to.eql(…) })`,
 * `var jsonData = pm.response.json()`, `pm.environment.set(…)`). It is not
 * a JavaScript parser: a statement it cannot read is kept whole as opaque,
 * with its line and text, so the importer can list it as not translated.
 * That is the point of writing it here rather than pulling in a real parser:
 * anything outside the shapes is reported, never guessed at.
 */
import { tokenize, type Token } from './js-tokens.js';

/** An expression node: only what the recognised shapes need. */
export type JsNode =
  | { k: 'id'; name: string }
  | { k: 'num'; text: string }
  | { k: 'str'; value: string }
  | { k: 're'; source: string; flags: string }
  | { k: 'arr'; items: JsNode[] }
  | { k: 'opaque'; text: string }
  | { k: 'member'; obj: JsNode; name: string }
  | { k: 'index'; obj: JsNode; index: JsNode }
  | { k: 'call'; callee: JsNode; args: JsNode[] }
  | { k: 'fn'; body: JsStatement[] }
  | { k: 'bin'; op: string; left: JsNode; right: JsNode }
  | { k: 'unary'; op: string; arg: JsNode }
  | { k: 'assign'; target: JsNode; value: JsNode };

/** A statement: a declaration, an expression, or text the reader does not follow. */
export interface JsStatement {
  line: number;
  text: string;
  decl?: { name: string; init?: JsNode };
  expr?: JsNode;
}

const PRECEDENCE = new Map<string, number>([['||', 1], ['&&', 2], ['==', 3], ['===', 3], ['!=', 3], ['!==', 3], ['<', 4], ['>', 4], ['<=', 4], ['>=', 4], ['+', 5], ['-', 5]]);
const BLOCK_WORDS = new Set(['if', 'for', 'while', 'do', 'try', 'switch', 'return', 'throw', 'function', 'class', 'else', 'break', 'continue', 'async', 'await']);

/**
 * The statements of a script, in order. A script that does not even
 * tokenize (an unterminated string) comes back as one opaque statement.
 */
export function readScript(lines: string[]): JsStatement[] {
  const src = lines.join('\n');
  // Collection and folder scripts are read once per request under them, and tests are often pasted alike.
  const cached = CACHE.get(src);
  if (cached) return cached;
  if (CACHE.size > 1000) CACHE.clear();
  const read = readUncached(src);
  CACHE.set(src, read);
  return read;
}

/** Read statements by script text (they are never changed once read). */
const CACHE = new Map<string, JsStatement[]>();

function readUncached(src: string): JsStatement[] {
  let tokens: Token[];
  try {
    tokens = tokenize(src);
  } catch {
    return src.trim() === '' ? [] : [{ line: 1, text: src }];
  }
  const r = new Reader(src, tokens);
  const out: JsStatement[] = [];
  while (r.peek().t !== 'eof') out.push(r.statement());
  return out;
}

class Fail extends Error {}

/** Recursive descent over the tokens; `statement()` never throws. */
class Reader {
  private pos = 0;
  constructor(private readonly src: string, private readonly toks: Token[]) {}

  peek(n = 0): Token { return this.toks[Math.min(this.pos + n, this.toks.length - 1)]!; }
  private next(): Token { return this.toks[Math.min(this.pos++, this.toks.length - 1)]!; }
  private is(v: string, n = 0): boolean { const t = this.peek(n); return (t.t === 'p' || t.t === 'id') && t.v === v; }
  private eat(v: string): Token { if (!this.is(v)) throw new Fail(); return this.next(); }

  statement(): JsStatement {
    const start = this.pos;
    const first = this.peek();
    try {
      if (first.t === 'id' && BLOCK_WORDS.has(first.v)) throw new Fail();
      let st: Omit<JsStatement, 'line' | 'text'>;
      if (first.t === 'id' && (first.v === 'var' || first.v === 'let' || first.v === 'const')) {
        this.next();
        const name = this.next();
        if (name.t !== 'id') throw new Fail();
        const init = this.is('=') ? (this.next(), this.expr()) : undefined;
        st = { decl: { name: name.v, init } };
      } else {
        st = { expr: this.expr() };
      }
      this.endOfStatement();
      return { line: first.line, text: this.textFrom(start), ...st };
    } catch (e) {
      if (!(e instanceof Fail)) throw e;
      this.pos = start;
      this.skipStatement();
      return { line: first.line, text: this.textFrom(start) };
    }
  }

  private textFrom(start: number): string {
    const last = this.toks[Math.max(start, this.pos - 1)]!;
    return this.src.slice(this.toks[start]!.start, Math.max(last.end, this.toks[start]!.end));
  }

  private endOfStatement(): void {
    if (this.is(';')) { this.next(); return; }
    const t = this.peek();
    if (t.t === 'eof' || t.nl || this.is('}')) return;
    throw new Fail();
  }

  /** Skips one statement the reader does not follow: to a `;` or line end at depth 0, past whole blocks. */
  private skipStatement(): void {
    let depth = 0;
    const startPos = this.pos;
    while (this.peek().t !== 'eof') {
      const t = this.peek();
      if (depth === 0 && this.pos > startPos && t.nl && !this.continues()) return;
      if (depth === 0 && this.is('}')) { if (this.pos === startPos) this.next(); return; }
      this.next();
      if (t.t === 'p' && '([{'.includes(t.v)) depth++;
      if (t.t === 'p' && ')]}'.includes(t.v)) depth = Math.max(0, depth - 1);
      if (depth === 0 && t.t === 'p' && t.v === ';') return;
    }
  }

  /** After a line break at depth 0: does the statement go on? */
  private continues(): boolean {
    const prev = this.toks[this.pos - 1]!;
    const t = this.peek();
    if (prev.t === 'p' && !')]}'.includes(prev.v)) return true;
    if (t.t === 'p' && ['.', '?.', ')', ']', '&&', '||', '+', '-', '*', '/', '==', '===', '!=', '!==', '<', '>', '<=', '>=', '?', ':', '=>', ','].includes(t.v)) return true;
    return t.t === 'id' && ['else', 'catch', 'finally'].includes(t.v);
  }

  private expr(): JsNode {
    const left = this.binary(1);
    if (this.is('=')) { this.next(); return { k: 'assign', target: left, value: this.expr() }; }
    return left;
  }

  /** Precedence climbing over the binary operators the shapes use (loosest first). */
  private binary(min: number): JsNode {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      const prec = t.t === 'p' ? PRECEDENCE.get(t.v) : undefined;
      if (prec === undefined || prec < min) return left;
      this.next();
      left = { k: 'bin', op: t.v, left, right: this.binary(prec + 1) };
    }
  }

  private unary(): JsNode {
    if (this.is('!') || this.is('-')) { const op = this.next().v; return { k: 'unary', op, arg: this.unary() }; }
    return this.postfix(this.primary());
  }

  private postfix(node: JsNode): JsNode {
    for (;;) {
      if (this.is('.')) { this.next(); const n = this.next(); if (n.t !== 'id') throw new Fail(); node = { k: 'member', obj: node, name: n.v }; }
      else if (this.is('[') && !this.peek().nl) { this.next(); const index = this.expr(); this.eat(']'); node = { k: 'index', obj: node, index }; }
      else if (this.is('(') && !this.peek().nl) { node = { k: 'call', callee: node, args: this.list('(', ')') }; }
      else return node;
    }
  }

  private list(open: string, close: string): JsNode[] {
    this.eat(open);
    const items: JsNode[] = [];
    while (!this.is(close)) {
      items.push(this.expr());
      if (!this.is(close)) this.eat(',');
    }
    this.next();
    return items;
  }

  private primary(): JsNode {
    const t = this.peek();
    if (t.t === 'id' && t.v === 'function') {
      this.next();
      if (this.peek().t === 'id') this.next();
      this.params();
      return { k: 'fn', body: this.block() };
    }
    if (t.t === 'id' && this.is('=>', 1)) { this.next(); this.next(); return this.arrowBody(); }
    if (this.is('(') && this.arrowAhead()) { this.params(); this.eat('=>'); return this.arrowBody(); }
    this.next();
    switch (t.t) {
      case 'id': return { k: 'id', name: t.v };
      case 'num': return { k: 'num', text: t.v };
      case 'str': return { k: 'str', value: t.v };
      case 'tpl': return { k: 'opaque', text: this.src.slice(t.start, t.end) };
      case 're': { const i = t.v.lastIndexOf('/'); return { k: 're', source: t.v.slice(1, i), flags: t.v.slice(i + 1) }; }
      case 'p':
        if (t.v === '(') { const e = this.expr(); this.eat(')'); return e; }
        if (t.v === '[') { this.pos--; return { k: 'arr', items: this.list('[', ']') }; }
        if (t.v === '{') { this.pos--; const s = this.pos; this.skipBalanced(); return { k: 'opaque', text: this.textFrom(s) }; }
    }
    throw new Fail();
  }

  private arrowAhead(): boolean {
    let depth = 0;
    for (let n = 0; ; n++) {
      const t = this.peek(n);
      if (t.t === 'eof') return false;
      if (t.t === 'p' && t.v === '(') depth++;
      if (t.t === 'p' && t.v === ')' && --depth === 0) return this.is('=>', n + 1);
    }
  }

  private params(): void { this.eat('('); while (!this.is(')')) { if (this.peek().t === 'eof') throw new Fail(); this.next(); } this.next(); }

  private arrowBody(): JsNode {
    if (this.is('{')) return { k: 'fn', body: this.block() };
    const t = this.peek();
    const s = this.pos;
    const e = this.expr();
    return { k: 'fn', body: [{ line: t.line, text: this.textFrom(s), expr: e }] };
  }

  private block(): JsStatement[] {
    this.eat('{');
    const out: JsStatement[] = [];
    while (!this.is('}')) {
      if (this.peek().t === 'eof') throw new Fail();
      out.push(this.statement());
    }
    this.next();
    return out;
  }

  private skipBalanced(): void {
    let depth = 0;
    do {
      const t = this.next();
      if (t.t === 'eof') throw new Fail();
      if (t.t === 'p' && '([{'.includes(t.v)) depth++;
      if (t.t === 'p' && ')]}'.includes(t.v)) depth--;
    } while (depth > 0);
  }
}
