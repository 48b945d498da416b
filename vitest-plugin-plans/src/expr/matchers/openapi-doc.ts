/**
 * An OpenAPI 3.0 or 3.1 document as the runner reads it: parsed once (numbers
 * kept exact, duplicate YAML keys refused, sibling-file `$ref`s loaded, remote
 * ones refused, 3.0 schemas rewritten as JSON Schema 2020-12), its operations
 * listed, and a request's operation found by method and path the way the
 * spec says (a literal segment beats a template one; a
 * `servers[].url` path prefix is stripped when that helps). Both
 * `response matches openapi` and `runner run --openapi-coverage` read
 * documents through here, so they agree on which operation a request hit.
 */
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { parseJsonExact } from '../json-exact.js';
import { NIL, fromJs, list, map, num, type Value } from '../values.js';
import { Rational } from '../rational.js';
import { createAjv } from './ajv.js';
import { normalizeOpenApi30, openApiVersion } from './openapi-30.js';
import { fileUri, loadSchemaFiles, pathOfUri, readFault } from './schema.js';
import type { MatcherFiles } from './types.js';

/** The HTTP methods a path item may hold, in the order coverage lists them. */
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Parses an OpenAPI file: JSON exactly, else YAML with duplicate keys refused. Messages start with `<label> <path>:`. */
function parserFor(label: string) {
  return (path: string, text: string): { ok: true; value: Value } | { ok: false; message: string } => {
    if (path.endsWith('.json') || text.trimStart().startsWith('{')) {
      const j = parseJsonExact(text);
      return j.ok ? j : { ok: false, message: `${label} ${path}: is not valid JSON (${j.error.message})` };
    }
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, keepSourceTokens: true });
    if (doc.errors.length > 0) {
      const e = doc.errors[0]!;
      const dup = /unique/i.test(e.message) ? 'a duplicate key: ' : '';
      return { ok: false, message: `${label} ${path}: is not valid YAML (${dup}${e.message.split('\n')[0]})` };
    }
    return { ok: true, value: yamlValue(doc.contents, doc, 0) };
  };
}

/** A parsed 3.0 file with its schemas as 2020-12; a parse error as it was. */
function normalized(r: ReturnType<ReturnType<typeof parserFor>>): ReturnType<ReturnType<typeof parserFor>> {
  return r.ok ? { ok: true, value: normalizeOpenApi30(r.value) } : r;
}

/** Converts YAML nodes to Values, keeping a number's source text (`maximum: 10.05` stays exactly 10.05). */
function yamlValue(node: unknown, doc: Document, depth: number): Value {
  if (depth > 200) return NIL;
  if (isAlias(node)) return yamlValue(node.resolve(doc), doc, depth + 1);
  if (isMap(node)) return map(node.items.map((p) => [String(isScalar(p.key) ? p.key.value : p.key), yamlValue(p.value, doc, depth + 1)] as [string, Value]));
  if (isSeq(node)) return list(node.items.map((x) => yamlValue(x, doc, depth + 1)));
  if (isScalar(node)) {
    if (typeof node.value === 'number') {
      const tok = node.srcToken as { source?: string } | undefined;
      const text = tok?.source?.trim();
      if (text && Rational.parse(text)) return num(text);
      return Number.isFinite(node.value) ? num(node.value) : fromJs(String(node.value));
    }
    return fromJs(node.value);
  }
  return NIL;
}

/** A map's entry, or undefined for anything else. */
export function get(v: Value | undefined, key: string): Value | undefined {
  return v && v.k === 'map' ? v.entries.get(key) : undefined;
}

/** A JSON pointer from segments (without the leading `/`). */
export function ptr(segments: readonly string[]): string {
  return segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** One operation: a method of a path item. */
export interface Operation {
  readonly template: string;
  /** Lower case, as the document keys it. */
  readonly method: string;
  readonly op: Value;
  readonly pointer: string[];
}

/** Matches a request path against a path template; returns the literal-segment mask, or undefined. */
function matchPath(template: string, path: string): number[] | undefined {
  const t = template.split('/').filter((s, i) => i > 0 || s !== '');
  const p = path.split('/').filter((s, i) => i > 0 || s !== '');
  if (t.length !== p.length) return undefined;
  const mask: number[] = [];
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!;
    if (/^\{[^}]+\}$/.test(seg)) {
      if (p[i] === '') return undefined;
      mask.push(0);
    } else if (seg.includes('{')) {
      const re = new RegExp('^' + seg.split(/\{[^}]+\}/).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+') + '$');
      if (!re.test(safeDecode(p[i]!))) return undefined;
      mask.push(0);
    } else {
      if (seg !== p[i] && seg !== safeDecode(p[i]!)) return undefined;
      mask.push(1);
    }
  }
  return mask;
}

