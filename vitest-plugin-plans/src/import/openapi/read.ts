/**
 * Reading an OpenAPI document for import: JSON or YAML through the `yaml`
 * package (JSON is YAML 1.2 flow syntax, so one parser reports positions for
 * both), duplicate keys refused as the `response matches openapi` matcher
 * refuses them, and the version checked (3.0 and 3.1; Swagger 2.0 is named
 * so the user knows to convert it). Every fault is an ImportInputError with
 * a line and column, since the user must fix the document.
 */
import { isMap, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { ImportInputError } from '../types.js';

/** A plain-data OpenAPI value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A parsed document. */
export interface OpenApiSource {
  root: { [key: string]: Json };
  /** `3.0` or `3.1`. */
  minor: '3.0' | '3.1';
  /** The `openapi` field as written (`3.0.3`). */
  version: string;
}

/**
 * Parses and checks a document; `text` is the file's content.
 * @example readOpenApi('openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n').minor // '3.1'
 */
export function readOpenApi(text: string): OpenApiSource {
  const root = parseYamlOrJson(text, '');
  const at = (needle: string) => positionOf(text, needle);
  if (!isObject(root)) throw new ImportInputError(`line 1, column 1: an OpenAPI document is a map of fields (openapi, info, paths), found ${describe(root)}`);
  if ('swagger' in root)
    throw new ImportInputError(`${at('swagger')}: Swagger ${String(root.swagger)} is not supported; convert the document to OpenAPI 3 first (only OpenAPI 3.0 and 3.1 import)`);
  const version = root.openapi;
  if (version === undefined) throw new ImportInputError('line 1, column 1: no openapi field: this is not an OpenAPI document (openapi: 3.1.0 is expected at the top)');
  const m = /^3\.([01])(\.\d+)?$/.exec(String(version));
  if (!m) throw new ImportInputError(`${at('openapi')}: OpenAPI ${String(version)} is not supported; only 3.0 and 3.1 import`);
  const paths = root.paths;
  if (paths !== undefined && !isObject(paths)) throw new ImportInputError(`${at('paths')}: paths must be a map of path templates, found ${describe(paths)}`);
  return { root, minor: m[1] === '0' ? '3.0' : '3.1', version: String(version) };
}

/**
 * Parses JSON or YAML text; a syntax error or a duplicate key throws with its position.
 * `label` prefixes messages for files a `$ref` reaches (`schemas.yaml: `).
 */
export function parseYamlOrJson(text: string, label: string): Json {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, lineCounter, strict: true });
  const e = doc.errors[0];
  if (e) {
    const pos = lineCounter.linePos(e.pos[0]);
    const dup = /unique/i.test(e.message);
    const what = dup ? `the key ${JSON.stringify(keyAt(text, e.pos[0]))} appears twice in one map` : e.message.split('\n')[0]!;
    throw new ImportInputError(`${label}line ${pos.line}, column ${pos.col}: ${dup ? what : `not valid YAML or JSON: ${what}`}`);
  }
  // A map key that is itself a map or list is valid YAML but no JSON value: refuse it rather than stringify it.
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) || !pair.key) return;
      const at = lineCounter.linePos((pair.key as { range?: [number] }).range?.[0] ?? 0);
      throw new ImportInputError(`${label}line ${at.line}, column ${at.col}: a key must be text, found a ${isMap(pair.key) ? 'map' : 'list'}`);
    },
  });
  try {
    return doc.toJS({ maxAliasCount: 1000 }) as Json;
  } catch (err) {
    // Alias expansion past the limit (a "billion laughs" document), or an alias to nothing.
    throw new ImportInputError(`${label}line 1, column 1: ${(err as Error).message}`);
  }
}

/** True for a map (not a list, not null). */
export function isObject(v: unknown): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `line L, column C` of the first `<needle>:` key in the text (or `line 1, column 1`). */
export function positionOf(text: string, needle: string): string {
  const re = new RegExp(`(^|[\\s{,])"?${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?\\s*:`, 'm');
  const m = re.exec(text);
  if (!m) return 'line 1, column 1';
  const offset = m.index + m[1]!.length;
  const before = text.slice(0, offset);
  return `line ${before.split('\n').length}, column ${offset - before.lastIndexOf('\n')}`;
}

/** The key text at an error offset, for a duplicate-key message. */
function keyAt(text: string, offset: number): string {
  return /^\s*"?([^":\n]*)"?/.exec(text.slice(offset))?.[1]?.trim() ?? '';
}

function describe(v: unknown): string {
  return Array.isArray(v) ? 'a list' : v === null ? 'nothing' : `the ${typeof v} ${JSON.stringify(v)}`;
}
