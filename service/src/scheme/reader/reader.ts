/**
 * The reader: source text → data, each pair stamped with its 1-based line/col.
 *
 * The first pair of a list carries the position of its opening parenthesis (that is the
 * expression's position, which errors report); later pairs carry their element's position.
 * Nesting is capped at MAX_NESTING so that reading, expanding and compiling (all recursive
 * over the datum) can never exhaust the host stack.
 */
import { SchemeError } from '../errors.js';
import { explainBadNumber, parseNumber } from '../numbers/index.js';
import {
  Bytevector, Char, EOF, MString, NIL, Pair, SVector, Sym, sym,
  type Eof, type Value,
} from '../values.js';
import { CHAR_NAMES, Lexer, codePointText } from './lexer.js';

/** Deepest nesting of lists/vectors/quotes accepted in source. */
export const MAX_NESTING = 1000;

const CLOSE = Symbol('close');
const DOT = Symbol('dot');
const DATUM_COMMENT = Symbol('datum-comment');
type Item = Value | typeof CLOSE | typeof DOT | typeof DATUM_COMMENT;

const QUOTE = sym('quote');
const QUASIQUOTE = sym('quasiquote');
const UNQUOTE = sym('unquote');
const UNQUOTE_SPLICING = sym('unquote-splicing');

/** Placeholder for `#n=` while its datum is being read. */
class LabelRef {
  value: Value | null = null;
  constructor(readonly n: number) {}
}

/** A reader over one text: `next()` gives each datum in turn. */
export class DatumReader {
  private readonly lx: Lexer;
  private depth = 0;
  private labels = new Map<number, LabelRef>();
  private usedLabels = false;
  /** Parenthesised forms read so far: every `(`, `[`, `#(` and `#u8(` (see docs/interpreter.md). */
  compound = 0;
  /** Whether `#!fold-case` is in effect: identifiers are read in lower case. */
  private foldCase = false;
  /** Line/col where the last datum returned by `next()` started. */
  startLine = 1;
  startCol = 1;

  constructor(text: string, start = 0) {
    this.lx = new Lexer(text);
    if (start > 0) while (this.lx.pos < start) this.lx.advance();
  }

  /** Offset in the text just after the last datum read. */
  get offset(): number {
    return this.lx.pos;
  }

  /** The next datum, or EOF at the end of the text. Throws SchemeError('syntax_error'). */
  next(): Value | Eof {
    for (;;) {
      this.lx.skipAtmosphere();
      if (this.lx.peek() === -1) return EOF;
      this.startLine = this.lx.line;
      this.startCol = this.lx.col;
      this.labels = new Map();
      this.usedLabels = false;
      const item = this.item();
      if (item === DATUM_COMMENT) continue;
      if (item === CLOSE) throw this.lx.error('unexpected )', this.startLine, this.startCol);
      if (item === DOT) throw this.lx.error('unexpected . outside a list', this.startLine, this.startCol);
      return this.usedLabels ? patchLabels(item) : item;
    }
  }

  /** One datum inside a list/vector/quote: skips datum comments, rejects EOF. */
  private datum(context: string): Item {
    for (;;) {
      this.lx.skipAtmosphere();
      if (this.lx.peek() === -1) throw this.lx.error(`end of source inside ${context}`);
      const item = this.item();
      if (item !== DATUM_COMMENT) return item;
    }
  }

  private item(): Item {
    const lx = this.lx;
    const line = lx.line;
    const col = lx.col;
    const c = lx.peek();
    switch (c) {
      case 40: case 91: // ( [
        lx.advance();
        return this.list(c === 40 ? 41 : 93, line, col);
      case 41: case 93:
        lx.advance();
        return CLOSE;
      case 39: lx.advance(); return this.abbrev(QUOTE, line, col);
      case 96: lx.advance(); return this.abbrev(QUASIQUOTE, line, col);
      case 44:
        lx.advance();
        if (lx.peek() === 64) {
          lx.advance();
          return this.abbrev(UNQUOTE_SPLICING, line, col);
        }
        return this.abbrev(UNQUOTE, line, col);
      case 34:
        lx.advance();
        return new MString(lx.escaped(34, 'string', line, col), false);
      case 124:
        lx.advance();
        return Sym.intern(lx.escaped(124, '|symbol|', line, col));
      case 35:
        return this.hash(line, col);
      default: {
        const tok = lx.token();
        if (tok === '.') return DOT;
        return atom(this.foldCase ? tok.toLowerCase() : tok, lx, line, col);
      }
    }
  }

