/**
 * JetBrains response handlers (`> {% … %}`, `> check.js`) as plan checks.
 * The handler API is small (jetbrains.com/help/idea/http-response-handling-api-reference.html):
 * `client.test(name, fn)` groups `client.assert(cond, msg)` calls, and
 * `client.global.set(name, value)` hands a response value to later
 * requests. Those map onto the plan exactly: an assertion per
 * `client.assert`, a step result per `client.global.set` (later `{{name}}`
 * uses become `tasks.<t>.results.<name>`, a derived edge). Conditions are
 * translated only over status, body paths, headers and the content type;
 * every other statement is returned with its line as not translated.
 */
import { planHeader, planPath, planString } from './asserts.js';
import { statements, tokenize, type Token } from './js-tokens.js';

/** What a handler became. Lines are 1-based within the script. */
export interface HandlerTranslation {
  assertions: string[];
  /** `client.global.set(name, value)`: a result named `name`. */
  results: Array<{ name: string; expr: string; line: number }>;
  untranslated: Array<{ line: number; text: string }>;
}

/** An operand of a condition: what it reads, and its plan spelling. */
interface Operand {
  kind: 'status' | 'body' | 'header' | 'mime' | 'literal' | 'bool' | 'number';
  text: string;
  header?: string;
}

const COMPARE: Record<string, string> = { '===': '==', '==': '==', '!==': '!=', '!=': '!=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/**
 * Translates one handler script.
 * @example translateHandler('client.assert(response.status === 200)').assertions // ['status == 200']
 */
export function translateHandler(source: string): HandlerTranslation {
  const out: HandlerTranslation = { assertions: [], results: [], untranslated: [] };
  for (const s of statements(tokenize(source))) statement(s, source, out);
  return out;
}

function statement(tokens: Token[], source: string, out: HandlerTranslation): void {
  const r = new Reader(tokens);
  const asWritten = () => ({ line: tokens[0]!.line, text: source.slice(tokens[0]!.start, tokens[tokens.length - 1]!.end).replace(/\s+/g, ' ') });
  if (r.words('client', '.', 'test', '(') && r.kind('str') && r.words(',')) {
    const inner = r.functionBody();
    if (inner && r.words(')') && r.done()) {
      for (const s of statements(inner)) statement(s, source, out);
      return;
    }
  }
  r.reset();
  if (r.words('client', '.', 'assert', '(')) {
    const cond = r.condition();
    if (cond && (r.words(')') || (r.words(',') && r.skipArgument() && r.words(')'))) && r.done()) {
      out.assertions.push(cond);
      return;
    }
  }
  r.reset();
  if (r.words('client', '.', 'global', '.', 'set', '(')) {
    const name = r.kind('str');
    const value = name !== undefined && r.words(',') ? r.operand() : undefined;
    if (value && ['status', 'body', 'header', 'number'].includes(value.kind) && r.words(')') && r.done()) {
      out.results.push({ name: name!, expr: value.kind === 'header' ? planHeader(value.header!) : value.text, line: tokens[0]!.line });
      return;
    }
  }
  out.untranslated.push(asWritten());
}

/** A cursor over one statement's tokens, with the grammar of translatable conditions. */
class Reader {
  private i = 0;
  constructor(private readonly t: Token[]) {}

  reset(): void {
    this.i = 0;
  }
  done(): boolean {
    return this.i === this.t.length;
  }
  private peek(k = 0): Token | undefined {
    return this.t[this.i + k];
  }
  /** Consumes the given identifiers/punctuation in order, or nothing. */
  words(...want: string[]): boolean {
    for (let k = 0; k < want.length; k++) {
      const t = this.peek(k);
      if (!t || (t.kind !== 'id' && t.kind !== 'punc') || t.value !== want[k]) return false;
    }
    this.i += want.length;
    return true;
  }
  kind(kind: Token['kind']): string | undefined {
    const t = this.peek();
    if (t?.kind !== kind) return undefined;
    this.i++;
    return t.value;
  }
  /** `function() { … }` or `() => { … }`: the body's tokens. */
  functionBody(): Token[] | undefined {
    if (!(this.words('function', '(', ')') || this.words('(', ')', '=>')) || !this.words('{')) return undefined;
    const start = this.i;
    let depth = 1;
    for (; this.i < this.t.length; this.i++) {
      const v = this.t[this.i]!;
      if (v.kind === 'punc' && ['(', '[', '{'].includes(v.value)) depth++;
      if (v.kind === 'punc' && [')', ']', '}'].includes(v.value) && --depth === 0) return this.t.slice(start, this.i++);
    }
    return undefined;
  }
  /** Skips one argument (an assertion's message) up to the closing parenthesis. */
  skipArgument(): boolean {
    let depth = 0;
    for (; this.i < this.t.length; this.i++) {
      const v = this.t[this.i]!;
      if (v.kind === 'punc' && ['(', '[', '{'].includes(v.value)) depth++;
      else if (v.kind === 'punc' && [')', ']', '}'].includes(v.value) && depth-- === 0) return true;
    }
    return false;
  }

  condition(): string | undefined {
    const parts = [this.conjunction()];
    while (this.words('||')) parts.push(this.conjunction());
    return parts.some((p) => p === undefined) ? undefined : parts.length > 1 ? parts.map((p) => `(${p})`).join(' or ') : parts[0];
  }
  private conjunction(): string | undefined {
    const parts = [this.negation()];
    while (this.words('&&')) parts.push(this.negation());
    return parts.some((p) => p === undefined) ? undefined : parts.join(' and ');
  }
  private negation(): string | undefined {
    if (this.words('!')) {
      const inner = this.negation();
      return inner === undefined ? undefined : `not (${inner})`;
    }
    return this.comparison();
  }
  private comparison(): string | undefined {
    const left = this.operand();
    if (!left) return undefined;
    const opTok = this.peek();
    const op = opTok?.kind === 'punc' ? COMPARE[opTok.value] : undefined;
    if (!op) {
      if (left.kind === 'bool') return left.text;
      if (left.kind === 'header') return `${planString(left.header!.toLowerCase())} in headers`;
      return undefined; // JS truthiness of a value has no exact plan equivalent
    }
    this.i++;
    const right = this.operand();
    return right ? compare(left, op, right) ?? compare(right, flip(op), left) : undefined;
  }

  /** status, a body path, a header, the content type, a literal, `(cond)`, with `.includes()`-style calls. */
  operand(): Operand | undefined {
    if (this.words('(')) {
      const inner = this.condition();
      return inner !== undefined && this.words(')') ? { kind: 'bool', text: `(${inner})` } : undefined;
    }
    let base: Operand | undefined;
    const t = this.peek();
    if (t?.kind === 'num' || t?.kind === 'str') {
      this.i++;
      base = t.kind === 'num' ? { kind: 'number', text: t.value } : { kind: 'literal', text: planString(t.value) };
    } else if (this.words('true') || this.words('false')) base = { kind: 'bool', text: this.t[this.i - 1]!.value };
    else if (this.words('null') || this.words('undefined')) base = { kind: 'literal', text: 'nil' };
    else if (this.words('response', '.', 'status')) base = { kind: 'status', text: 'status' };
    else if (this.words('response', '.', 'contentType', '.', 'mimeType')) base = { kind: 'mime', text: planHeader('content-type') };
    else if (this.words('response', '.', 'headers', '.', 'valueOf', '(')) {
      const name = this.kind('str');
      if (name === undefined || !this.words(')')) return undefined;
      base = { kind: 'header', text: planHeader(name), header: name };
    } else if (this.words('response', '.', 'body')) base = { kind: 'body', text: this.path('body') };
    else if (this.words('jsonPath', '(', 'response', '.', 'body', ',')) {
      const p = this.kind('str');
      const segments = p === undefined ? undefined : /^\$((\.[A-Za-z_$][\w$]*|\[\d+\])*)$/.exec(p);
      if (!segments || !this.words(')')) return undefined;
      base = { kind: 'body', text: planPath('body', [...segments[1]!.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]/g)].map((m) => m[1] ?? Number(m[2]))) };
    }
    if (!base) return undefined;
    // String methods JetBrains handlers use on headers and body fields, with plan operators of the same meaning.
    for (const [method, op] of [['includes', 'contains'], ['startsWith', 'startsWith'], ['endsWith', 'endsWith']] as const) {
      if ((base.kind === 'body' || base.kind === 'header') && this.words('.', method, '(')) {
        const arg = this.kind('str');
        if (arg === undefined || !this.words(')')) return undefined;
        return { kind: 'bool', text: `${base.text} ${op} ${planString(arg)}` };
      }
    }
    return base;
  }

  /** `.a["b"][0]` after `response.body`; a final `.length` becomes `len(...)`. */
  private path(root: string): string {
    const segments: Array<string | number> = [];
    for (;;) {
      if (this.peek()?.value === '.' && this.peek(1)?.kind === 'id' && this.peek(2)?.value !== '(') {
        segments.push(this.t[this.i + 1]!.value);
        this.i += 2;
      } else if (this.peek()?.value === '[' && ['str', 'num'].includes(this.peek(1)?.kind ?? '') && this.peek(2)?.value === ']') {
        const v = this.t[this.i + 1]!;
        segments.push(v.kind === 'num' ? Number(v.value) : v.value);
        this.i += 3;
      } else break;
    }
    if (segments[segments.length - 1] === 'length') return `len(${planPath(root, segments.slice(0, -1))})`;
    return planPath(root, segments);
  }
}

