/**
 * Reads a `.http`/`.rest` request file into requests, without translating
 * anything. One reader serves the three dialects because they share a core
 * (REST Client's): `###` separators, `@name = value` variables, comment
 * metadata (`# @name x`), a request line, headers up to a blank line, a body
 * up to the next `###`. The dialect-specific parts (JetBrains `> {% %}`
 * handlers, httpyac `??` assertions and `{{ }}` script blocks) are kept as
 * raw text for the translators, so this file never decides what they mean.
 * Faults a user must fix (no request, a request line that is not
 * `METHOD URL`) throw ImportInputError with line and column.
 */
import { ImportInputError } from '../types.js';
import { readRequestLine } from './request-line.js';

/** A `@name = value` file variable. `before` is the index of the request it precedes. */
export interface VarDef {
  name: string;
  value: string;
  line: number;
  before: number;
}

/** A `# @directive value` comment (REST Client, httpyac and JetBrains metadata). */
export interface Directive {
  name: string;
  value: string;
  line: number;
}

/** A header as written. */
export interface HeaderLine {
  name: string;
  value: string;
  line: number;
}

/** A JetBrains response handler: inline `> {% … %}` or a file `> ./check.js`. */
export type Handler = { kind: 'inline'; source: string; line: number } | { kind: 'file'; path: string; line: number };

/** The body as written: text, or a `< file` reference (`<@` processes variables in it). */
export type BodyDoc =
  | { kind: 'text'; text: string; line: number }
  | { kind: 'file'; path: string; line: number; processVariables: boolean; encoding?: string };

/** Text kept for the translators to list as not translated (scripts, `>>` redirects, stray lines). */
export interface Extra {
  /** The `not translated:` note, without the request and line. */
  what: string;
  text: string;
  line: number;
}

/** One request of the file. */
export interface ParsedRequest {
  /** Text after `###` (JetBrains uses it as the request's name). */
  title?: string;
  line: number;
  method: string;
  /** URL with query continuation lines joined. */
  url: string;
  headers: HeaderLine[];
  body?: BodyDoc;
  directives: Directive[];
  handlers: Handler[];
  /** httpyac `?? …` assertion lines (without the `??`). */
  asserts: Array<{ text: string; line: number }>;
  extras: Extra[];
}

/** A parsed request file. */
export interface RequestFile {
  requests: ParsedRequest[];
  vars: VarDef[];
  /** Scripts in blocks without a request (httpyac's file-wide `{{ }}`). */
  extras: Extra[];
}