  private enter(line: number, col: number): void {
    if (++this.depth > MAX_NESTING) {
      throw new SchemeError('too_complex', `nesting deeper than ${MAX_NESTING} levels`, line, col);
    }
  }

  private list(close: number, line: number, col: number): Value {
    this.compound++;
    this.enter(line, col);
    const head = new Pair(NIL, NIL);
    let tail = head;
    for (;;) {
      this.lx.skipAtmosphere();
      const eLine = this.lx.line;
      const eCol = this.lx.col;
      if (this.lx.peek() === -1) throw this.lx.error('missing ) to close this list', line, col);
      const item = this.item();
      if (item === DATUM_COMMENT) continue;
      if (item === CLOSE) {
        if (this.lx.text.charCodeAt(this.lx.pos - 1) !== close) {
          throw this.lx.error(`mismatched bracket: expected ${String.fromCharCode(close)}`, eLine, eCol);
        }
        break;
      }
      if (item === DOT) {
        if (tail === head) throw this.lx.error('unexpected . at the start of a list', eLine, eCol);
        const rest = this.datum('a dotted list');
        if (rest === CLOSE || rest === DOT) throw this.lx.error('expected a datum after .', eLine, eCol);
        tail.cdr = rest;
        const end = this.datum('a dotted list');
        if (end !== CLOSE) throw this.lx.error('expected ) after the datum following .', eLine, eCol);
        break;
      }
      const p = new Pair(item, NIL);
      p.line = eLine;
      p.col = eCol;
      tail.cdr = p;
      tail = p;
    }
    this.depth--;
    const first = head.cdr;
    if (first instanceof Pair) {
      first.line = line;
      first.col = col;
    }
    return first;
  }

  private abbrev(name: Sym, line: number, col: number): Value {
    this.enter(line, col);
    const d = this.datum(`${name.name} form`);
    if (d === CLOSE || d === DOT) throw this.lx.error(`expected a datum after ${name.name}`, line, col);
    this.depth--;
    const inner = new Pair(d, NIL);
    const outer = new Pair(name, inner);
    outer.line = line;
    outer.col = col;
    inner.line = line;
    inner.col = col + 1;
    return outer;
  }

  private hash(line: number, col: number): Item {
    const lx = this.lx;
    const t = lx.text;
    const n = t.charCodeAt(lx.pos + 1);
    if (n === 40) { // #(
      lx.advance();
      lx.advance();
      this.compound++;
      const items = this.sequence('vector', line, col);
      return new SVector(items, false);
    }
    if (n === 59) { // #;
      lx.advance();
      lx.advance();
      this.datum('a #; datum comment');
      return DATUM_COMMENT;
    }
    if (n === 92) { // #\
      lx.advance();
      lx.advance();
      return this.char(line, col);
    }
    if (n === 33) { // #!fold-case, #!no-fold-case (R7RS 2.1); other directives are ignored.
      const directive = lx.token();
      if (directive === '#!fold-case') this.foldCase = true;
      else if (directive === '#!no-fold-case') this.foldCase = false;
      return DATUM_COMMENT;
    }
    if (t.startsWith('#u8(', lx.pos)) {
      for (let i = 0; i < 4; i++) lx.advance();
      this.compound++;
      const items = this.sequence('bytevector', line, col);
      const bytes = new Uint8Array(items.length);
      items.forEach((b, i) => {
        if (typeof b !== 'number' || !Number.isInteger(b) || b < 0 || b > 255) {
          throw lx.error('a bytevector holds exact integers 0..255', line, col);
        }
        bytes[i] = b;
      });
      return new Bytevector(bytes, false);
    }
    if (n >= 48 && n <= 57) return this.label(line, col);
    const tok = lx.token();
    switch (tok.toLowerCase()) {
      case '#t': case '#true': return true;
      case '#f': case '#false': return false;
    }
    const num = parseAt(tok, line, col);
    if (num !== null) return num;
    throw lx.error(explainBadNumber(tok) ?? `bad syntax ${JSON.stringify(tok)}`, line, col);
  }

