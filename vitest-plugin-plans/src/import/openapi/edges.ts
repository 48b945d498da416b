/**
 * Ordering between imported operations. A plan runs tasks in parallel, so
 * an operation that needs an id another one creates must say so: its path
 * parameter is templated from the producer's result, which the loader
 * turns into a derived edge. OpenAPI links (`links:` with `operationId` and
 * `$response.body#/id`) say exactly which value feeds which parameter and
 * are used first; otherwise a path parameter `/pets/{petId}` is fed from
 * the collection `/pets` (its POST, else its GET) when that response's
 * schema has a `petId` or `id` field. A DELETE also waits for the other
 * operations on its resource, so a run never deletes what it is about to
 * read. Every edge is checked against the graph so far, never closing a cycle.
 */
import { planHeader, planPath } from '../requestfile/asserts.js';
import type { ResultRegistry } from '../requestfile/results.js';
import { isObject, type Json } from './read.js';
import type { Refs } from './refs.js';
import { mergeSchema } from './schema-sample.js';

/** An operation being imported. */
export interface Op {
  task: string;
  /** Lower case, as the document keys it. */
  method: string;
  template: string;
  op: { [k: string]: Json };
  file: string;
}

/** Where a consumer's parameter comes from. */
export interface FedParameter {
  producer: string;
  key: string;
  /** The producer's result expression (`body.id`). */
  expr: string;
  /** For `added:` (`link GetPet: $response.body#/id`). */
  why: string;
}

/** The documented success response: the lowest 2xx code, else a `2XX` range; undefined when none. */
export function successResponse(o: Op, refs: Refs): { status: string; response: { [k: string]: Json }; file: string } | undefined {
  const responses = isObject(o.op.responses) ? o.op.responses : {};
  const codes = Object.keys(responses).filter((k) => /^2\d\d$/.test(k)).sort();
  const status = codes[0] ?? Object.keys(responses).find((k) => /^2xx$/i.test(k));
  if (status === undefined) return undefined;
  const d = refs.deref(responses[status], o.file);
  return isObject(d.value) ? { status, response: d.value, file: d.file } : undefined;
}

/**
 * Path (and other) parameters fed by other operations, keyed by consumer
 * task then `in\0name`. Producers' results are declared in `results`.
 */
export function feedParameters(ops: readonly Op[], refs: Refs, results: ResultRegistry, pathParams: Map<string, string[]>): Map<string, Map<string, FedParameter>> {
  const fed = new Map<string, Map<string, FedParameter>>();
  const feed = (consumer: Op, where: string, name: string, producer: Op, expr: string, why: string) => {
    const slot = fed.get(consumer.task) ?? new Map<string, FedParameter>();
    if (slot.has(`${where}\0${name}`) || !results.link(consumer.task, producer.task)) return;
    const key = results.declare(producer.task, name, expr, false);
    slot.set(`${where}\0${name}`, { producer: producer.task, key, expr, why });
    fed.set(consumer.task, slot);
  };
  // Links first: the document says which value feeds which parameter.
  for (const producer of ops) {
    const responses = isObject(producer.op.responses) ? producer.op.responses : {};
    for (const [status, raw] of Object.entries(responses)) {
      if (!/^2/.test(status)) continue;
      const response = refs.deref(raw, producer.file);
      const links = isObject(response.value) && isObject(response.value.links) ? response.value.links : {};
      for (const [linkName, rawLink] of Object.entries(links)) {
        const link = refs.deref(rawLink, response.file).value;
        if (!isObject(link) || !isObject(link.parameters)) continue;
        const target = ops.find((o) => (typeof link.operationId === 'string' && o.op.operationId === link.operationId) || (typeof link.operationRef === 'string' && link.operationRef === `#/paths/${o.template.replace(/~/g, '~0').replace(/\//g, '~1')}/${o.method}`));
        if (!target || target === producer) continue;
        for (const [qualified, expression] of Object.entries(link.parameters)) {
          const expr = typeof expression === 'string' ? runtimeExpression(expression) : undefined;
          if (!expr) continue;
          const m = /^(path|query|header|cookie)\.(.+)$/.exec(qualified);
          const where = m?.[1] ?? 'path';
          const name = m?.[2] ?? qualified;
          feed(target, where, name, producer, expr, `link ${linkName}: ${String(expression)}`);
        }
      }
    }
  }
  // Operations on one path address one resource: a path parameter a link feeds to one feeds the others alike.
  for (const consumer of ops) {
    for (const sibling of ops) {
      if (sibling === consumer || sibling.template !== consumer.template) continue;
      for (const [slot, f] of fed.get(sibling.task) ?? []) {
        const producer = ops.find((o) => o.task === f.producer);
        const [where, name] = slot.split('\0') as [string, string];
        if (where === 'path' && producer) feed(consumer, where, name, producer, f.expr, `as for ${sibling.task}: ${f.why}`);
      }
    }
  }
  // Then collections: /pets/{petId} from what POST (else GET) /pets answers.
  for (const consumer of ops) {
    for (const param of pathParams.get(consumer.task) ?? []) {
      const segments = consumer.template.split('/');
      const at = segments.indexOf(`{${param}}`);
      if (at < 1) continue;
      const collection = segments.slice(0, at).join('/');
      for (const method of ['post', 'get']) {
        const producer = ops.find((o) => o.template === collection && o.method === method);
        const field = producer && producerField(producer, param, refs);
        if (!producer || !field) continue;
        feed(consumer, 'path', param, producer, field, `the ${method.toUpperCase()} ${collection} answer has it`);
        break;
      }
    }
  }
  return fed;
}

