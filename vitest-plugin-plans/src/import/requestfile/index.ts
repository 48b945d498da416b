/**
 * `runner import requestfile <file>`: a `.http`/`.rest` file (VS Code REST
 * Client, httpyac, JetBrains HTTP client) as a plan of one task per request,
 * in file order (plan-runner.md §4 "runner import"; the translation rules
 * are docs/import-requestfile-openapi.md). The clients run requests one at a
 * time, by hand or top to bottom; a plan runs tasks in parallel, so every
 * ordering the file relies on is made explicit: a value one request reads
 * from another's response becomes a result and a derived edge, and httpyac's
 * `@ref` becomes `needs`.
 */
import { createTaskNamer, slugTaskName } from '../names.js';
import type { Importer, ImportReport, StepDoc, TaskDoc } from '../types.js';
import { CredentialHeaders, credentialVariables, isCredentialHeader } from './auth.js';
import { translateBody } from './body.js';
import { requestChecks, type RequestChecks } from './checks.js';
import { readEnvFiles } from './env-files.js';
import { parseRequestFile, type ParsedRequest } from './parse.js';
import { OTHER_PROTOCOLS } from './request-line.js';
import { ResultRegistry, SECRET_NAME } from './results.js';
import { RequestVariables, type HoleSite } from './variables.js';

/** Directives that only steer the editor (history, dialogs, titles): nothing to send or check. */
const EDITOR_ONLY = new Set(['name', 'no-log', 'note', 'title', 'description', 'no-cookie-jar', 'prompt']);

/**
 * Imports a request file.
 * @example importRequestFile({ text: 'GET https://example.com/users\n', file: 'api.http', dir: '/tmp', args: [] }).plan.tasks[0].name // 'get-users'
 */