  private sequence(what: string, line: number, col: number): Value[] {
    this.enter(line, col);
    const items: Value[] = [];
    for (;;) {
      const d = this.datum(`a ${what}`);
      if (d === CLOSE) break;
      if (d === DOT) throw this.lx.error(`unexpected . in a ${what}`, line, col);
      items.push(d);
    }
    this.depth--;
    return items;
  }

  private char(line: number, col: number): Value {
    const lx = this.lx;
    // The first character is taken even if it is a delimiter: #\( #\space #\).
    const first = lx.text.codePointAt(lx.pos);
    if (first === undefined) throw lx.error('end of source after #\\', line, col);
    lx.advance();
    if (first > 0xffff) lx.advance();
    const rest = lx.token();
    if (rest === '') return Char.of(first);
    const name = String.fromCodePoint(first) + rest;
    const code = CHAR_NAMES.get(name) ?? CHAR_NAMES.get(name.toLowerCase());
    if (code !== undefined) return Char.of(code);
    if ((first === 120 || first === 88) && /^[0-9a-fA-F]+$/.test(rest)) {
      return Char.of(codePointText(parseInt(rest, 16), lx, line, col).codePointAt(0)!);
    }
    throw lx.error(`unknown character name #\\${name}`, line, col);
  }

  private label(line: number, col: number): Item {
    const lx = this.lx;
    lx.advance();
    let digits = '';
    while (lx.peek() >= 48 && lx.peek() <= 57) digits += String.fromCharCode(lx.advance());
    const n = Number(digits);
    const mark = lx.peek();
    if (mark === 35) { // #n#
      lx.advance();
      const ref = this.labels.get(n);
      if (ref === undefined) throw lx.error(`undefined datum label #${n}#`, line, col);
      this.usedLabels = true;
      return ref.value ?? (ref as unknown as Value);
    }
    if (mark === 61) { // #n=
      lx.advance();
      const ref = new LabelRef(n);
      this.labels.set(n, ref);
      const d = this.datum('a datum label');
      if (d === CLOSE || d === DOT) throw lx.error(`expected a datum after #${n}=`, line, col);
      ref.value = d;
      return d;
    }
    throw lx.error(`bad datum label syntax #${digits}`, line, col);
  }
}

/** parseNumber, with the token's position on any error it raises (integer_too_large). */
function parseAt(tok: string, line: number, col: number): Value | null {
  try {
    return parseNumber(tok);
  } catch (e) {
    if (e instanceof SchemeError && e.line === null) {
      throw new SchemeError(e.type, e.message.replace(/^string->number:/, 'number literal:'), line, col);
    }
    throw e;
  }
}

function atom(tok: string, lx: Lexer, line: number, col: number): Value {
  const c = tok.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
    const num = parseAt(tok, line, col);
    if (num !== null) return num;
  }
  if (tok.includes('|') || tok.includes('#') && c === 35) throw lx.error(`bad token ${tok}`, line, col);
  return Sym.intern(tok);
}

/** Replace `#n#` placeholders by the datum they name (cycles become real cycles). */
function patchLabels(root: Value): Value {
  const seen = new Set<Value>();
  const fix = (v: Value): Value => (v instanceof LabelRef ? v.value! : v);
  const stack: Value[] = [root];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    if (v instanceof Pair) {
      v.car = fix(v.car);
      v.cdr = fix(v.cdr);
      stack.push(v.car, v.cdr);
    } else if (v instanceof SVector) {
      for (let i = 0; i < v.items.length; i++) {
        v.items[i] = fix(v.items[i]!);
        stack.push(v.items[i]!);
      }
    }
  }
  return fix(root);
}
