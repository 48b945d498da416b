/** The `response matches openapi` matcher: an exchange against an OpenAPI 3.1 document (operation, response status, body by content type, required headers). */
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import type { ValidateFunction } from 'ajv';
import { parseJsonExact } from '../json-exact.js';
import { NIL, fromJs, list, map, num, toJs, type Value } from '../values.js';
import { Rational } from '../rational.js';
import { createAjv, errorLines } from './ajv.js';
import { withExactNumbers } from './exact-keywords.js';
import { fileUri, loadSchemaFiles } from './schema.js';
import type { MatcherCompile, MatcherFiles, ResponseParts } from './types.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Parses an OpenAPI file: JSON exactly, else YAML with duplicate keys refused. */
function parseOpenApi(path: string, text: string): { ok: true; value: Value } | { ok: false; message: string } {
  if (path.endsWith('.json') || text.trimStart().startsWith('{')) {
    const j = parseJsonExact(text);
    return j.ok ? j : { ok: false, message: `openapi ${path}: is not valid JSON (${j.error.message})` };
  }
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, keepSourceTokens: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const dup = /unique/i.test(e.message) ? 'a duplicate key: ' : '';
    return { ok: false, message: `openapi ${path}: is not valid YAML (${dup}${e.message.split('\n')[0]})` };
  }
  return { ok: true, value: yamlValue(doc.contents, doc, 0) };
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

function get(v: Value | undefined, key: string): Value | undefined {
  return v && v.k === 'map' ? v.entries.get(key) : undefined;
}

function ptr(segments: readonly string[]): string {
  return segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

interface Operation {
  readonly template: string;
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
      if (!re.test(decodeURIComponent(p[i]!))) return undefined;
      mask.push(0);
    } else {
      if (seg !== p[i] && seg !== decodeURIComponent(p[i]!)) return undefined;
      mask.push(1);
    }
  }
  return mask;
}

/** The response object for a status: exact, then `2XX`, then `default` (spec). */
function pickResponse(responses: Value | undefined, status: number): { key: string; value: Value } | undefined {
  if (!responses || responses.k !== 'map') return undefined;
  for (const key of [String(status), `${Math.floor(status / 100)}XX`, `${Math.floor(status / 100)}xx`, 'default']) {
    const v = responses.entries.get(key);
    if (v) return { key, value: v };
  }
  return undefined;
}

/** The content entry for a media type: exact, then `type/*`, then `*\/*`. */
function pickContent(content: Value, contentType: string | undefined): string | undefined {
  if (content.k !== 'map') return undefined;
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const keys = [...content.entries.keys()];
  const norm = (k: string) => k.split(';')[0]!.trim().toLowerCase();
  return keys.find((k) => norm(k) === media) ?? keys.find((k) => norm(k) === `${media.split('/')[0]}/*`) ?? keys.find((k) => norm(k) === '*/*');
}

/**
 * `response matches openapi "<file>"`: the whole exchange against an OpenAPI
 * 3.1 document (operation by method and path, response by status, body by
 * content type, required headers).
 */
