/** The `response matches openapi` matcher: an exchange against an OpenAPI 3.0 or 3.1 document (operation, response status, body by content type, required headers). */
import type { ValidateFunction } from 'ajv';
import { toJs, type Value } from '../values.js';
import { createAjv, errorLines } from './ajv.js';
import { withExactNumbers } from './exact-keywords.js';
import { get, loadOpenApiDocument, pickResponse, ptr, type Operation } from './openapi-doc.js';
import { fileUri } from './schema.js';
import type { MatcherCompile, MatcherFiles, ResponseParts } from './types.js';

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
 * 3.0 or 3.1 document (operation by method and path, response by status, body
 * by content type, required headers). A 3.0 document's schemas are read as
 * JSON Schema 2020-12 (openapi-30.ts), so both versions share one validator.
 */
export function compileOpenApi(file: string, files: MatcherFiles): MatcherCompile {
  const ajv = createAjv();
  // The document loads through openapi-doc.ts, which --openapi-coverage reads too: both find operations alike.
  const loaded = loadOpenApiDocument('openapi', file, files, ajv);
  if (!loaded.ok) return loaded;
  const { doc } = loaded;
  const { deref, operations } = doc;

  const validators = new Map<string, ValidateFunction>();
  // Compile every response schema now: the spec compiles OpenAPI files once, at load.
  for (const o of operations) {
    const responses = get(o.op, 'responses');
    if (!responses || responses.k !== 'map') continue;
    for (const [status, raw] of responses.entries) {
      const content = get(deref(raw, doc.uri), 'content');
      if (!content || content.k !== 'map') continue;
      for (const [media, entry] of content.entries) {
        if (!get(entry, 'schema')) continue;
        const where = get(raw, '$ref') ? undefined : ptr([...o.pointer, 'responses', status, 'content', media, 'schema']);
        if (!where) continue;
        try {
          const v = ajv.compile({ $ref: `${doc.uri}#/${where}` });
          validators.set(where, v);
        } catch (e) {
          return { ok: false, message: `openapi ${file}: does not compile: ${(e as Error).message}` };
        }
      }
    }
  }

  const validatorFor = (o: Operation, status: string, rawResponse: Value, media: string): ValidateFunction | undefined => {
    const where = ptr([...o.pointer, 'responses', status, 'content', media, 'schema']);
    const cached = validators.get(where);
    if (cached || !get(rawResponse, '$ref')) return cached;
    // A $ref'd response: compile its schema through the ref's target once, on first use.
    const ref = get(rawResponse, '$ref')!;
    const target = new URL((ref as { v: string }).v, doc.uri);
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
        const o = doc.find(method, path);
        if (!o) return { ok: false, lines: [`openapi ${file}: no operation for ${label}`] };
        const opLabel = `${res.method.toUpperCase()} ${o.template}`;
        const picked = pickResponse(get(o.op, 'responses'), res.status);
        if (!picked) return { ok: false, lines: [`openapi ${file}: status ${res.status} is not documented for ${opLabel}`] };
        const response = deref(picked.value, doc.uri);
        const lines: string[] = [];
        const hdrs = get(response, 'headers');
        if (hdrs && hdrs.k === 'map')
          for (const [name, h] of hdrs.entries) {
            const req = get(deref(h, doc.uri), 'required');
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
