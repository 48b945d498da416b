/** The `matches schema` matcher: loads a draft 2020-12 schema file with its `$ref`s under plan-relative URIs and validates values against it. */
import { posix } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { parseJsonExact } from '../json-exact.js';
import { toJs, type Value } from '../values.js';
import { createAjv, errorLines } from './ajv.js';
import { schemaToJs, withExactNumbers } from './exact-keywords.js';
import type { MatcherCompile, MatcherFiles } from './types.js';

const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/**
 * Plan-relative paths live under a deep virtual directory so that `../` in a
 * path or a `$ref` survives URL resolution (a URL clamps `..` at the root).
 */
const VIRTUAL_ROOT = '/plan/0/1/2/3/4/5/6/7/8/9';

/** The URI a file's schema is registered under, so `$ref`s resolve relative to the file. */
export function fileUri(path: string): string {
  return new URL(path.startsWith('/') ? `file://${path}` : `file://${VIRTUAL_ROOT}/${path}`).href;
}

/** Back from a URI to the path the plan loader reads (relative to the plan, or absolute). */
export function pathOfUri(uri: string): string {
  const p = decodeURIComponent(new URL(uri).pathname);
  return p.startsWith(VIRTUAL_ROOT + '/') ? p.slice(VIRTUAL_ROOT.length + 1) : posix.relative(VIRTUAL_ROOT, p).startsWith('../../../../../../../../../../..') ? p : posix.relative(VIRTUAL_ROOT, p);
}

/** Why a file could not be read, in the spec's words (`open <file>: no such file or directory`). */
export function readFault(label: string, file: string, r: { missing: boolean; error: string }): string {
  return r.missing ? `${label} ${file}: open ${file}: no such file or directory` : `${label} ${file}: ${r.error}`;
}

/**
 * Loads a schema file and every file-relative `$ref` it reaches into `ajv`.
 * Remote refs (http:, https:) are refused. Returns the root's URI or a load error.
 */
export function loadSchemaFiles(
  ajv: Ajv2020,
  label: string,
  file: string,
  files: MatcherFiles,
  opts: { parse?: (path: string, text: string) => { ok: true; value: Value } | { ok: false; message: string }; generic?: boolean; root?: Value; docs?: Map<string, Value> } = {},
): { ok: true; uri: string } | { ok: false; message: string } {
  const root = opts.root;
  const loaded = new Set<string>();
  const queue: { path: string; value?: Value }[] = [{ path: pathOfUri(fileUri(file)), ...(root ? { value: root } : {}) }];
  while (queue.length) {
    const { path, value: given } = queue.shift()!;
    const uri = fileUri(path);
    if (loaded.has(uri)) continue;
    loaded.add(uri);
    let value = given;
    if (!value) {
      const r = files.read(path);
      if (!r.ok) return { ok: false, message: readFault(label, path, r) };
      const j = opts.parse ? opts.parse(path, r.text) : parseJson(label, path, r.text);
      if (!j.ok) return j;
      value = j.value;
    }
    opts.docs?.set(uri, value);
    if (value.k === 'map') {
      const declared = value.entries.get('$schema');
      if (declared && declared.k === 'str' && !DRAFT_2020.test(declared.v))
        return { ok: false, message: `${label} ${path}: does not compile: only JSON Schema draft 2020-12 is supported, found $schema ${declared.v}` };
    }
    const ids = new Set<string>();
    collectIds(value, ids);
    let fault: string | undefined;
    const js = schemaToJs(value, (ref) => {
      if (fault || ref.startsWith('#')) return;
      let target: URL;
      try {
        target = new URL(ref, uri);
      } catch {
        fault = `${label} ${path}: does not compile: bad $ref ${ref}`;
        return;
      }
      if (target.protocol !== 'file:') {
        if (!ids.has(target.href.replace(/#.*$/, ''))) fault = `${label} ${path}: remote $ref ${ref} is refused; keep referenced schemas in files beside the plan`;
        return;
      }
      queue.push({ path: pathOfUri(target.href.replace(/#.*$/, '')) });
    }, opts.generic);
    if (fault) return { ok: false, message: fault };
    if (js && typeof js === 'object' && !Array.isArray(js)) {
      // The file decides the base URI (spec: "$ref resolves relative to the file").
      const obj = { ...(js as Record<string, unknown>) };
      delete obj.$id;
      try {
        ajv.addSchema(obj, uri, undefined, !opts.generic);
      } catch (e) {
        return { ok: false, message: `${label} ${path}: does not compile: ${(e as Error).message}` };
      }
    } else if (typeof js !== 'boolean') return { ok: false, message: `${label} ${path}: does not compile: a schema is an object or a boolean` };
    else ajv.addSchema(js as unknown as object, uri);
  }
  return { ok: true, uri: fileUri(file) };
}

function parseJson(label: string, path: string, text: string): { ok: true; value: Value } | { ok: false; message: string } {
  const j = parseJsonExact(text);
  return j.ok ? j : { ok: false, message: `${label} ${path}: is not valid JSON (${j.error.message})` };
}

function collectIds(v: Value, out: Set<string>): void {
  if (v.k === 'map') {
    const id = v.entries.get('$id');
    if (id && id.k === 'str') out.add(id.v.replace(/#.*$/, ''));
    for (const x of v.entries.values()) collectIds(x, out);
  } else if (v.k === 'list') v.items.forEach((x) => collectIds(x, out));
}

/**
 * `X matches schema "<file>"`: JSON Schema 2020-12 compiled once at load.
 * Failure lines: `<pointer> <keyword>: <reason>`, at most 20.
 */
export function compileSchema(file: string, files: MatcherFiles): MatcherCompile {
  const ajv = createAjv();
  const loaded = loadSchemaFiles(ajv, 'schema', file, files);
  if (!loaded.ok) return loaded;
  let validate: ReturnType<Ajv2020['compile']>;
  try {
    const v = ajv.getSchema(loaded.uri);
    if (!v) return { ok: false, message: `schema ${file}: does not compile` };
    validate = v;
  } catch (e) {
    return { ok: false, message: `schema ${file}: does not compile: ${(e as Error).message}` };
  }
  return {
    ok: true,
    matcher: {
      kind: 'schema',
      file,
      match(subject) {
        const ok = withExactNumbers(subject, () => validate(toJs(subject)) as boolean);
        return ok ? { ok: true, lines: [] } : { ok: false, lines: errorLines(validate.errors ?? [], subject, 'schema') };
      },
    },
  };
}