const SEPARATOR = /^###(.*)$/;
const COMMENT = /^\s*(#|\/\/)/;
const DIRECTIVE = /^\s*(?:#|\/\/)\s*@([A-Za-z][\w-]*)\s*(?:=\s*)?(.*?)\s*$/;
const VARIABLE = /^\s*@([A-Za-z_$][\w.$-]*)\s*:?=\s*(.*?)\s*$/;
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*?)\s*$/;
/** Lines that end a body: what follows is a handler, an assertion or a script (JetBrains, httpyac). */
const AFTER_BODY = /^(> \{%|>\s+\S|>>!?\s|<>\s|\?\?\s|\{\{(@\w+)?\s*$)/;
/**
 * A request line met where a body or handler could go. httpyac starts a new
 * request there without a `###` (its own examples rely on it), so a file of
 * `GET /a`, blank, `GET /b` is two requests, not one with the body "GET /b".
 * Only standard methods and URL-looking targets (no spaces outside holes)
 * count, so body text that merely starts with a capital word stays body.
 */
const BARE_REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT|QUERY)\s+(https?:\/\/|\/|\{\{|localhost\b|[\w-]+(\.[\w-]+)+|[\w.-]+:\d+)(?:[^\s{]|\{\{[^}]*\}\}|\{)*(\s+HTTP\/[\d.]+)?\s*$/;
/**
 * URL continuation lines below the request line: `?page=2` / `&size=10`, or an
 * indented `/path` (JetBrains). `?? …` is an httpyac assertion, never a query.
 */
const URL_CONTINUATION = /^\s*(\?(?!\?)|&)|^\s+\/\S*$/;

/**
 * Parses a request file. Line numbers are 1-based, as editors show them.
 * @example
 * parseRequestFile('@host = http://x\n\nGET {{host}}/users\n').requests[0].url // '{{host}}/users'
 */
export function parseRequestFile(text: string): RequestFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const out: RequestFile = { requests: [], vars: [], extras: [] };
  let start = 0;
  let title: string | undefined;
  for (let i = 0; i <= lines.length; i++) {
    const sep = i < lines.length ? SEPARATOR.exec(lines[i]!) : null;
    if (i === lines.length || sep) {
      // A block may hold several requests when httpyac's unseparated style is used; the title names the first.
      for (let at = start, t = title; at < i; t = undefined) at = readBlock(lines, at, i, t, out);
      title = sep?.[1]!.trim() || undefined;
      start = i + 1;
    }
  }
  if (out.requests.length === 0)
    throw new ImportInputError('line 1, column 1: no request in the file; a request starts with a line such as GET https://example.com/users');
  return out;
}

/**
 * Reads one request from lines [from, to) of a `###` block; a block of only
 * comments and variables adds no request. Returns where the next request of
 * the block starts (`to` when the block is used up).
 */
function readBlock(lines: string[], from: number, to: number, title: string | undefined, out: RequestFile): number {
  const directives: Directive[] = [];
  const extras: Extra[] = [];
  let i = from;
  for (; i < to; i++) {
    const line = lines[i]!;
    const n = i + 1;
    if (line.trim() === '') continue;
    const d = DIRECTIVE.exec(line);
    if (d) {
      directives.push({ name: d[1]!, value: d[2]!, line: n });
      continue;
    }
    if (COMMENT.test(line)) continue;
    const v = VARIABLE.exec(line);
    if (v) {
      out.vars.push({ name: v[1]!, value: v[2]!, line: n, before: out.requests.length });
      continue;
    }
    if (/^\s*\{\{(@\w+)?\s*$/.test(line) || /^\s*<\s*\{%/.test(line) || /^\s*<\s+\S+\.js\s*$/.test(line)) {
      // httpyac script block or JetBrains pre-request script: kept whole, never run.
      const end = line.includes('{%') ? skipUntil(lines, i, to, /%\}\s*$/) : line.trimStart().startsWith('{{') ? skipUntil(lines, i + 1, to, /^\s*\}\}\s*$/) : i;
      extras.push({ what: `${line.includes('{{') ? 'httpyac script block' : 'pre-request script'}: scripts do not run in a plan`, text: lines.slice(i, end + 1).join('\n'), line: n });
      i = end;
      continue;
    }
    break;
  }
  if (i >= to) {
    out.extras.push(...extras);
    return to;
  }
  const req = readRequestLine(lines[i]!, i + 1);
  const request: ParsedRequest = { ...(title ? { title } : {}), line: i + 1, method: req.method, url: req.url, headers: [], directives, handlers: [], asserts: [], extras };
  i++;
  // Query continuation lines (`?page=2` / `&size=10` on the lines below the request line).
  for (; i < to && URL_CONTINUATION.test(lines[i]!); i++) request.url += lines[i]!.trim();
  i = readHeaders(lines, i, to, request);
  i = readBody(lines, i, to, request);
  const next = readAfterBody(lines, i, to, request);
  out.requests.push(request);
  return next;
}

/**
 * Whether lines from `k` (comments, directives and variables, then a request
 * line) open a new request: its preamble stays with it, not with the body above.
 */
function startsRequest(lines: string[], k: number, to: number): boolean {
  for (let j = k; j < to; j++) {
    const line = lines[j]!;
    if (line.trim() === '') return false;
    if (BARE_REQUEST_LINE.test(line)) return true;
    if (!COMMENT.test(line) && !VARIABLE.test(line)) return false;
  }
  return false;
}

function readHeaders(lines: string[], i: number, to: number, request: ParsedRequest): number {
  for (; i < to; i++) {
    const line = lines[i]!;
    if (line.trim() === '') return i + 1;
    if (AFTER_BODY.test(line.trimStart())) return i;
    if (COMMENT.test(line)) continue;
    const h = HEADER.exec(line);
    if (!h) {
      const col = line.length - line.trimStart().length + 1;
      const hint = /^\s*[A-Z]+\s+\S+(\s+HTTP\/[\d.]+)?\s*$/.test(line) ? 'a new request starts after a ### line' : 'a body starts after a blank line';
      throw new ImportInputError(`line ${i + 1}, column ${col}: expected a header (Name: value), found ${line.trim()}; ${hint}`);
    }
    request.headers.push({ name: h[1]!, value: h[2]!, line: i + 1 });
  }
  return i;
}

function readBody(lines: string[], i: number, to: number, request: ParsedRequest): number {
  let end = i;
  while (end < to && !AFTER_BODY.test(lines[end]!.trimStart()) && !((end === i || lines[end - 1]!.trim() === '') && startsRequest(lines, end, to))) end++;
  const body = lines.slice(i, end);
  // Blank and comment lines at the end belong to the next request's preamble, not to the body.
  while (body.length > 0 && (body[body.length - 1]!.trim() === '' || COMMENT.test(body[body.length - 1]!))) body.pop();
  let first = 0;
  while (first < body.length && body[first]!.trim() === '') first++;
  if (first < body.length) {
    const content = body.slice(first);
    const file = content.length === 1 ? /^<(@(\w*))?\s+(\S.*?)\s*$/.exec(content[0]!) : null;
    request.body = file
      ? { kind: 'file', path: file[3]!, line: i + first + 1, processVariables: file[1] !== undefined, ...(file[2] ? { encoding: file[2] } : {}) }
      : { kind: 'text', text: content.join('\n'), line: i + first + 1 };
  }
  return end;
}

function readAfterBody(lines: string[], i: number, to: number, request: ParsedRequest): number {
  for (; i < to; i++) {
    const line = lines[i]!.trim();
    const n = i + 1;
    if (line !== '' && startsRequest(lines, i, to)) return i;
    if (line === '' || COMMENT.test(line)) continue;
    if (line.startsWith('> {%')) {
      const end = skipUntil(lines, i, to, /%\}\s*$/);
      const source = lines.slice(i, end + 1).join('\n').replace(/^\s*>\s*\{%/, '').replace(/%\}\s*$/, '');
      request.handlers.push({ kind: 'inline', source, line: n });
      i = end;
    } else if (line.startsWith('??')) {
      request.asserts.push({ text: line.slice(2).trim(), line: n });
    } else if (/^>>!?\s/.test(line)) {
      request.extras.push({ what: `${line}: a plan does not save responses to files`, text: line, line: n });
    } else if (line.startsWith('<>')) {
      // A JetBrains link to a stored earlier response: history, nothing to send or check.
    } else if (line.startsWith('>')) {
      request.handlers.push({ kind: 'file', path: line.slice(1).trim(), line: n });
    } else if (/^\{\{(@\w+)?$/.test(line)) {
      const end = skipUntil(lines, i + 1, to, /^\s*\}\}\s*$/);
      request.extras.push({ what: 'httpyac script block: scripts do not run in a plan', text: lines.slice(i, end + 1).join('\n'), line: n });
      i = end;
    } else {
      request.extras.push({ what: `unexpected text after the response handler, ${JSON.stringify(quoteSafely(line))}: ignored`, text: line, line: n });
    }
  }
  return to;
}

/** A stray line as a note may show it: a header's value is left out, since it may be a credential. */
function quoteSafely(line: string): string {
  const h = HEADER.exec(line);
  return h && h[2] ? `${h[1]}: …` : line;
}

/** The index of the first line at or after `i` matching `end` (the last line when none does). */
function skipUntil(lines: string[], i: number, to: number, end: RegExp): number {
  for (let j = i; j < to; j++) if (end.test(lines[j]!)) return j;
  return to - 1;
}
