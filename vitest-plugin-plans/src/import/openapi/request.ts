/**
 * The http request of one operation: URL with path and query parameters,
 * headers (parameters, credentials, cookies) and the body. JSON bodies use
 * the document's example when it has one and a value generated from the
 * schema otherwise; form bodies are urlencoded. Other media types
 * (multipart, XML, binary) are listed as not translated: a generated value
 * for them would be a guess the server is likely to refuse.
 */
import { formPairs, operationParameters, parameterValue, simpleStyle } from './params.js';
import { isObject, type Json } from './read.js';
import type { Refs } from './refs.js';
import { sampleSchema } from './schema-sample.js';
import { isCredentialParameter, type Credentials } from './security.js';
import type { FedParameter, Op } from './edges.js';

/** Literal text in a template: plan templates have no escape, so `{{` is written as a hole whose value is `{{`. */
export function escapeTemplate(text: string): string {
  return text.replaceAll('{{', '{{ "{{" }}');
}

/** What the request needs from the import. */
export interface RequestContext {
  /** The env entry holding the server address (`base`, or an operation's own). */
  base: string;
  refs: Refs;
  fed: Map<string, FedParameter> | undefined;
  credentials: Credentials;
  /** The env id of a credential-named parameter's secret (its example is never copied). */
  secretParameter: (name: string, where: string) => string;
  added: string[];
  notTranslated: string[];
}

/** The `http:` map of an operation's step. */
export function operationRequest(o: Op, pathItem: { [k: string]: Json }, ctx: RequestContext): Record<string, unknown> {
  const label = `${o.task} (${o.method.toUpperCase()} ${o.template})`;
  const params = operationParameters(pathItem, o.op, ctx.refs, o.file);
  const query: Array<[string, string]> = [];
  const headers: Record<string, string> = { ...ctx.credentials.headers };
  const cookies: string[] = [];
  const pathValues = new Map<string, string>();
  for (const p of params) {
    const fed = ctx.fed?.get(`${p.in}\0${p.name}`);
    if (fed) {
      const hole = `{{ tasks.${fed.producer}.results.${fed.key} }}`;
      if (p.in === 'path') pathValues.set(p.name, hole);
      else if (p.in === 'query') query.push([encodeURIComponent(p.name), hole]);
      else if (p.in === 'header') headers[p.name] = hole;
      else cookies.push(`${escapeTemplate(p.name)}=${hole}`);
      continue;
    }
    const v = parameterValue(p, ctx.refs);
    if (!v) continue;
    if (p.in !== 'path' && isCredentialParameter(p.name)) {
      const hole = `{{ env.${ctx.secretParameter(p.name, p.in)} }}`;
      if (p.in === 'query') query.push([encodeURIComponent(p.name), hole]);
      else if (p.in === 'header') headers[p.name] = hole;
      else cookies.push(`${escapeTemplate(p.name)}=${hole}`);
      continue;
    }
    if (v.invented) ctx.added.push(`${label}: ${p.in} parameter ${p.name} = ${JSON.stringify(v.value)}, invented from its schema (${v.schemaNote})`);
    if (p.in === 'path') pathValues.set(p.name, simpleStyle(v.value, encodeURIComponent));
    else if (p.in === 'query') for (const [k, x] of formPairs(p, v.value)) query.push([encodeURIComponent(k), encodeURIComponent(x)]);
    else if (p.in === 'header') headers[p.name] = escapeTemplate(simpleStyle(v.value, String));
    else cookies.push(`${escapeTemplate(p.name)}=${escapeTemplate(simpleStyle(v.value, String))}`);
  }
  let path = '';
  let pos = 0;
  for (const m of o.template.matchAll(/\{([^{}]+)\}/g)) {
    path += escapeTemplate(o.template.slice(pos, m.index));
    pos = m.index + m[0].length;
    const known = pathValues.get(m[1]!);
    if (known === undefined) ctx.added.push(`${label}: path parameter ${m[1]} is not declared; sent as 1`);
    path += known ?? '1';
  }
  path += escapeTemplate(o.template.slice(pos));
  query.push(...ctx.credentials.query);
  cookies.push(...ctx.credentials.cookies);
  if (cookies.length > 0) headers.Cookie = cookies.join('; ');
  const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
  const http: Record<string, unknown> = { method: o.method.toUpperCase(), url: `{{ env.${ctx.base} }}${path}${qs ? `?${qs}` : ''}` };
  const body = requestBody(o, label, ctx);
  Object.assign(headers, body.headers);
  if (Object.keys(headers).length > 0) http.headers = headers;
  Object.assign(http, body.keys);
  return http;
}

/** The body keys (`json`/`body`) and the content type they need. */
function requestBody(o: Op, label: string, ctx: RequestContext): { keys: Record<string, unknown>; headers: Record<string, string> } {
  const none = { keys: {}, headers: {} };
  const rb = ctx.refs.deref(o.op.requestBody, o.file);
  if (!isObject(rb.value) || !isObject(rb.value.content)) return none;
  const content = rb.value.content;
  const types = Object.keys(content);
  const json = types.find((t) => /^application\/json\b/i.test(t)) ?? types.find((t) => /[/+]json\b/i.test(t));
  const form = types.find((t) => /^application\/x-www-form-urlencoded\b/i.test(t));
  const chosen = json ?? form;
  if (!chosen) {
    ctx.notTranslated.push(`${label}: request body ${types.join(', ')}: only JSON and form bodies translate; sent without a body`);
    return none;
  }
  const media = isObject(content[chosen]) ? content[chosen] : {};
  let value = mediaExample(media, rb.file, ctx.refs);
  if (value === undefined) {
    const sample = sampleSchema(media.schema, ctx.refs, rb.file, 'request');
    value = sample.value;
    const invented = sample.invented.map((p) => p || '(the whole body)');
    ctx.added.push(`${label}: request body generated from the ${chosen} schema${invented.length ? `; invented: ${invented.join(', ')}` : ''}`);
  }
  const headers: Record<string, string> = chosen === json && !/^application\/json$/i.test(chosen) ? { 'Content-Type': chosen } : {};
  if (chosen === json) return { keys: { json: escapeStrings(value) }, headers };
  const pairs: Array<[string, string]> = isObject(value) ? Object.entries(value).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]) : [];
  return { keys: { body: escapeTemplate(new URLSearchParams(pairs).toString()) }, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
}

/** The media type's `example`, else its first `examples` value. */
function mediaExample(media: { [k: string]: Json }, file: string, refs: Refs): Json | undefined {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples))
    for (const e of Object.values(media.examples)) {
      const v = refs.deref(e, file).value;
      if (isObject(v) && v.value !== undefined) return v.value;
    }
  return undefined;
}

/**
 * Every string of a `json:` body is a template, so a literal `{{` in an example
 * must stay literal; YAML's `.inf` and `.nan` have no JSON spelling and are sent as text.
 */
function escapeStrings(v: Json): Json {
  if (typeof v === 'string') return escapeTemplate(v);
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  if (Array.isArray(v)) return v.map(escapeStrings);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, escapeStrings(x)]));
  return v;
}