/** `$response.body#/id` → `body.id`; `$response.header.Location` → its header. Other runtime expressions are not values a plan can read. */
function runtimeExpression(text: string): string | undefined {
  const body = /^\$response\.body#(\/.*)?$/.exec(text);
  if (body) return planPath('body', (body[1] ?? '').split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).map((s) => (/^\d+$/.test(s) ? Number(s) : s)));
  const header = /^\$response\.header\.(.+)$/.exec(text);
  return header ? planHeader(header[1]!) : undefined;
}

/** The result expression for `param` in a producer's JSON success answer: `body.id`, `body[0].id`, `body.items[0].id`. */
function producerField(producer: Op, param: string, refs: Refs): string | undefined {
  const success = successResponse(producer, refs);
  const content = success && isObject(success.response.content) ? success.response.content : {};
  const media = Object.keys(content).find((k) => /json/i.test(k));
  const entry = media ? content[media] : undefined;
  if (!success || !isObject(entry)) return undefined;
  const d = refs.deref(entry.schema, success.file);
  const schema = mergeSchema(refs, d.value, d.file);
  const fieldOf = (s: { [k: string]: Json }) => (isObject(s.properties) ? [param, 'id'].find((f) => f in (s.properties as object)) : undefined);
  const direct = fieldOf(schema);
  if (direct) return planPath('body', [direct]);
  const itemsOf = (s: { [k: string]: Json }) => {
    const i = refs.deref(s.items, d.file);
    return mergeSchema(refs, i.value, i.file);
  };
  if (schema.type === 'array' || schema.items !== undefined) {
    const f = fieldOf(itemsOf(schema));
    return f ? planPath('body', [0, f]) : undefined;
  }
  for (const [name, raw] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    const p = refs.deref(raw, d.file);
    const prop = mergeSchema(refs, p.value, p.file);
    if (prop.type !== 'array' && prop.items === undefined) continue;
    const f = fieldOf(itemsOf(prop));
    if (f) return planPath('body', [name, 0, f]);
  }
  return undefined;
}

/** A DELETE's explicit needs: every other operation on its path or beneath it. */
export function deleteNeeds(ops: readonly Op[], results: ResultRegistry): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const d of ops) {
    if (d.method !== 'delete') continue;
    const before = ops.filter((o) => o !== d && (o.template === d.template || o.template.startsWith(`${d.template}/`)) && !(o.method === 'delete' && o.template === d.template));
    const needs = before.filter((o) => results.link(d.task, o.task)).map((o) => o.task);
    if (needs.length > 0) out.set(d.task, needs);
  }
  return out;
}
