/**
 * A request-file body as one of the http step's body keys. JSON bodies
 * become `json:` when, once translated, they parse with every `{{ }}` hole
 * inside a string; a hole in a value position (`"age": {{age}}`) can only be
 * sent as text, so that body stays `body:`, as does one whose numbers would
 * not read back as written (`250.00`: the plan sends `json:` numbers as
 * written). `< ./file` becomes `bodyFile:` (read by the loader, relative to
 * the plan), `<@ ./file` (REST Client: substitute variables in the file) is
 * inlined as a templated body, and REST Client GraphQL requests
 * (`X-Request-Type: GraphQL`) become the JSON body the client would have sent.
 */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parseJsonExact } from '../../expr/json-exact.js';
import { toJs, type Value } from '../../expr/values.js';
import type { ParsedRequest } from './parse.js';
import type { HoleSite, RequestVariables } from './variables.js';

/** The body keys of an http step, plus notes. */
export interface BodyTranslation {
  keys: Record<string, unknown>;
  /** Header names the translation consumed (`X-Request-Type`). */
  dropHeaders: string[];
}

/** Marks a hole inside JSON text; private-use characters cannot appear in a request file's JSON by accident. */
const HOLE = (i: number) => `\uE000${i}\uE001`;
const HOLES = /\uE000(\d+)\uE001/g;

/** What translating a body needs. */
export interface BodyContext {
  vars: RequestVariables;
  /** Absolute folder of the request file. */
  dir: string;
  added: string[];
  notTranslated: string[];
}

/** Translates the body of `r`; `site` names the task for messages; `graphql` for a JetBrains `GRAPHQL` request. */
export function translateBody(r: ParsedRequest, site: HoleSite, ctx: BodyContext, graphql = false): BodyTranslation {
  const none: BodyTranslation = { keys: {}, dropHeaders: [] };
  const body = r.body;
  if (!body) return none;
  const where = `${site.task} (line ${body.line})`;
  site = { ...site, line: body.kind === 'text' ? body.line : site.line };
  const rawType = r.headers.find((h) => /^content-type$/i.test(h.name))?.value ?? '';
  const contentType = ctx.vars.literal(rawType, site.index) ?? rawType;
  let text: string;
  if (body.kind === 'file') {
    const abs = isAbsolute(body.path) ? body.path : join(ctx.dir, body.path);
    if (!statSync(abs, { throwIfNoEntry: false })?.isFile()) {
      ctx.notTranslated.push(`${where}: < ${body.path}: no such file beside the request file; the request is sent without a body`);
      return none;
    }
    if (!body.processVariables) {
      ctx.added.push(`${where}: bodyFile ${body.path} is read relative to the plan: save the plan beside the request file`);
      return { keys: { bodyFile: body.path }, dropHeaders: [] };
    }
    text = readFileSync(abs, 'utf8').replace(/\r?\n$/, '');
    ctx.added.push(`${where}: the text of ${body.path} is written into the plan (<@ substitutes variables in it)`);
  } else text = body.text;

  if (graphql || r.headers.some((h) => /^x-request-type$/i.test(h.name) && /^graphql$/i.test(h.value.trim()))) {
    return { keys: graphqlBody(text, site, ctx), dropHeaders: ['x-request-type'] };
  }
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    // REST Client lets a form body run over several lines, each starting with `&`; the lines are joined.
    text = text.split('\n').map((l) => l.trim()).join('');
  }
  if (/^\s*<\s+\S/m.test(text) && /^multipart\//i.test(contentType))
    ctx.notTranslated.push(`${where}: multipart parts read from files (< path) are sent as the text "< path"; the plan cannot splice a file into a body`);
  const translated = ctx.vars.translate(text, site);
  const json = /[/+]json\b/i.test(contentType) ? jsonTemplate(translated) : undefined;
  return { keys: json !== undefined ? { json } : { body: translated }, dropHeaders: [] };
}

/**
 * Translated JSON text (holes already plan templates) as YAML-ready data, or
 * undefined when it does not parse with every hole inside a string, has a
 * hole in a key, or holds a number YAML would round.
 * @example jsonTemplate('{"id": "{{ env.id }}", "n": 1.5}') // { id: '{{ env.id }}', n: 1.5 }
 */
export function jsonTemplate(text: string): unknown {
  const holes: string[] = [];
  const masked = text.replace(/\{\{.*?\}\}/gs, (m) => HOLE(holes.push(m) - 1));
  const parsed = parseJsonExact(masked);
  if (!parsed.ok || !fitsYaml(parsed.value)) return undefined;
  const convert = (v: Value): unknown => {
    switch (v.k) {
      case 'str':
        return v.v.replace(HOLES, (_, i: string) => holes[Number(i)]!);
      case 'num':
        return exactNumber(v.text ?? String(toJs(v))) as number;
      case 'bool':
        return v.v;
      case 'list':
        return v.items.map(convert);
      case 'map':
        return Object.fromEntries([...v.entries].map(([k, x]) => [k, convert(x)]));
      default:
        return null;
    }
  };
  return convert(parsed.value);
}

/** A hole in a key, or a number YAML would round: the body can only be sent as text. */
function fitsYaml(v: Value): boolean {
  if (v.k === 'num') return exactNumber(v.text ?? String(toJs(v))) !== UNEXACT;
  if (v.k === 'list') return v.items.every(fitsYaml);
  if (v.k === 'map') return [...v.entries].every(([k, x]) => !/\uE000\d+\uE001/.test(k) && fitsYaml(x));
  return true;
}

/**
 * A JSON number as a YAML number that reads back with the same text (the
 * plan sends `json:` numbers as written), or UNEXACT: `250.00`, `1E3` and
 * integers past 2^53 have no such spelling through the plan writer, so a
 * body holding one is sent as the text the file wrote.
 */
function exactNumber(text: string): number | typeof UNEXACT {
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text ? n : UNEXACT;
}

/** Returned for a number YAML cannot carry exactly: the body stays text. */
const UNEXACT = Symbol('unexact');

/** REST Client's GraphQL request: the query, a blank line, then the variables as JSON. */
function graphqlBody(text: string, site: HoleSite, ctx: BodyContext): Record<string, unknown> {
  const split = /\n\s*\n(?=\s*\{)/.exec(text);
  const query = split ? text.slice(0, split.index) : text;
  const variablesText = split ? text.slice(split.index + split[0].length) : undefined;
  const json: Record<string, unknown> = { query: ctx.vars.translate(query.trim(), site) };
  if (variablesText !== undefined) {
    const variables = jsonTemplate(ctx.vars.translate(variablesText, site));
    if (variables === undefined) ctx.notTranslated.push(`${site.task} (line ${site.line}): GraphQL variables that are not JSON with holes inside strings; sent without variables`);
    else json.variables = variables;
  }
  return { json };
}