function flip(op: string): string {
  return ({ '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as Record<string, string>)[op] ?? op;
}

/** `left op right` when the left side is a response value; undefined when the pair has no exact plan form. */
function compare(left: Operand, op: string, right: Operand): string | undefined {
  if (!['status', 'body', 'header', 'mime'].includes(left.kind)) return undefined;
  if (!['literal', 'number', 'bool'].includes(right.kind) && !(right.kind === 'body' || right.kind === 'status')) return undefined;
  if (left.kind === 'status' && right.kind !== 'number' && right.kind !== 'status') return undefined; // status == "200" does not compile
  if (left.kind === 'header' && right.text === 'nil' && (op === '==' || op === '!='))
    return op === '!=' ? `${planString(left.header!.toLowerCase())} in headers` : `not (${planString(left.header!.toLowerCase())} in headers)`;
  if (left.kind === 'mime' && right.kind === 'literal' && right.text !== 'nil' && (op === '==' || op === '!=')) {
    // mimeType is the media type without parameters: match it exactly, parameters allowed after.
    const mime = JSON.parse(right.text) as string;
    const test = `${left.text} matches \`^${mime.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(;|$)\``;
    return op === '==' ? test : `not (${test})`;
  }
  if (left.kind === 'mime') return undefined;
  return `${left.text} ${op} ${right.text}`;
}
