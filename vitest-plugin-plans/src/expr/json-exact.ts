/** JSON with exact numbers: decoding that keeps each number's text and refuses duplicate keys, and encoding values back to JSON text. */
import { Rational } from './rational.js';
import { NIL, TRUE, FALSE, type Value, type NumValue } from './values.js';
import { formatDuration } from './duration.js';

/** A JSON text that did not decode: where, and why. */
export interface JsonError {
  readonly type: 'json_syntax' | 'json_duplicate_key';
  readonly message: string;
  /** 0-based offset, 1-based line and column of the fault. */
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export type JsonResult = { readonly ok: true; readonly value: Value } | { readonly ok: false; readonly error: JsonError };

/**
 * Decodes JSON keeping every number as its source text and an exact rational,
 * and refusing an object with the same key twice (spec: "A response with the
 * same JSON key twice ends the step errored"). Never throws.
 * @example
 * const r = parseJsonExact('{"n": 10000000000000001}');
 * if (r.ok && r.value.k === 'map') r.value.entries.get('n'); // { k: 'num', text: '10000000000000001', … }
 */
export function parseJsonExact(text: string): JsonResult {
  const p = new JsonParser(text);
  try {
    p.ws();
    const value = p.value(0);
    p.ws();
    if (p.pos < text.length) p.fail('json_syntax', `unexpected ${describe(text, p.pos)} after the JSON value`);
    return { ok: true, value };
  } catch (e) {
    if (e instanceof JsonFault) return { ok: false, error: e.error };
    throw e;
  }
}

class JsonFault extends Error {
  constructor(readonly error: JsonError) {
    super(error.message);
  }
}

const MAX_DEPTH = 1000;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class JsonParser {
  pos = 0;
  constructor(private readonly s: string) {}

  fail(type: JsonError['type'], message: string, at = this.pos): never {
    let line = 1;
    let col = 1;
    for (let i = 0; i < at && i < this.s.length; i++) {
      if (this.s[i] === '\n') {
        line++;
        col = 1;
      } else col++;
    }
    throw new JsonFault({ type, message: `${message} at line ${line} column ${col}`, offset: at, line, column: col });
  }

  ws(): void {
    while (this.pos < this.s.length) {
      const c = this.s.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) this.pos++;
      else break;
    }
  }

  value(depth: number): Value {
    if (depth > MAX_DEPTH) this.fail('json_syntax', 'nesting too deep');
    const c = this.s[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return { k: 'str', v: this.string() };
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, v] of [['true', TRUE], ['false', FALSE], ['null', NIL]] as const) {
      if (this.s.startsWith(word, this.pos)) {
        this.pos += word.length;
        return v;
      }
    }
    return this.fail('json_syntax', c === undefined ? 'unexpected end of JSON' : `unexpected ${describe(this.s, this.pos)}`);
  }

  object(depth: number): Value {
    this.pos++;
    const entries = new Map<string, Value>();
    this.ws();
    if (this.s[this.pos] === '}') {
      this.pos++;
      return { k: 'map', entries };
    }
    for (;;) {
      this.ws();
      if (this.s[this.pos] !== '"') this.fail('json_syntax', `expected a string key, found ${describe(this.s, this.pos)}`);
      const at = this.pos;
      const key = this.string();
      if (entries.has(key)) this.fail('json_duplicate_key', `duplicate key ${JSON.stringify(key)}`, at);
      this.ws();
      if (this.s[this.pos] !== ':') this.fail('json_syntax', `expected ':' after a key, found ${describe(this.s, this.pos)}`);
      this.pos++;
      this.ws();
      entries.set(key, this.value(depth + 1));
      this.ws();
      const c = this.s[this.pos];
      this.pos++;
      if (c === '}') return { k: 'map', entries };
      if (c !== ',') this.fail('json_syntax', `expected ',' or '}', found ${describe(this.s, this.pos - 1)}`, this.pos - 1);
    }
  }

  array(depth: number): Value {
    this.pos++;
    const items: Value[] = [];
    this.ws();
    if (this.s[this.pos] === ']') {
      this.pos++;
      return { k: 'list', items };
    }
    for (;;) {
      this.ws();
      items.push(this.value(depth + 1));
      this.ws();
      const c = this.s[this.pos];
      this.pos++;
      if (c === ']') return { k: 'list', items };
      if (c !== ',') this.fail('json_syntax', `expected ',' or ']', found ${describe(this.s, this.pos - 1)}`, this.pos - 1);
    }
  }

  number(): NumValue {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.s);
    if (!m || m[0] === '-') this.fail('json_syntax', `invalid number`);
    const text = m[0];
    const v = Rational.parse(text);
    if (!v) this.fail('json_syntax', `number out of range`);
    this.pos += text.length;
    return { k: 'num', v, text };
  }

  string(): string {
    const start = this.pos;
    this.pos++;
    let out = '';
    let run = this.pos;
    for (;;) {
      if (this.pos >= this.s.length) this.fail('json_syntax', 'unterminated string', start);
      const c = this.s.charCodeAt(this.pos);
      if (c === 0x22) {
        out += this.s.slice(run, this.pos);
        this.pos++;
        return out;
      }
      if (c < 0x20) this.fail('json_syntax', 'control character in string');
      if (c === 0x5c) {
        out += this.s.slice(run, this.pos);
        const e = this.s[this.pos + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && e in simple) {
          out += simple[e];
          this.pos += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.s.slice(this.pos + 2, this.pos + 6))) {
          out += String.fromCharCode(parseInt(this.s.slice(this.pos + 2, this.pos + 6), 16));
          this.pos += 6;
        } else this.fail('json_syntax', 'invalid escape in string');
        run = this.pos;
        continue;
      }
      this.pos++;
    }
  }
}

function describe(s: string, pos: number): string {
  if (pos >= s.length) return 'end of JSON';
  return JSON.stringify(s[pos]);
}

/**
 * Serialises a Value as JSON with numbers exactly as written (or their exact
 * decimal), durations as their literal text, n/a as null. `indent` gives
 * indented output (what `--update-snapshots` writes).
 */
export function toJsonText(v: Value, indent?: number): string {
  return write(v, indent ?? 0, '');
}

function write(v: Value, indent: number, pad: string): string {
  switch (v.k) {
    case 'nil':
    case 'na':
      return 'null';
    case 'bool':
      return String(v.v);
    case 'num':
      return v.text ?? (v.v.isTerminating() ? v.v.toDecimal() : String(v.v.toNumber()));
    case 'str':
      return JSON.stringify(v.v);
    case 'dur':
      return JSON.stringify(formatDuration(v.ns));
    case 'list': {
      if (v.items.length === 0) return '[]';
      const inner = pad + ' '.repeat(indent);
      const parts = v.items.map((x) => write(x, indent, inner));
      return indent ? `[\n${parts.map((p) => inner + p).join(',\n')}\n${pad}]` : `[${parts.join(',')}]`;
    }
    case 'map':
    case 'headers': {
      const entries: [string, Value][] =
        v.k === 'map' ? [...v.entries] : [...v.entries].map(([k, x]) => [k, { k: 'str', v: x }] as [string, Value]);
      if (entries.length === 0) return '{}';
      const inner = pad + ' '.repeat(indent);
      const parts = entries.map(([k, x]) => `${JSON.stringify(k)}:${indent ? ' ' : ''}${write(x, indent, inner)}`);
      return indent ? `{\n${parts.map((p) => inner + p).join(',\n')}\n${pad}}` : `{${parts.join(',')}}`;
    }
  }
}
