/**
 * A fast path for the YAML most plans are written in: block maps and
 * sequences, one-line flow collections, plain and one-line quoted scalars,
 * comments. It builds the same positioned tree as `parseYamlTree` does
 * through the `yaml` package, about twenty times faster, which is what keeps
 * a cold load of a 1,000-task plan under its 500 ms budget.
 *
 * Why a second parser is safe: it never decides anything hard. On anything
 * outside that subset — anchors, aliases, tags, block scalars, multi-line
 * scalars, empty values, tabs, document markers, duplicate keys, any syntax
 * fault — it gives up (returns undefined) and the caller parses with the
 * `yaml` package, whose messages and positions stay the reference. A test
 * compares both trees on every plan in the repo.
 */
import type { PEntry, PMap, PNode, PScalar, PSeq } from './yaml-tree.js';

class Bail extends Error {}
const MAX_DEPTH = 64;
const BAIL = new Bail();

/** Characters that cannot start a plain scalar (YAML 1.2 c-indicator, minus the three handled below). */
const NO_PLAIN_START = new Set(['[', ']', '{', '}', ',', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);
const FLOW_END = new Set([',', '[', ']', '{', '}']);

/**
 * Parses `text` when it is in the subset; undefined means "use the full parser".
 * @example parseFastYaml('tasks:\n  - name: a\n') // { kind: 'map', entries: [...], line: 1, column: 1 }
 */
export function parseFastYaml(text: string): PNode | undefined {
  // Tabs, CR, BOM and control characters: rare in plans, and each has rules
  // the full parser knows better.
  if (/[\t\r\u0000-\u0008\u000b-\u001f\u007f\ufeff]/.test(text)) return undefined;
  try {
    return new FastParser(text).document();
  } catch (e) {
    if (e instanceof Bail) return undefined;
    throw e;
  }
}

class FastParser {
  private pos = 0;
  /** Nesting depth: deep documents go to the full parser, which limits them. */
  private depth = 0;
  private line = 1;
  private lineStart = 0;
  constructor(private readonly src: string) {}

  document(): PNode {
    const indent = this.nextContent();
    if (indent < 0) throw BAIL;
    const root = this.blockNode(indent);
    if (this.nextContent() >= 0) throw BAIL;
    return root;
  }

  /** Moves to the start of the next line with content; returns its indent, or -1 at the end. */
  private nextContent(): number {
    const s = this.src;
    for (;;) {
      if (this.pos >= s.length) return -1;
      let p = this.pos;
      while (s.charCodeAt(p) === 32) p++;
      const c = s[p];
      if (p >= s.length) {
        this.pos = p;
        return -1;
      }
      if (c === '\n' || c === '#') {
        const nl = s.indexOf('\n', p);
        if (nl < 0) {
          this.pos = s.length;
          return -1;
        }
        this.pos = nl + 1;
        this.line++;
        this.lineStart = this.pos;
        continue;
      }
      if (p - this.pos === 0 && (s.startsWith('---', p) || s.startsWith('...', p) || c === '%')) throw BAIL;
      return p - this.pos;
    }
  }

  /** At the start of a content line indented `indent`. */
  private blockNode(indent: number): PNode {
    const p = this.lineStart + indent;
    if (++this.depth > MAX_DEPTH) throw BAIL;
    const node = this.isSeqDash(p) ? this.blockSeq(indent) : this.blockMap(indent);
    this.depth--;
    return node;
  }

  private isSeqDash(p: number): boolean {
    const s = this.src;
    return s[p] === '-' && (p + 1 >= s.length || s[p + 1] === ' ' || s[p + 1] === '\n');
  }

  private blockSeq(indent: number): PSeq {
    const s = this.src;
    const items: PNode[] = [];
    const node: PSeq = { kind: 'seq', items, line: this.line, column: indent + 1 };
    for (;;) {
      const dash = this.lineStart + indent;
      let p = dash + 1;
      while (s[p] === ' ') p++;
      if (p >= s.length || s[p] === '\n' || s[p] === '#') {
        // Content on the following lines.
        this.pos = p;
        this.endOfLine();
        const m = this.nextContent();
        if (m <= indent) throw BAIL; // empty item
        items.push(this.blockNode(m));
      } else {
        const c = p - this.lineStart;
        if (this.isSeqDash(p)) throw BAIL; // compact nested sequence
        if (this.keyColon(p) >= 0) {
          this.pos = p;
          items.push(this.blockMap(c, true));
        } else {
          this.pos = p;
          items.push(this.inlineValue());
          this.endOfLine();
          const m = this.nextContent();
          if (m > indent) throw BAIL; // a multi-line scalar or a fault
        }
      }
      const m = this.nextContent();
      // A line at this indent without a dash ends a sequence written under its key at the key's indent.
      if (m < indent || !this.isSeqDash(this.lineStart + indent)) {
        if (m > indent) throw BAIL;
        return node;
      }
    }
  }

  /**
   * A block map whose keys sit at column `indent`. With `midLine`, the first
   * key starts at `pos` on the current line (a map inside a sequence item).
   */
  private blockMap(indent: number, midLine = false): PMap {
    const s = this.src;
    const entries: PEntry[] = [];
    const seen = new Set<string>();
    let node: PMap | undefined;
    let first = true;
    for (;;) {
      const keyStart = first && midLine ? this.pos : this.lineStart + indent;
      first = false;
      const colon = this.keyColon(keyStart);
      if (colon < 0) throw BAIL;
      const keyPos = { line: this.line, column: keyStart - this.lineStart + 1 };
      node ??= { kind: 'map', entries, ...keyPos };
      const key = this.keyText(keyStart, colon);
      if (seen.has(key) || key === '<<') throw BAIL;
      seen.add(key);
      let p = colon + 1;
      while (s[p] === ' ') p++;
      let value: PNode;
      if (p >= s.length || s[p] === '\n' || s[p] === '#') {
        this.pos = p;
        this.endOfLine();
        const m = this.nextContent();
        if (m > indent) value = this.blockNode(m);
        else if (m === indent && this.isSeqDash(this.lineStart + indent)) value = this.blockSeq(indent);
        else throw BAIL; // empty value
      } else {
        this.pos = p;
        value = this.inlineValue();
        this.endOfLine();
        const m = this.nextContent();
        if (m > indent) throw BAIL; // a multi-line scalar or a fault
      }
      entries.push({ key, keyPos, value });
      const m = this.nextContent();
      if (m < indent) return node;
      if (m > indent || this.isSeqDash(this.lineStart + indent)) throw BAIL;
    }
  }

  /** Offset of the `:` ending an implicit key starting at `p` on this line, or -1. */
  private keyColon(p: number): number {
    const s = this.src;
    const c = s[p];
    if (c === '"' || c === "'") {
      const end = c === '"' ? this.doubleQuoted(p).end : this.singleQuoted(p).end;
      let q = end;
      while (s[q] === ' ') q++;
      return s[q] === ':' && (q + 1 >= s.length || s[q + 1] === ' ' || s[q + 1] === '\n') ? q : -1;
    }
    if (c === undefined || c === '\n' || NO_PLAIN_START.has(c)) return -1;
    if ((c === '-' || c === '?' || c === ':') && (s[p + 1] === undefined || s[p + 1] === ' ' || s[p + 1] === '\n')) return -1;
    for (let q = p; q < s.length; q++) {
      const ch = s[q];
      if (ch === '\n') return -1;
      if (ch === '#' && s[q - 1] === ' ') return -1;
      if (ch === ':' && (q + 1 >= s.length || s[q + 1] === ' ' || s[q + 1] === '\n')) return q - p > 1024 ? -1 : q;
    }
    return -1;
  }

  private keyText(start: number, colon: number): string {
    const s = this.src;
    const c = s[start];
    if (c === '"') return this.doubleQuoted(start).value;
    if (c === "'") return this.singleQuoted(start).value;
    const raw = s.slice(start, colon).trimEnd();
    if (/[[\]{},]/.test(raw)) throw BAIL;
    const v = resolvePlain(raw);
    return String(v);
  }

  /** After a value: spaces, then a comment or the end of the line. */
  private endOfLine(): void {
    const s = this.src;
    let p = this.pos;
    while (s[p] === ' ') p++;
    if (p < s.length && s[p] !== '\n' && (s[p] !== '#' || s[p - 1] !== ' ')) throw BAIL;
    const nl = s.indexOf('\n', p);
    if (nl < 0) {
      this.pos = s.length;
      return;
    }
    this.pos = nl + 1;
    this.line++;
    this.lineStart = this.pos;
  }

  private here(p: number): { line: number; column: number } {
    return { line: this.line, column: p - this.lineStart + 1 };
  }

  /** A value written on the current line after `key: ` or `- `. */
  private inlineValue(): PNode {
    const s = this.src;
    const p = this.pos;
    const c = s[p]!;
    if (c === '[' || c === '{') return this.flow();
    if (c === '"' || c === "'") {
      const q = c === '"' ? this.doubleQuoted(p) : this.singleQuoted(p);
      this.pos = q.end;
      return quotedNode(q.value, this.here(p));
    }
    this.plainStart(p);
    let q = p;
    for (; q < s.length; q++) {
      const ch = s[q];
      if (ch === '\n') break;
      if (ch === '#' && s[q - 1] === ' ') break;
      if (ch === ':' && (q + 1 >= s.length || s[q + 1] === ' ' || s[q + 1] === '\n')) throw BAIL;
    }
    const raw = s.slice(p, q).trimEnd();
    this.pos = p + raw.length;
    return plainNode(raw, this.here(p));
  }

  private plainStart(p: number): void {
    const s = this.src;
    const c = s[p];
    if (c === undefined || NO_PLAIN_START.has(c)) throw BAIL;
    if ((c === '-' || c === '?' || c === ':') && (s[p + 1] === undefined || s[p + 1] === ' ' || s[p + 1] === '\n' || FLOW_END.has(s[p + 1]!))) throw BAIL;
  }

  /** A one-line flow collection starting at `pos`. */
  private flow(): PNode {
    const s = this.src;
    const open = this.pos;
    const start = this.here(open);
    const isMap = s[open] === '{';
    const close = isMap ? '}' : ']';
    const items: PNode[] = [];
    const entries: PEntry[] = [];
    const seen = new Set<string>();
    const done = (): PNode => (isMap ? { kind: 'map', entries, ...start } : { kind: 'seq', items, ...start });
    this.pos = open + 1;
    this.flowSpaces();
    if (s[this.pos] === close) {
      this.pos++;
      return done();
    }
    for (;;) {
      this.flowSpaces();
      if (isMap) {
        const kp = this.pos;
        const key = this.flowScalar(true);
        this.flowSpaces();
        if (s[this.pos] !== ':') throw BAIL;
        this.pos++;
        if (s[this.pos] !== ' ' && !key.quoted) throw BAIL;
        this.flowSpaces();
        const k = key.quoted ? key.text : String(key.value);
        if (seen.has(k) || k === '<<') throw BAIL;
        seen.add(k);
        const value = this.flowValue();
        entries.push({ key: k, keyPos: this.here(kp), value });
      } else {
        const v = this.flowValue();
        this.flowSpaces();
        if (s[this.pos] === ':') throw BAIL; // a single-pair map inside a sequence
        items.push(v);
      }
      this.flowSpaces();
      const ch = s[this.pos];
      if (ch === ',') {
        this.pos++;
        this.flowSpaces();
        if (s[this.pos] === close) throw BAIL; // trailing comma: leave it to the full parser
        continue;
      }
      if (ch === close) {
        this.pos++;
        return done();
      }
      throw BAIL;
    }
  }

  private flowSpaces(): void {
    const s = this.src;
    while (s[this.pos] === ' ') this.pos++;
    if (this.pos >= s.length || s[this.pos] === '\n' || (s[this.pos] === '#' && s[this.pos - 1] === ' ')) throw BAIL;
  }

  private flowValue(): PNode {
    const c = this.src[this.pos];
    if (c === '[' || c === '{') {
      if (++this.depth > MAX_DEPTH) throw BAIL;
      const node = this.flow();
      this.depth--;
      return node;
    }
    return this.flowScalar(false);
  }

  private flowScalar(asKey: boolean): PScalar {
    const s = this.src;
    const p = this.pos;
    const c = s[p];
    if (c === '"' || c === "'") {
      const q = c === '"' ? this.doubleQuoted(p) : this.singleQuoted(p);
      this.pos = q.end;
      return quotedNode(q.value, this.here(p));
    }
    this.plainStart(p);
    let q = p;
    for (; q < s.length; q++) {
      const ch = s[q]!;
      if (ch === '\n' || FLOW_END.has(ch)) break;
      if (ch === '#' && s[q - 1] === ' ') break;
      if (ch === ':') {
        const nx = s[q + 1];
        if (nx === undefined || nx === ' ' || nx === '\n' || FLOW_END.has(nx)) break;
      }
    }
    const raw = s.slice(p, q).trimEnd();
    if (raw === '') throw BAIL;
    if (!asKey && s[q] === ':') throw BAIL;
    this.pos = p + raw.length;
    return plainNode(raw, this.here(p));
  }

  private singleQuoted(p: number): { value: string; end: number } {
    const s = this.src;
    let out = '';
    let q = p + 1;
    for (;;) {
      const nx = s.indexOf("'", q);
      const nl = s.indexOf('\n', q);
      if (nx < 0 || (nl >= 0 && nl < nx)) throw BAIL; // multi-line or unterminated
      out += s.slice(q, nx);
      if (s[nx + 1] === "'") {
        out += "'";
        q = nx + 2;
        continue;
      }
      return { value: out, end: nx + 1 };
    }
  }

  private doubleQuoted(p: number): { value: string; end: number } {
    const s = this.src;
    let out = '';
    let q = p + 1;
    for (;;) {
      const ch = s[q];
      if (ch === undefined || ch === '\n') throw BAIL;
      if (ch === '"') return { value: out, end: q + 1 };
      if (ch !== '\\') {
        out += ch;
        q++;
        continue;
      }
      const e = s[q + 1];
      const simple = e === undefined ? undefined : ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        q += 2;
        continue;
      }
      const len = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (len === 0) throw BAIL;
      const hex = s.slice(q + 2, q + 2 + len);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) throw BAIL;
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff) throw BAIL;
      out += String.fromCodePoint(cp);
      q += 2 + len;
    }
  }
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
};

function quotedNode(value: string, at: { line: number; column: number }): PScalar {
  return { kind: 'scalar', value, text: value, quoted: true, ...at };
}

function plainNode(raw: string, at: { line: number; column: number }): PScalar {
  return { kind: 'scalar', value: resolvePlain(raw), text: raw, quoted: false, ...at };
}

/** The YAML 1.2 core schema, in the order the `yaml` package tests its tags. */
function resolvePlain(raw: string): PScalar['value'] {
  if (/^(?:~|[Nn]ull|NULL)?$/.test(raw)) return null;
  if (/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(raw)) return raw[0] === 't' || raw[0] === 'T';
  if (/^0o[0-7]+$/.test(raw)) return parseInt(raw.substring(2), 8);
  if (/^[-+]?[0-9]+$/.test(raw)) return parseInt(raw, 10);
  if (/^0x[0-9a-fA-F]+$/.test(raw)) return parseInt(raw.substring(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(raw)) return raw.slice(-3).toLowerCase() === 'nan' ? NaN : raw[0] === '-' ? -Infinity : Infinity;
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(raw)) return parseFloat(raw);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(raw)) return parseFloat(raw);
  return raw;
}
