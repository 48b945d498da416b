/** Tokenizer of the assertion language: exact numbers and durations, decoded strings, raw task names after `tasks.`, with positioned diagnostics. */
import { Rational } from './rational.js';
import { parseDuration } from './duration.js';
import { diag, type Diagnostic } from './diagnostic.js';

/** Token kinds. `task` is a raw task name after `tasks.` (may hold `-`, `.` and `[row]`). */
export type TokenKind = 'num' | 'dur' | 'str' | 'ident' | 'task' | 'op' | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** Source text; for `str` the decoded string. */
  readonly text: string;
  /** 0-based start and end offsets in the expression. */
  readonly start: number;
  readonly end: number;
  /** `num`: exact value; `dur`: exact nanoseconds. */
  readonly value?: Rational;
  /** True when whitespace precedes the token (the tokenizer keeps `a-b` vs `a - b` distinguishable). */
  readonly spaced: boolean;
}

const OPS = ['+/-', '?.', '==', '!=', '<=', '>=', '~=', '&&', '||', '±', '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', '.', ',', '(', ')', '[', ']', '{', '}'];
const IDENT_START = /[A-Za-z_$]/;
const IDENT = /[A-Za-z0-9_$]/;
const LITERAL_CHAR = /[0-9A-Za-z_.µμ]/;
const TASK_CHAR = /[A-Za-z0-9_.\-[\]]/;

/**
 * Splits an expression into tokens. Never throws: faults (unterminated string,
 * `200x`, a stray character) become diagnostics and scanning continues.
 */
export function tokenize(src: string): { tokens: Token[]; diagnostics: Diagnostic[] } {
  const tokens: Token[] = [];
  const diagnostics: Diagnostic[] = [];
  let i = 0;
  let spaced = false;
  const push = (kind: TokenKind, text: string, start: number, end: number, value?: Rational) => {
    tokens.push(value ? { kind, text, start, end, value, spaced } : { kind, text, start, end, spaced });
    spaced = false;
  };
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      spaced = true;
      continue;
    }
    const prev = tokens[tokens.length - 1];
    const prev2 = tokens[tokens.length - 2];
    if (prev?.text === '.' && prev.kind === 'op' && prev2?.kind === 'ident' && prev2.text === 'tasks' && /[A-Za-z0-9_]/.test(c)) {
      let j = i;
      while (j < src.length && TASK_CHAR.test(src[j]!)) j++;
      const run = src.slice(i, j);
      const m = /\.results(?=\.|$|\[)/.exec(run);
      const name = m ? run.slice(0, m.index) : run.split('.')[0]!;
      push('task', name, i, i + name.length);
      i += name.length;
      continue;
    }
    if (c >= '0' && c <= '9') {
      let j = i;
      while (j < src.length && LITERAL_CHAR.test(src[j]!)) j++;
      // `1e+3`, `1e-3`: the sign is part of the exponent.
      if (/^\d+(\.\d+)?[eE]$/.test(src.slice(i, j)) && /[+-]/.test(src[j] ?? '') && /\d/.test(src[j + 1] ?? '')) {
        j++;
        while (j < src.length && /\d/.test(src[j]!)) j++;
      }
      const text = src.slice(i, j);
      const n = /^(0[xob][0-9A-Za-z]+|\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(text) ? Rational.parse(text) : undefined;
      if (n) push('num', text, i, j, n);
      else {
        const d = parseDuration(text);
        if (d) push('dur', text, i, j, d);
        else {
          diagnostics.push(diag('bad_literal', i, `\`${text}\` is neither a number nor a duration`));
          push('num', text, i, j, Rational.ZERO);
        }
      }
      i = j;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      const r = scanString(src, i);
      if (r.error) diagnostics.push(diag('syntax', i, r.error));
      push('str', r.value, i, r.end);
      i = r.end;
      continue;
    }
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < src.length && IDENT.test(src[j]!)) j++;
      push('ident', src.slice(i, j), i, j);
      i = j;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op) {
      push('op', op, i, i + op.length);
      i += op.length;
      continue;
    }
    diagnostics.push(diag('syntax', i, `unexpected character ${JSON.stringify(c)}`));
    i++;
  }
  push('eof', '', src.length, src.length);
  return { tokens, diagnostics };
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', '\\': '\\', '"': '"', "'": "'", '`': '`', '/': '/' };

/** Scans a quoted string from `start`. Backtick strings are raw (handy for regexes). */
function scanString(src: string, start: number): { value: string; end: number; error?: string } {
  const q = src[start]!;
  let out = '';
  let i = start + 1;
  while (i < src.length) {
    const c = src[i]!;
    if (c === q) return { value: out, end: i + 1 };
    if (c === '\\' && q !== '`') {
      const e = src[i + 1];
      if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(src.slice(i + 2, i + 6), 16));
        i += 6;
        continue;
      }
      if (e !== undefined && e in ESCAPES) {
        out += ESCAPES[e];
        i += 2;
        continue;
      }
      // Unknown escapes are kept verbatim so regexes like "\d+" read as written.
      out += c + (e ?? '');
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  return { value: out, end: src.length, error: 'unterminated string' };
}
