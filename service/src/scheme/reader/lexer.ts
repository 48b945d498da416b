/**
 * Character-level scanning shared by the reader: delimiters, whitespace and comments, and the
 * atoms that need their own escapes (strings, `|symbols|`, characters). Works on UTF-16 code
 * units but tracks columns in code points, so positions match what an editor shows.
 */
import { SchemeError } from '../errors.js';

/** R7RS character names (7.1.1), plus the common `nul` and `linefeed` aliases. */
export const CHAR_NAMES: ReadonlyMap<string, number> = new Map([
  ['alarm', 7],
  ['backspace', 8],
  ['delete', 0x7f],
  ['escape', 0x1b],
  ['newline', 10],
  ['linefeed', 10],
  ['null', 0],
  ['nul', 0],
  ['return', 13],
  ['space', 32],
  ['tab', 9],
]);

/** Scanning state over one source text. */
export class Lexer {
  pos = 0;
  line = 1;
  col = 1;
  constructor(readonly text: string) {}

  /** A syntax error at the current position (or the given one). */
  error(message: string, line = this.line, col = this.col): SchemeError {
    return new SchemeError('syntax_error', message, line, col);
  }

  peek(): number {
    return this.pos < this.text.length ? this.text.charCodeAt(this.pos) : -1;
  }

  /** Consume one code unit, keeping line/col right (a surrogate pair counts as one column). */
  advance(): number {
    const c = this.text.charCodeAt(this.pos++);
    if (c === 10) {
      this.line++;
      this.col = 1;
    } else if (c < 0xdc00 || c > 0xdfff) {
      this.col++;
    }
    return c;
  }

  /** Skip whitespace, `;` line comments, nested `#| |#` block comments. Not `#;` (the reader does it). */
  skipAtmosphere(): void {
    const t = this.text;
    for (;;) {
      const c = this.peek();
      if (c === -1) return;
      if (isWhitespace(c)) {
        this.advance();
      } else if (c === 59 /* ; */) {
        while (this.pos < t.length && t.charCodeAt(this.pos) !== 10) this.advance();
      } else if (c === 35 /* # */ && t.charCodeAt(this.pos + 1) === 124 /* | */) {
        const line = this.line;
        const col = this.col;
        this.advance();
        this.advance();
        let depth = 1;
        while (depth > 0) {
          if (this.pos >= t.length) throw this.error('unterminated block comment #| … |#', line, col);
          const d = this.advance();
          if (d === 124 && this.peek() === 35) {
            this.advance();
            depth--;
          } else if (d === 35 && this.peek() === 124) {
            this.advance();
            depth++;
          }
        }
      } else {
        return;
      }
    }
  }

  /** Read up to the next delimiter. */
  token(): string {
    const start = this.pos;
    while (this.pos < this.text.length && !isDelimiter(this.text.charCodeAt(this.pos))) this.advance();
    return this.text.slice(start, this.pos);
  }

  /** After the opening quote/bar: the text up to `close`, with R7RS string escapes applied. */
  escaped(close: number, what: string, line: number, col: number): string {
    const t = this.text;
    let out = '';
    for (;;) {
      if (this.pos >= t.length) throw this.error(`unterminated ${what}`, line, col);
      const c = this.advance();
      if (c === close) return out;
      if (c !== 92 /* \ */) {
        out += String.fromCharCode(c);
        continue;
      }
      if (this.pos >= t.length) throw this.error(`unterminated ${what}`, line, col);
      const eLine = this.line;
      const eCol = this.col - 1;
      const e = this.advance();
      switch (e) {
        case 97: out += '\x07'; break; // \a
        case 98: out += '\b'; break;
        case 116: out += '\t'; break;
        case 110: out += '\n'; break;
        case 114: out += '\r'; break;
        case 48: out += '\0'; break;
        case 34: out += '"'; break;
        case 92: out += '\\'; break;
        case 124: out += '|'; break;
        case 120: case 88: { // \x41;
          const start = this.pos;
          while (this.pos < t.length && t.charCodeAt(this.pos) !== 59 && this.pos - start < 9) this.advance();
          const hex = t.slice(start, this.pos);
          if (this.peek() !== 59 || !/^[0-9a-fA-F]+$/.test(hex)) {
            throw this.error(`bad hex escape in ${what}: expected \\x<hex digits>;`, eLine, eCol);
          }
          this.advance();
          out += codePointText(parseInt(hex, 16), this, eLine, eCol);
          break;
        }
        default: {
          // Line continuation: \ <intraline ws>* <newline> <intraline ws>*
          let p = this.pos - 1;
          while (p < t.length && (t.charCodeAt(p) === 32 || t.charCodeAt(p) === 9)) p++;
          if (t.charCodeAt(p) === 10 || (t.charCodeAt(p) === 13 && t.charCodeAt(p + 1) === 10)) {
            while (this.pos <= p) this.advance();
            if (t.charCodeAt(this.pos - 1) === 13) this.advance();
            while (this.peek() === 32 || this.peek() === 9) this.advance();
            break;
          }
          throw this.error(`unknown escape \\${String.fromCharCode(e)} in ${what}`, eLine, eCol);
        }
      }
    }
  }
}

/** The text of a code point, rejecting surrogates and values past U+10FFFF. */
export function codePointText(cp: number, lx: Lexer, line: number, col: number): string {
  if (!(cp >= 0 && cp <= 0x10ffff) || (cp >= 0xd800 && cp <= 0xdfff)) {
    throw lx.error(`not a Unicode scalar value: #x${cp.toString(16)}`, line, col);
  }
  return String.fromCodePoint(cp);
}

/** Scheme whitespace (including NBSP and BOM, which editors insert). */
export function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 11 || c === 0xa0 || c === 0xfeff;
}

/** Delimiters end a token. `[`/`]` are accepted as list brackets, as most Schemes do. */
export function isDelimiter(c: number): boolean {
  return isWhitespace(c) || c === 40 || c === 41 || c === 91 || c === 93 || c === 34 || c === 59;
}