export function compileOpenApi(file: string, files: MatcherFiles): MatcherCompile {
  const ajv = createAjv();
  const docs = new Map<string, Value>();
  const loaded = loadSchemaFiles(ajv, 'openapi', file, files, { parse: parseOpenApi, generic: true, docs });
  if (!loaded.ok) return loaded;
  const doc = docs.get(loaded.uri)!;
  const version = get(doc, 'openapi');
  if (!version || version.k !== 'str' || !/^3\.1(\.\d+)?$/.test(version.v))
    return { ok: false, message: `openapi ${file}: version ${version && version.k === 'str' ? version.v : version ? String(toJs(version)) : '(none)'} is not supported; only OpenAPI 3.1 is` };

  /** Follows internal and sibling `$ref`s of non-schema objects (responses, headers). */
  const deref = (v: Value | undefined, base: string, depth = 0): Value | undefined => {
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
  const paths = get(doc, 'paths');
  if (paths && paths.k === 'map')
    for (const [template, item] of paths.entries)
      for (const method of METHODS) {
        const op = get(deref(item, loaded.uri), method);
        if (op) operations.push({ template, method, op, pointer: ['paths', template, method] });
      }

  const validators = new Map<string, ValidateFunction>();
  // Compile every response schema now: the spec compiles OpenAPI files once, at load.
  for (const o of operations) {
    const responses = get(o.op, 'responses');
    if (!responses || responses.k !== 'map') continue;
    for (const [status, raw] of responses.entries) {
      const content = get(deref(raw, loaded.uri), 'content');
      if (!content || content.k !== 'map') continue;
      for (const [media, entry] of content.entries) {
        if (!get(entry, 'schema')) continue;
        const where = get(raw, '$ref') ? undefined : ptr([...o.pointer, 'responses', status, 'content', media, 'schema']);
        if (!where) continue;
        try {
          const v = ajv.compile({ $ref: `${loaded.uri}#/${where}` });
          validators.set(where, v);
        } catch (e) {
          return { ok: false, message: `openapi ${file}: does not compile: ${(e as Error).message}` };
        }
      }
    }
  }

  const serverPrefixes: string[] = [];
  const servers = get(doc, 'servers');
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

  const find = (method: string, path: string): Operation | undefined => {
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

  const validatorFor = (o: Operation, status: string, rawResponse: Value, media: string): ValidateFunction | undefined => {
    const where = ptr([...o.pointer, 'responses', status, 'content', media, 'schema']);
    const cached = validators.get(where);
    if (cached || !get(rawResponse, '$ref')) return cached;
    // A $ref'd response: compile its schema through the ref's target once, on first use.
    const ref = get(rawResponse, '$ref')!;
    const target = new URL((ref as { v: string }).v, loaded.uri);
    const v = ajv.compile({ $ref: `${target.href.replace(/#.*$/, '')}#${target.hash.replace(/^#/, '')}/${ptr(['content', media, 'schema'])}` });
    validators.set(where, v);
    return v;
  };

  return {
    ok: true,
    matcher: {
      kind: 'openapi',
      file,
      match(_subject, ctx) {
        const res = ctx.response as ResponseParts;
        const method = res.method.toLowerCase();
        let path: string;
        try {
          path = new URL(res.url, 'http://request.invalid').pathname;
        } catch {
          path = res.url.split('?')[0]!;
        }
        const label = `${res.method.toUpperCase()} ${path}`;
        let o = find(method, path);
        for (const prefix of serverPrefixes) {
          if (o) break;
          if (path === prefix || path.startsWith(prefix + '/')) o = find(method, path.slice(prefix.length) || '/');
        }
        if (!o) return { ok: false, lines: [`openapi ${file}: no operation for ${label}`] };
        const opLabel = `${res.method.toUpperCase()} ${o.template}`;
        const picked = pickResponse(get(o.op, 'responses'), res.status);
        if (!picked) return { ok: false, lines: [`openapi ${file}: status ${res.status} is not documented for ${opLabel}`] };
        const response = deref(picked.value, loaded.uri);
        const lines: string[] = [];
        const hdrs = get(response, 'headers');
        if (hdrs && hdrs.k === 'map')
          for (const [name, h] of hdrs.entries) {
            const req = get(deref(h, loaded.uri), 'required');
            if (name.toLowerCase() === 'content-type' || !req || req.k !== 'bool' || !req.v) continue;
            if (!res.headers.entries.has(name.toLowerCase())) lines.push(`openapi ${file}: required header ${name} missing from the ${picked.key} response of ${opLabel}`);
          }
        const content = get(response, 'content');
        if (content && content.k === 'map' && content.entries.size > 0) {
          const ct = res.headers.entries.get('content-type');
          const media = pickContent(content, ct);
          if (media === undefined) {
            lines.push(`openapi ${file}: content type ${ct ?? '(none)'} is not documented for the ${picked.key} response of ${opLabel}; documented: ${[...content.entries.keys()].join(', ')}`);
          } else if (get(get(content, media), 'schema')) {
            const validate = validatorFor(o, picked.key, picked.value, media);
            if (validate) {
              const body = res.body;
              const ok = withExactNumbers(body, () => validate(toJs(body)) as boolean);
              if (!ok) lines.push(...errorLines(validate.errors ?? [], body, 'openapi'));
            }
          }
        }
        return { ok: lines.length === 0, lines };
      },
    },
  };
}

export { fileUri };
