/**
 * `runner import openapi <file>`: an OpenAPI 3.0 or 3.1 document (JSON or
 * YAML) as a plan of one task per operation, in document order
 * (plan-runner.md §4 "runner import"; the rules are
 * docs/import-requestfile-openapi.md). Each step asserts the documented
 * success status and, when the matcher can load the document, that the
 * whole exchange matches it (`response matches openapi`). Values the
 * document does not give are made up and listed under `added:`; what a
 * plan cannot do (callbacks, webhooks, multipart and XML bodies) is listed
 * under `not translated:`.
 */
import { basename } from 'node:path';
import { createTaskNamer, envIdentifier } from '../names.js';
import { ImportInputError, type EnvEntry, type Importer, type ImportReport, type StepDoc, type TaskDoc } from '../types.js';
import { ResultRegistry } from '../requestfile/results.js';
import { deleteNeeds, feedParameters, successResponse, type Op } from './edges.js';
import { openApiMatcherProblem } from './matcher.js';
import { operationParameters } from './params.js';
import { isObject, positionOf, readOpenApi, type Json } from './read.js';
import { Refs } from './refs.js';
import { escapeTemplate, operationRequest } from './request.js';
import { SecuritySchemes } from './security.js';

/** The methods a path item may hold (OpenAPI 3.1 §4.8.9). */
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Imports an OpenAPI document.
 * @example importOpenApi({ text, file: 'petstore.yaml', dir, args: [] }).plan.tasks.map((t) => t.name) // ['list-pets', 'create-pet', …]
 */
export const importOpenApi: Importer = (input) => {
  const src = readOpenApi(input.text);
  // The plan is checked and meant to be saved beside the document, so the document is named relative to it.
  const file = basename(input.file);
  const refs = new Refs(src.root, file, input.dir, input.text);
  const report: ImportReport = { plan: { tasks: [] }, added: [], notTranslated: [] };
  const env: Record<string, EnvEntry> = { base: baseUrl(src.root.servers, 'base', report.added) };

  const namer = createTaskNamer();
  const ops: Array<Op & { pathItem: { [k: string]: Json } }> = [];
  for (const [template, rawItem] of Object.entries(isObject(src.root.paths) ? src.root.paths : {})) {
    const item = refs.deref(rawItem, file);
    if (!isObject(item.value)) throw new ImportInputError(`${positionOf(input.text, template)}: the path item ${template} must be a map of operations`);
    for (const [method, op] of Object.entries(item.value)) {
      if (!METHODS.has(method)) continue;
      if (!isObject(op)) throw new ImportInputError(`${positionOf(input.text, template)}: ${method} of ${template} must be an operation (a map)`);
      const wanted = typeof op.operationId === 'string' ? kebab(op.operationId) : `${method} ${template}`;
      ops.push({ task: namer(wanted), method, template, op, file: item.file, pathItem: item.value });
    }
  }
  if (ops.length === 0) throw new ImportInputError(`${positionOf(input.text, 'paths')}: the document has no operations under paths; there is nothing to import`);

  const results = new ResultRegistry();
  const pathParams = new Map(ops.map((o) => [o.task, operationParameters(o.pathItem, o.op, refs, o.file).filter((p) => p.in === 'path').map((p) => p.name)]));
  const fed = feedParameters(ops, refs, results, pathParams);
  const needs = deleteNeeds(ops, results);
  const security = new SecuritySchemes(refs, env, report.added, report.notTranslated);
  const matcherProblem = openApiMatcherProblem(file, input.dir);
  if (matcherProblem) report.notTranslated.push(`response checks: ${matcherProblem}; the steps assert the status only`);
  else report.added.push(`every step asserts response matches openapi "${file}", read relative to the plan: save the plan beside ${file}`);

  const tasks: TaskDoc[] = ops.map((o) => {
    for (const [where, f] of fed.get(o.task) ?? [])
      report.added.push(`${o.task} needs ${f.producer}: ${where.replace('\0', ' parameter ')} is its result ${f.expr} (${f.why})`);
    // Servers of a path or operation override the document's (OpenAPI 3.1 §4.8.9): they get an env entry of their own.
    const servers = o.op.servers ?? o.pathItem.servers;
    let base = 'base';
    if (Array.isArray(servers) && servers.length > 0) {
      base = `base_${envIdentifier(o.task)}`;
      env[base] = baseUrl(servers, base, report.added);
    }
    const http = operationRequest(o, o.pathItem, { base, refs, fed: fed.get(o.task), credentials: security.forOperation(o.op, o.task), secretParameter: (name, where) => security.forParameter(name, where), added: report.added, notTranslated: report.notTranslated });
    if (isObject(o.op.callbacks)) report.notTranslated.push(`${o.task}: callbacks ${Object.keys(o.op.callbacks).join(', ')}: a plan sends requests; it cannot receive them`);
    const assert = [statusAssertion(o, refs, report.added)];
    if (!matcherProblem) assert.push(`response matches openapi ${JSON.stringify(file)}`);
    // A step name is a plain label, not a template: the summary goes in as written.
    const step: StepDoc = { ...(typeof o.op.summary === 'string' ? { name: o.op.summary } : {}), http, assert };
    const declared = results.resultsOf(o.task);
    if (declared) step.results = declared;
    const before = needs.get(o.task);
    if (before) report.added.push(`${o.task} needs ${before.join(', ')}: a DELETE runs after the other operations on ${o.template}`);
    return { name: o.task, ...(before ? { needs: before } : {}), steps: [step] };
  });
  for (const name of Object.keys(isObject(src.root.webhooks) ? src.root.webhooks : {}))
    report.notTranslated.push(`webhook ${name}: a plan sends requests; it cannot receive them`);
  report.plan = { env, tasks };
  return report;
};

/** The documented success status as an assertion; `status < 400` (said under `added:`) when none is documented. */
function statusAssertion(o: Op, refs: Refs, added: string[]): string {
  const success = successResponse(o, refs);
  if (success && /^\d+$/.test(success.status)) return `status == ${success.status}`;
  if (success) return 'status >= 200 and status < 300';
  added.push(`${o.task}: no 2xx response is documented; asserts status < 400`);
  return 'status < 400';
}

/** `env.<id>`: the first server's URL with its variables' defaults; a relative one is made absolute on localhost. */
function baseUrl(servers: Json | undefined, id: string, added: string[]): string {
  const server = Array.isArray(servers) && isObject(servers[0]) ? servers[0] : undefined;
  const override = `set RUNNER_ENV_${id.toUpperCase()} to the API address`;
  if (!server || typeof server.url !== 'string') {
    added.push(`env.${id} = http://localhost:8080: the document names no server (${override})`);
    return 'http://localhost:8080';
  }
  const vars = isObject(server.variables) ? server.variables : {};
  let url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = vars[name];
    const d = isObject(v) ? (v.default ?? (Array.isArray(v.enum) ? v.enum[0] : undefined)) : undefined;
    return d === undefined || d === null ? '' : String(d);
  });
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    const absolute = `http://localhost${url.startsWith('/') ? '' : '/'}${url}`;
    added.push(`env.${id} = ${absolute.replace(/\/+$/, '')}: the server URL ${server.url} is relative (${override})`);
    url = absolute;
  }
  return escapeTemplate(url.replace(/\/+$/, ''));
}

/** `getPetById` → `get-pet-by-id`: operation ids read as task names. */
function kebab(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2');
}
