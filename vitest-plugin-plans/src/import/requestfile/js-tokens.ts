/**
 * Just enough JavaScript lexing to read JetBrains response handlers: tokens
 * with their lines, and top-level statements. Handlers are small and
 * formulaic (`client.test(…, function() { client.assert(…) })`), so a
 * pattern matcher over tokens translates what maps and lists the rest; a
 * real JS parser would read more and translate nothing more. Statement ends
 * follow automatic semicolon insertion only as far as handlers need: a line
 * break at depth 0 after a complete operand ends a statement unless the next
 * line continues it (`.then`, `&&`, an operator).
 */

/** One token: identifier, number, string (decoded), template literal, or punctuation. */
export interface Token {
  kind: 'id' | 'num' | 'str' | 'tpl' | 'punc';
  value: string;
  /** 1-based line within the script. */
  line: number;
  /** Offsets in the script (for quoting a statement as written). */
  start: number;
  end: number;
  /** A line break comes before this token. */
  newline: boolean;
}

const PUNCTUATION = ['===', '!==', '...', '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/='];
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/**
 * Tokens of a script; comments dropped. Never throws: an unterminated string ends at the script's end.
 * @example tokenize('client.assert(response.status === 200)').map((t) => t.value) // ['client', '.', 'assert', '(', …]
 */
export function tokenize(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let newline = false;
  const push = (kind: Token['kind'], value: string, start: number, startLine: number) => {
    out.push({ kind, value, line: startLine, start, end: i, newline });
    newline = false;
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\n') {
      line++;
      newline = true;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (source.startsWith('//', i)) while (i < source.length && source[i] !== '\n') i++;
    else if (source.startsWith('/*', i)) {
      const close = source.indexOf('*/', i + 2);
      const end = close < 0 ? source.length : close + 2;
      const breaks = source.slice(i, end).split('\n').length - 1;
      line += breaks;
      newline ||= breaks > 0;
      i = end;
    } else if (c === '"' || c === "'" || c === '`') {
      const start = i;
      const startLine = line;
      let value = '';
      let templated = false;
      i++;
      while (i < source.length && source[i] !== c) {
        const ch = source[i]!;
        if (ch === '\n') line++;
        if (ch === '\\' && i + 1 < source.length) {
          const e = source[i + 1]!;
          if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
            value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
            i += 6;
            continue;
          }
          value += ESCAPES[e] ?? e;
          i += 2;
          continue;
        }
        if (c === '`' && source.startsWith('${', i)) templated = true;
        value += ch;
        i++;
      }
      i++;
      push(c === '`' && templated ? 'tpl' : 'str', value, start, startLine);
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const start = i;
      const m = /^(0[xXoObB][0-9a-fA-F_]+|(\d[\d_]*)?\.?\d*([eE][+-]?\d+)?)/.exec(source.slice(i))!;
      i += Math.max(1, m[0].length);
      push('num', source.slice(start, i).replace(/_/g, ''), start, line);
    } else if (/[A-Za-z_$]/.test(c)) {
      const start = i;
      while (i < source.length && /[\w$]/.test(source[i]!)) i++;
      push('id', source.slice(start, i), start, line);
    } else {
      const start = i;
      const p = PUNCTUATION.find((q) => source.startsWith(q, i)) ?? c;
      i += p.length;
      push('punc', p, start, line);
    }
  }
  return out;
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
/** Tokens after which an expression is complete, so a line break may end the statement. */
const ENDS_OPERAND = (t: Token) => t.kind !== 'punc' || [')', ']', '}', '++', '--'].includes(t.value);
/** Tokens that continue the previous line's expression. */
const CONTINUES = (t: Token) => t.kind === 'punc' && !['(', '[', '{', '!', '++', '--', ';'].includes(t.value);

/**
 * Splits tokens into top-level statements (`;` and the line breaks ASI would honour).
 * @example statements(tokenize('a()\nb();')).length // 2
 */
export function statements(tokens: readonly Token[]): Token[][] {
  const out: Token[][] = [];
  let cur: Token[] = [];
  const closers: string[] = [];
  const flush = () => {
    if (cur.length > 0) out.push(cur);
    cur = [];
  };
  for (const t of tokens) {
    if (closers.length === 0 && cur.length > 0 && t.newline && ENDS_OPERAND(cur[cur.length - 1]!) && !CONTINUES(t)) flush();
    if (t.kind === 'punc' && t.value === ';' && closers.length === 0) {
      flush();
      continue;
    }
    cur.push(t);
    if (t.kind === 'punc' && OPENERS[t.value]) closers.push(OPENERS[t.value]!);
    else if (t.kind === 'punc' && t.value === closers[closers.length - 1]) closers.pop();
  }
  flush();
  return out;
}