export const importRequestFile: Importer = (input) => {
  const file = parseRequestFile(input.text);
  const report: ImportReport = { plan: { tasks: [] }, added: [], notTranslated: [] };
  for (const x of file.extras) report.notTranslated.push(`line ${x.line}: ${x.what}`);
  const requests = file.requests.filter((r, i) => {
    if (r.method !== 'GRAPHQL' && OTHER_PROTOCOLS.has(r.method)) {
      report.notTranslated.push(`${r.title ? slugTaskName(r.title) : `request ${i + 1}`} (line ${r.line}): ${r.method} ${r.url}: only HTTP requests translate; left out`);
      return false;
    }
    return true;
  });
  const namer = createTaskNamer();
  // `createCustomer` reads as create-customer, `Order's lines` as orders-lines: names stay readable once slugged.
  const camel = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2');
  const tasks = requests.map((r) => {
    const n = directive(r, 'name');
    return namer(n ? camel(n) : (r.title?.replace(/['\u2019]/g, '') ?? defaultName(r)));
  });
  const taskOf = new Map<string, string>();
  requests.forEach((r, i) => {
    const n = directive(r, 'name');
    if (n) taskOf.set(n, tasks[i]!);
  });
  // JetBrains names a request by its `###` title, and files mix that with REST Client's
  // `{{create.response.body.$}}`: a one-word title no `# @name` claims names its request too.
  requests.forEach((r, i) => {
    if (!directive(r, 'name') && r.title && /^[A-Za-z_][\w-]*$/.test(r.title) && !taskOf.has(r.title)) taskOf.set(r.title, tasks[i]!);
  });

  const results = new ResultRegistry();
  const checks: RequestChecks[] = [];
  const setters = new Map<string, Array<{ index: number; task: string; key: string }>>();
  requests.forEach((r, i) => {
    for (const x of r.extras) report.notTranslated.push(`${tasks[i]} (line ${x.line}): ${x.what}`);
    const c = requestChecks(r, tasks[i]!, input.dir, report.notTranslated);
    checks.push(c);
    for (const s of c.sets) {
      const key = results.declare(tasks[i]!, s.name, s.expr, SECRET_NAME.test(s.name));
      const list = setters.get(s.name) ?? [];
      setters.set(s.name, [...list, { index: file.requests.indexOf(r), task: tasks[i]!, key }]);
    }
  });

  const envFile = readEnvFiles(input.dir);
  report.notTranslated.push(...(envFile?.problems ?? []));
  const vars = new RequestVariables({
    vars: file.vars, taskOf, setters, envFile, secretNames: credentialVariables(requests), results,
    prompts: new Set(requests.flatMap((r) => r.directives.filter((d) => d.name === 'prompt').map((d) => d.value.split(/\s+/)[0]!))),
    added: report.added, notTranslated: report.notTranslated,
  });
  const credentials = new CredentialHeaders(vars, report.notTranslated);

  const docs: TaskDoc[] = requests.map((r, i) => {
    const task = tasks[i]!;
    const site: HoleSite = { task, index: file.requests.indexOf(r), line: r.line };
    const http: Record<string, unknown> = { method: r.method === 'GRAPHQL' ? 'POST' : r.method, url: url(r, site, vars, report.added) };
    const headers: Record<string, string> = {};
    for (const h of r.headers) {
      if (/^host$/i.test(h.name)) continue;
      const value = isCredentialHeader(h.name) ? credentials.value(h, { ...site, line: h.line }) : vars.translate(h.value, { ...site, line: h.line });
      if (value === undefined) continue;
      // A YAML map holds a name once; HTTP allows a repeated header to be sent as one, comma-joined (RFC 9110 §5.3).
      const same = Object.keys(headers).find((k) => k.toLowerCase() === h.name.toLowerCase());
      if (same) headers[same] += (/^cookie$/i.test(h.name) ? '; ' : ', ') + value;
      else headers[h.name] = value;
    }
    // The body last: holes are met, and env entries made, in the order the file reads.
    const body = translateBody(r, site, { vars, dir: input.dir, added: report.added, notTranslated: report.notTranslated }, r.method === 'GRAPHQL');
    for (const k of Object.keys(headers)) if (body.dropHeaders.includes(k.toLowerCase())) delete headers[k];
    if (Object.keys(headers).length > 0) http.headers = headers;
    Object.assign(http, body.keys);
    const needs = steer(r, task, http, taskOf, results, report);
    const step: StepDoc = { http, assert: checks[i]!.assertions };
    if (checks[i]!.assertions.length === 0) {
      step.assert = ['status < 400'];
      report.added.push(`${task}: asserts status < 400 (the file checks nothing for this request)`);
    }
    return { name: task, ...(needs.length ? { needs } : {}), steps: [step] };
  });
  orderDeletes(docs, results, report.added);
  // Results are declared while later requests are read (a reference may point forward), so they are attached last.
  for (const d of docs) {
    const declared = results.resultsOf(d.name);
    if (declared) d.steps[0]!.results = declared;
  }
  const env = vars.env();
  report.plan = { ...(env ? { env } : {}), tasks: docs };
  return report;
};

/** The request's URL as a template: a path gets its origin from a Host header or the host variable; a bare host gets http://. */
function url(r: ParsedRequest, site: HoleSite, vars: RequestVariables, added: string[]): string {
  let text = r.url;
  const host = r.headers.find((h) => /^host$/i.test(h.name))?.value;
  if (text.startsWith('/') && host) text = `${/:443$/.test(host) ? 'https' : 'http'}://${host.replace(/:(80|443)$/, '')}${text}`;
  else if (text.startsWith('/')) {
    // httpyac sends a bare path to the origin in its `host` variable (its docs, "Request Line"); `http:///path` would send nowhere.
    text = `{{host}}${text}`;
    added.push(`${site.task} (line ${r.line}): the URL is a path; the plan prefixes it with the host variable, as httpyac does`);
  } else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !text.startsWith('{{')) {
    text = `http://${text}`;
    added.push(`${site.task} (line ${r.line}): the URL has no scheme; the plan uses http://`);
  }
  return vars.translate(text, site);
}

/** Applies the request's directives to the step; returns its explicit needs. */
function steer(r: ParsedRequest, task: string, http: Record<string, unknown>, taskOf: Map<string, string>, results: ResultRegistry, report: ImportReport): string[] {
  const needs: string[] = [];
  // REST Client, httpyac and JetBrains follow redirects unless told not to; a plan follows them only when asked.
  http.followRedirects = !r.directives.some((d) => d.name === 'no-redirect');
  for (const d of r.directives) {
    const where = `${task} (line ${d.line})`;
    if (EDITOR_ONLY.has(d.name) || d.name === 'no-redirect') continue;
    if (d.name === 'ref' || d.name === 'forceRef') {
      const target = taskOf.get(d.value);
      if (target && results.link(task, target)) needs.push(target);
      else report.notTranslated.push(`${where}: # @${d.name} ${d.value}: ${target ? 'would make the tasks wait for each other in a circle' : 'no request of that name'}`);
      continue;
    }
    const timeout = d.name === 'timeout' ? /^(\d+)\s*(ms|s|m)?$/.exec(d.value) : null;
    if (timeout) {
      http.timeout = `${timeout[1]}${timeout[2] ?? 's'}`;
      continue;
    }
    const hint = /^(insecure|no-reject-unauthorized)$/.test(d.name) ? ' (run with runner run --insecure-skip-verify instead)' : '';
    report.notTranslated.push(`${where}: # @${d.name}${d.value ? ` ${d.value}` : ''}: no plan equivalent${hint}`);
  }
  return needs;
}

/** The value of a request's first `# @<name>` directive. */
function directive(r: ParsedRequest, name: string): string | undefined {
  return r.directives.find((d) => d.name === name)?.value || undefined;
}

/** `get-users-orders` from `GET {{base}}/users/{{id}}/orders?x=1`: method and literal path segments. */
function defaultName(r: ParsedRequest): string {
  const path = r.url.replace(/\{\{.*?\}\}/g, '').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0]!;
  return slugTaskName([r.method.toLowerCase(), ...path.split('/').filter(Boolean)].join('-'));
}

/**
 * The file runs top to bottom, a plan in parallel: a DELETE waits for the
 * requests above it on the same URL or beneath it, so a run never deletes
 * what the file reads first.
 */
function orderDeletes(docs: TaskDoc[], results: ResultRegistry, added: string[]): void {
  const urlOf = (d: TaskDoc) => String((d.steps[0]!.http as Record<string, unknown>).url).split('?')[0]!;
  docs.forEach((d, i) => {
    if ((d.steps[0]!.http as Record<string, unknown>).method !== 'DELETE') return;
    const target = urlOf(d);
    const before = docs.slice(0, i).filter((o) => (urlOf(o) === target || urlOf(o).startsWith(`${target}/`)) && results.link(d.name, o.name)).map((o) => o.name);
    if (before.length === 0) return;
    docs[i] = { name: d.name, needs: [...new Set([...(d.needs ?? []), ...before])], steps: d.steps };
    added.push(`${d.name} needs ${before.join(', ')}: the DELETE runs after the requests above it on the same URL`);
  });
}
