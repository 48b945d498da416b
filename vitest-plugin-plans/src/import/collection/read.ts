/**
 * The collection file as JSON, and the checks that it is a Postman v2
 * collection at all. Failures are `ImportInputError`s (exit 64) that say
 * where the JSON breaks (line and column, which `JSON.parse` in Node 20 does
 * not always give) or what the file is instead (a v1 collection, a Postman
 * environment, some other JSON), so the user knows what to export instead.
 */
import { ImportInputError } from '../types.js';

/** Parses and checks the file; returns the collection JSON for the SDK. */
export function readCollectionJson(text: string): Record<string, unknown> {
  const src = text.replace(/^\uFEFF/, '');
  if (src.trim() === '') throw new ImportInputError('the file is empty; expected a Postman collection (JSON, v2.0 or v2.1)');
  let json: unknown;
  try {
    json = JSON.parse(src);
  } catch {
    const { pos, message } = jsonErrorAt(src);
    const before = src.slice(0, pos);
    const line = before.split('\n').length;
    const column = pos - before.lastIndexOf('\n');
    throw new ImportInputError(`not JSON: ${message} at line ${line} column ${column}`);
  }
  return checkShape(json);
}

const SCHEMA = /schema\.(getpostman|postman)\.com\/json\/collection\/v(\d+)\.(\d+)\.\d+/;

function checkShape(json: unknown): Record<string, unknown> {
  const what = Array.isArray(json) ? 'a list' : json === null ? 'null' : typeof json === 'object' ? undefined : `a ${typeof json}`;
  if (what) throw new ImportInputError(`not a Postman collection: the file holds ${what}; expected an object with "info" and "item"`);
  const o = json as Record<string, unknown>;
  if (Array.isArray(o.values) && (o._postman_variable_scope === 'environment' || o._postman_variable_scope === 'globals')) {
    throw new ImportInputError('this is a Postman environment, not a collection; import the collection (its variables that the collection uses become empty env entries to fill in)');
  }
  if (typeof o.openapi === 'string' || typeof o.swagger === 'string') {
    throw new ImportInputError(`this is an OpenAPI document (${typeof o.openapi === 'string' ? `openapi ${o.openapi}` : `swagger ${String(o.swagger)}`}), not a Postman collection; use runner import openapi`);
  }
  if (Array.isArray(o.requests) || Array.isArray(o.order)) {
    throw new ImportInputError('this is a Postman collection v1; export it again from Postman as Collection v2.1');
  }
  const info = o.info;
  if (info === null || typeof info !== 'object' || Array.isArray(info)) {
    throw new ImportInputError(`not a Postman collection: no "info" object${Array.isArray(o.item) ? '' : ' and no "item" list'} (a Postman v2 export has both)`);
  }
  const schema = (info as Record<string, unknown>).schema;
  if (typeof schema === 'string') {
    const m = SCHEMA.exec(schema);
    if (!m) throw new ImportInputError(`not a Postman collection: info.schema is ${JSON.stringify(schema)}; expected the v2.0 or v2.1 collection schema`);
    if (m[2] !== '2' || (m[3] !== '0' && m[3] !== '1')) throw new ImportInputError(`Postman collection v${m[2]}.${m[3]} is not read; export it again as Collection v2.1`);
  }
  if (!Array.isArray(o.item)) {
    throw new ImportInputError(`not a Postman collection: ${o.item === undefined ? 'no "item" list' : '"item" is not a list'} of requests and folders${typeof schema === 'string' ? '' : ', and info.schema does not name the collection schema'}`);
  }
  prepareItems(o.item, 'item', { n: 0 });
  return o;
}

/**
 * Checks that every entry of an item list is an object and a folder's
 * `item` a list, and readies the JSON for the SDK: saved example responses
 * and descriptions are dropped (the importer reads none, and real exports
 * carry many, each a full object model in the SDK), and items and scripts without an id get
 * one, which spares the SDK a random UUID each (a tenth of its time on a
 * 2,000-request collection).
 */
function prepareItems(items: unknown[], at: string, ids: { n: number }): void {
  items.forEach((it, i) => {
    const path = `${at}[${i}]`;
    if (it === null || typeof it !== 'object' || Array.isArray(it)) throw new ImportInputError(`not a Postman collection: ${path} is not an object (a request or a folder)`);
    const item = it as Record<string, unknown>;
    delete item.response;
    delete item.description;
    if (item.request && typeof item.request === 'object') delete (item.request as Record<string, unknown>).description;
    item.id ??= `runner-import-${ids.n++}`;
    if (Array.isArray(item.event)) {
      for (const ev of item.event) {
        const script = ev && typeof ev === 'object' ? (ev as Record<string, unknown>).script : undefined;
        if (script && typeof script === 'object' && !Array.isArray(script)) (script as Record<string, unknown>).id ??= `runner-import-${ids.n++}`;
      }
    }
    const sub = item.item;
    if (sub !== undefined) {
      if (!Array.isArray(sub)) throw new ImportInputError(`not a Postman collection: ${path}.item is not a list`);
      prepareItems(sub, `${path}.item`, ids);
    }
  });
}

/**
 * Where and why JSON text fails to parse: a small validator run only after
 * `JSON.parse` failed, to name the place in words a person can act on.
 */
export function jsonErrorAt(src: string): { pos: number; message: string } {
  let i = 0;
  const ws = () => { while (i < src.length && ' \t\r\n'.includes(src[i]!)) i++; };
  const fail = (message: string): never => { throw { pos: i, message: i >= src.length ? 'the file ends early' : message }; };
  const found = () => (i >= src.length ? 'the end of the file' : JSON.stringify(src[i]));
  const value = (): void => {
    ws();
    const c = src[i];
    if (c === '{') {
      i++; ws();
      if (src[i] === '}') { i++; return; }
      for (;;) {
        ws();
        if (src[i] !== '"') fail(`expected a property name in double quotes, found ${found()}`);
        string(); ws();
        if (src[i] !== ':') fail(`expected : after the property name, found ${found()}`);
        i++; value(); ws();
        if (src[i] === ',') { i++; continue; }
        if (src[i] === '}') { i++; return; }
        fail(`expected , or } after a property value, found ${found()}`);
      }
    }
    if (c === '[') {
      i++; ws();
      if (src[i] === ']') { i++; return; }
      for (;;) {
        value(); ws();
        if (src[i] === ',') { i++; continue; }
        if (src[i] === ']') { i++; return; }
        fail(`expected , or ] after a list element, found ${found()}`);
      }
    }
    if (c === '"') return string();
    const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(src.slice(i, i + 400));
    if (!m) fail(`expected a value, found ${found()}`);
    i += m![0].length;
  };
  const string = () => {
    for (i++; i < src.length && src[i] !== '"'; i++) {
      if (src[i] === '\\') { i++; if (!'"\\/bfnrtu'.includes(src[i] ?? '')) fail(`a bad escape \\${src[i]} in a string`); }
      else if (src.charCodeAt(i) < 0x20) fail('a line break or control character inside a string (escape it as \\n)');
    }
    if (i >= src.length) fail('a string is not closed');
    i++;
  };
  try {
    value(); ws();
    if (i < src.length) fail(`unexpected ${found()} after the end of the JSON value`);
    return { pos: 0, message: 'the JSON does not parse' };
  } catch (e) {
    if (e && typeof e === 'object' && 'pos' in e) return e as { pos: number; message: string };
    throw e;
  }
}