/** `%zz` in a path a plan sent is not an error of the document: compare it as written. */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The response object for a status: exact, then `2XX`, then `default` (spec). */
export function pickResponse(responses: Value | undefined, status: number): { key: string; value: Value } | undefined {
  if (!responses || responses.k !== 'map') return undefined;
  for (const key of [String(status), `${Math.floor(status / 100)}XX`, `${Math.floor(status / 100)}xx`, 'default']) {
    const v = responses.entries.get(key);
    if (v) return { key, value: v };
  }
  return undefined;
}

/** A loaded document and what both readers ask of it. */
export interface OpenApiDocument {
  /** The root file's URI (refs resolve against it). */
  readonly uri: string;
  /** Every file loaded, by URI. */
  readonly docs: Map<string, Value>;
  /** Every operation, in document order. */
  readonly operations: readonly Operation[];
  /** Follows internal and sibling `$ref`s of non-schema objects (path items, responses, headers). */
  deref(v: Value | undefined, base?: string): Value | undefined;
  /** The operation a request hit, by lower-case method and URL path; server path prefixes tried after the path as sent. */
  find(method: string, path: string): Operation | undefined;
}

/**
 * Load an OpenAPI 3.0 or 3.1 document and every sibling file its `$ref`s reach
 * (into `ajv`, so a matcher compiles its schemas from the same load).
 * @example
 * const r = loadOpenApiDocument('openapi', 'api.yaml', files);
 * if (r.ok) r.doc.find('get', '/orders/7'); // → the `/orders/{id}` get operation
 */
export function loadOpenApiDocument(label: string, file: string, files: MatcherFiles, ajv: Ajv2020 = createAjv()): { ok: true; doc: OpenApiDocument } | { ok: false; message: string } {
  // The root is read first: its version decides how every file it reaches is read, before any reaches Ajv.
  const parse = parserFor(label);
  const rootPath = pathOfUri(fileUri(file));
  const read = files.read(rootPath);
  if (!read.ok) return { ok: false, message: readFault(label, rootPath, read) };
  const parsed = parse(rootPath, read.text);
  if (!parsed.ok) return parsed;
  const version = openApiVersion(parsed.value, `${label} ${file}`);
  if (!version.ok) return version;
  // 3.0 schemas are rewritten as 2020-12 once, here, file by file; a 3.1 document reaches Ajv as written.
  const is30 = version.minor === '3.0';
  const docs = new Map<string, Value>();
  const loaded = loadSchemaFiles(ajv, label, file, files, {
    parse: is30 ? (path, text) => normalized(parse(path, text)) : parse,
    root: is30 ? normalizeOpenApi30(parsed.value) : parsed.value,
    generic: true,
    docs,
  });
  if (!loaded.ok) return loaded;
  const root = docs.get(loaded.uri)!;

  const deref = (v: Value | undefined, base: string = loaded.uri, depth = 0): Value | undefined => {
    const ref = get(v, '$ref');
    if (!ref || ref.k !== 'str' || depth > 20) return v;
    const target = new URL(ref.v, base);
    const fragment = decodeURIComponent(target.hash.replace(/^#/, ''));
    const docUri = target.href.replace(/#.*$/, '');
    let cur = docs.get(docUri);
    for (const seg of fragment.split('/').slice(1)) cur = get(cur, seg.replace(/~1/g, '/').replace(/~0/g, '~')) ?? (cur?.k === 'list' ? cur.items[Number(seg)] : undefined);
    return deref(cur, docUri, depth + 1);
  };

  const operations: Operation[] = [];
  const paths = get(root, 'paths');
  if (paths && paths.k === 'map')
    for (const [template, item] of paths.entries)
      for (const method of METHODS) {
        const op = get(deref(item), method);
        if (op) operations.push({ template, method, op, pointer: ['paths', template, method] });
      }

  const serverPrefixes: string[] = [];
  const servers = get(root, 'servers');
  if (servers && servers.k === 'list')
    for (const s of servers.items) {
      const url = get(s, 'url');
      if (!url || url.k !== 'str') continue;
      const vars = get(s, 'variables');
      const filled = url.v.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const d = get(get(vars, name), 'default');
        return d && d.k === 'str' ? d.v : '';
      });
      try {
        const p = new URL(filled, 'http://server.invalid').pathname.replace(/\/+$/, '');
        if (p) serverPrefixes.push(p);
      } catch {
        /* a server URL that does not parse cannot be a prefix */
      }
    }

  const findExact = (method: string, path: string): Operation | undefined => {
    let best: { o: Operation; mask: number[] } | undefined;
    for (const o of operations) {
      if (o.method !== method) continue;
      const mask = matchPath(o.template, path);
      if (!mask) continue;
      // A literal segment beats a template segment, compared from the left.
      if (!best || mask.join('') > best.mask.join('')) best = { o, mask };
    }
    return best?.o;
  };
  const find = (method: string, path: string): Operation | undefined => {
    let o = findExact(method, path);
    for (const prefix of serverPrefixes) {
      if (o) break;
      if (path === prefix || path.startsWith(prefix + '/')) o = findExact(method, path.slice(prefix.length) || '/');
    }
    return o;
  };

  return { ok: true, doc: { uri: loaded.uri, docs, operations, deref, find } };
}
