/**
 * The tokenizer under js-lite.ts: identifiers, numbers, strings, regular
 * expression literals and punctuation of Postman scripts, each with its
 * line, so a statement the importer lists can be found by line. Comments are
 * dropped. Character codes and sticky expressions keep it linear: a big
 * collection holds thousands of scripts.
 */

/** A token, with its line (1-based) and offsets into the script. */
export interface Token {
  t: 'id' | 'num' | 'str' | 're' | 'tpl' | 'p' | 'eof';
  v: string;
  line: number;
  start: number;
  end: number;
  /** A line break precedes it. */
  nl: boolean;
}

const PUNCT = /===|!==|=>|==|!=|<=|>=|&&|\|\||\?\.|\+\+|--|\+=|-=|\.\.\./y;
const SPACE = /[^\S\n]+/y;
const NUMBER = /\d[\w.]*|\.\d[\w.]*/y;
const FLAGS = /[a-z]+/y;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
const REGEX_AFTER = new Set(['(', ',', '=', ':', '[', '!', '&&', '||', '?', '{', '}', ';', '=>', '==', '===', '!=', '!==', 'return', 'typeof']);

/** Splits a script into tokens; comments are dropped. Throws on an unterminated string or comment. */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let nl = true;
  const push = (t: Token['t'], v: string, start: number) => {
    out.push({ t, v, line: lineAt(start), start, end: i, nl });
    nl = false;
  };
  const lineStarts = [0];
  for (let j = src.indexOf('\n'); j >= 0; j = src.indexOf('\n', j + 1)) lineStarts.push(j + 1);
  const lineAt = (pos: number) => {
    while (line < lineStarts.length && lineStarts[line]! <= pos) line++;
    return line;
  };
  // Character codes and sticky expressions, no per-character regex: big collections hold thousands of scripts.
  const at = (re: RegExp) => { re.lastIndex = i; return re.test(src) ? re.lastIndex : -1; };
  while (i < src.length) {
    const c = src[i]!;
    const code = src.charCodeAt(i);
    if (code === 10) { nl = true; i++; continue; }
    if (code === 32 || (code >= 9 && code <= 13)) { i++; continue; }
    let e: number;
    if (code > 127 && (e = at(SPACE)) >= 0) { i = e; continue; }
    if (code === 47 && src.charCodeAt(i + 1) === 47) { e = src.indexOf('\n', i); i = e < 0 ? src.length : e; continue; }
    if (code === 47 && src.charCodeAt(i + 1) === 42) { e = src.indexOf('*/', i + 2); if (e < 0) throw new Error('unterminated comment'); if (src.slice(i, e).includes('\n')) nl = true; i = e + 2; continue; }
    const start = i;
    if (isIdentStart(code)) {
      for (i++; i < src.length && (isIdentStart(src.charCodeAt(i)) || isDigit(src.charCodeAt(i))); i++);
      push('id', src.slice(start, i), start);
      continue;
    }
    if (isDigit(code) || (code === 46 && isDigit(src.charCodeAt(i + 1)))) { i = at(NUMBER); push('num', src.slice(start, i), start); continue; }
    if (c === '"' || c === "'" || c === '`') { push(c === '`' ? 'tpl' : 'str', readString(src, start, (end) => (i = end)), start); continue; }
    const prev = out[out.length - 1];
    if (c === '/' && (!prev || (prev.t === 'p' && REGEX_AFTER.has(prev.v)) || (prev.t === 'id' && REGEX_AFTER.has(prev.v)))) {
      let inClass = false;
      for (i++; i < src.length && (inClass || src[i] !== '/'); i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        else if (src[i] === '\n') throw new Error('unterminated regular expression');
      }
      i++;
      e = at(FLAGS);
      if (e >= 0) i = e;
      push('re', src.slice(start, i), start);
      continue;
    }
    e = at(PUNCT);
    i = e >= 0 ? e : i + 1;
    push('p', src.slice(start, i), start);
  }
  out.push({ t: 'eof', v: '', line: lineAt(src.length), start: src.length, end: src.length, nl: true });
  return out;
}

/** The value of a quoted string starting at `start` (JSON-style escapes). */
function readString(src: string, start: number, setEnd: (e: number) => void): string {
  const q = src[start]!;
  let out = '';
  for (let i = start + 1; i < src.length; i++) {
    const c = src[i]!;
    if (c === q) { setEnd(i + 1); return out; }
    if (c === '\n' && q !== '`') break;
    if (c === '\\') {
      const e = src[++i] ?? '';
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
      if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 1, i + 5))) { out += String.fromCharCode(parseInt(src.slice(i + 1, i + 5), 16)); i += 4; }
      else out += simple[e] ?? e;
      continue;
    }
    out += c;
  }
  throw new Error('unterminated string');
}
