/**
 * One Postman request → one task with one http step. Scripts of the
 * collection and of each enclosing folder apply to every request under them,
 * as Postman runs them (collection, then folders, then the request), so
 * their translated checks join each step; what they leave out is listed
 * once, under the collection or folder that holds it.
 */
import { envIdentifier } from '../names.js';
import type { StepDoc, TaskDoc } from '../types.js';
import { AuthTranslator, type AuthOwner } from './auth.js';
import { translateBody } from './body.js';
import { camelIdentifier, encodeOutsideHoles, headerSecret, secretQueryValues } from './http-parts.js';
import { scriptStatements, translateTestScript } from './pm-script.js';
import type { PmEvent, PmItem } from './sdk.js';
import { SECRET_NAME, type Notes, type VariableScope } from './variables.js';

/** A collection, folder or request whose scripts run for a request. */
export interface ScriptOwner {
  events: PmEvent[];
  where: string;
}

/** What translating one request needs. */
export interface RequestContext {
  vars: VariableScope;
  auth: AuthTranslator;
  notes: Notes;
  /** Owners whose untranslated script lines were already listed. */
  reported: Set<string>;
}

/** Where the request sits: its task name, its path for messages, and its ancestors. */
export interface RequestPlace {
  task: string;
  /** `Users / Get user`. */
  where: string;
  /** Auth owners, the request first, the collection last. */
  authOwners: AuthOwner[];
  /** Script owners, the collection first, the request last. */
  scriptOwners: ScriptOwner[];
}

/** Translates one request; undefined when it cannot be sent at all (listed). */
export function translateRequest(item: PmItem, place: RequestPlace, ctx: RequestContext): TaskDoc | undefined {
  const { vars, notes } = ctx;
  const { where } = place;
  const method = (item.request.method ?? 'GET').toUpperCase();
  let url = item.request.url.toString();
  if (!/^[A-Z]+$/.test(method) || url.trim() === '') {
    notes.notTranslated.push(`${where}: ${url.trim() === '' ? 'no URL' : `method ${method}`}; the request was left out`);
    return undefined;
  }
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url) && !url.startsWith('{{')) {
    url = `http://${url}`;
    notes.added.push(`${where}: http:// before the URL, which names no scheme (Postman's default)`);
  }
  // A credential pasted into the query (`?api_key=…`) becomes an env secret, as one in a header does.
  let planUrl = secretQueryValues(vars.template(url, where), (n, v) => `{{ env.${vars.literalSecret(camelIdentifier(n), v, `the ${n} query parameter of ${where}`)} }}`);

  const headers: Record<string, string> = {};
  const headerKey = (name: string) => Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  for (const h of item.request.headers.all().map((x) => x.toJSON())) {
    const name = h.key?.trim() ?? '';
    if (h.disabled || name === '') continue;
    if (name.includes('{{')) {
      notes.notTranslated.push(`${where}: header ${name} (a templated header name)`);
      continue;
    }
    const value = headerValue(name, String(h.value ?? ''), where, vars);
    const have = headerKey(name);
    if (have) headers[have] += `${name.toLowerCase() === 'cookie' ? '; ' : ', '}${value}`;
    else headers[name] = value;
  }
  const auth = ctx.auth.partsFor(place.authOwners);
  for (const [name, value] of auth.headers) if (!headerKey(name)) headers[name] = value;
  for (const [name, value] of auth.query) planUrl += `${planUrl.includes('?') ? '&' : '?'}${encodeOutsideHoles(name, encodeURIComponent)}=${value}`;

  const ct = headerKey('content-type');
  const body = translateBody(item.request.body?.toJSON(), { vars, notes, where, contentType: ct && headers[ct] });
  if (body.forceContentType) {
    if (ct) delete headers[ct];
    headers['Content-Type'] = body.forceContentType;
  } else if (body.contentType && !ct) headers['Content-Type'] = body.contentType;

  const http: Record<string, unknown> = { method, url: planUrl };
  if (Object.keys(headers).length > 0) http.headers = headers;
  if (body.json !== undefined) http.json = body.json;
  if (body.body !== undefined) http.body = body.body;

  const needs = new Set<string>();
  const assertions: string[] = [];
  const results: Record<string, unknown> = {};
  const set: Array<[string, string]> = [];
  const scope = {
    variable: (name: string) => {
      const r = vars.resultOf(name);
      // An assertion reading another task's result adds no edge (plan-format.md), so the edge is written.
      if (r) needs.add(r.task);
      return r ? `tasks.${r.task}.results.${r.key}` : `env.${vars.envName(name)}`;
    },
  };
  for (const owner of place.scriptOwners) {
    const report = !ctx.reported.has(owner.where);
    ctx.reported.add(owner.where);
    for (const ev of owner.events) {
      if (ev.disabled || !ev.script?.exec?.length) continue;
      if (ev.listen === 'prerequest') {
        if (report) for (const s of scriptStatements(ev.script.exec)) notes.notTranslated.push(`${owner.where}: pre-request script line ${s.line}: ${s.text}`);
        continue;
      }
      if (ev.listen !== 'test') continue;
      const out = translateTestScript(ev.script.exec, scope);
      assertions.push(...out.assertions);
      for (const r of out.results) {
        const key = envIdentifier(r.name);
        results[key] = SECRET_NAME.test(r.name) ? { secret: r.expr } : r.expr;
        set.push([r.name, key]);
      }
      if (report) for (const u of out.untranslated) notes.notTranslated.push(`${owner.where}: test script line ${u.line}: ${u.text}`);
    }
  }
  if (assertions.length === 0) {
    assertions.push('status < 400');
    notes.added.push(`${where}: assert status < 400 (no test was translated)`);
  }
  const step: StepDoc = { name: item.name ?? place.task, http, assert: [...new Set(assertions)] };
  if (Object.keys(results).length > 0) step.results = results;
  for (const [name, key] of set) vars.setByTask(name, place.task, key);
  needs.delete(place.task);
  return { name: place.task, ...(needs.size > 0 ? { needs: [...needs] } : {}), steps: [step] };
}

/** A header value as a template; a credential written inline becomes an env secret. */
function headerValue(name: string, value: string, where: string, vars: VariableScope): string {
  const secret = headerSecret(name, value);
  if (!secret) return vars.template(value, where);
  const refs = [...secret.secret.matchAll(/\{\{([^{}$]+)\}\}/g)].map((m) => m[1]!.trim());
  for (const ref of refs) vars.makeSecret(ref, `the ${name} header of ${where}`);
  if (refs.length > 0 || secret.secret.includes('{{')) return vars.template(value, where);
  const hint = secret.basic ? ` (it holds the base64 of user:password, as the ${name} header did)` : '';
  const id = vars.literalSecret(secret.envName, secret.secret, `the ${name} header of ${where}`, hint);
  return `${vars.template(secret.prefix, where)}{{ env.${id} }}`;
}
