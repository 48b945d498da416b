/**
 * Load time: a .proto file and its imports parsed into one protobufjs Root, or
 * the first fault with its file and line, compiler-style. Imports resolve like
 * protoc with the plan's .proto directory as the include path, then relative to
 * the importing file; google/protobuf/* come bundled with protobufjs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import protobuf from 'protobufjs';
import type { Root } from 'protobufjs';

/** A parsed proto, or where it failed: `file` is the file at fault (an import, maybe), `line` 1-based. */
export type ProtoLoad =
  | { ok: true; root: Root; files: string[] }
  | { ok: false; message: string; file: string; line: number; column?: number };

class ProtoFault extends Error {
  constructor(message: string, readonly file: string, readonly line: number, readonly column?: number) {
    super(message);
  }
}

/** descriptor.proto is not among protobufjs's bundled files but custom options import it. */
const DESCRIPTOR = 'google/protobuf/descriptor.proto';

/**
 * Parses `text` (the content of `resolvedPath`) and every file it imports.
 * Field names keep their proto spelling (`keepCase`); JSON names are derived
 * where needed. Never throws.
 * @example
 * const r = parseProtoFile(readFileSync(p, 'utf8'), p);
 * if (!r.ok) console.log(`${r.file}:${r.line}: ${r.message}`);
 */
export function parseProtoFile(text: string, resolvedPath: string, readFile: (path: string) => string = (p) => readFileSync(p, 'utf8')): ProtoLoad {
  const root = new protobuf.Root();
  const texts = new Map<string, string>();
  const bundledSeen = new Set<string>();
  const includeDir = dirname(resolvedPath);
  const load = (source: string, file: string): void => {
    texts.set(file, source);
    let parsed: protobuf.IParserResult;
    try {
      parsed = protobuf.parse(source, root, { keepCase: true, alternateCommentMode: true });
    } catch (e) {
      throw locate(e, file, source);
    }
    for (const name of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) {
      if (bundledSeen.has(name)) continue;
      const bundled = bundledFile(name);
      if (bundled) {
        bundledSeen.add(name);
        root.addJSON(bundled);
        continue;
      }
      const candidates = [resolve(includeDir, name), resolve(dirname(file), name)];
      const found = candidates.find((p) => texts.has(p)) ?? readFirst(readFile, candidates);
      if (found === undefined) {
        const line = lineOf(source, new RegExp(`^\\s*import\\s+(?:weak\\s+|public\\s+)?["']${escape(name)}["']`)) ?? 1;
        throw new ProtoFault(`cannot find import "${name}" (looked in ${[...new Set(candidates.map(dirname))].join(' and ')})`, file, line);
      }
      if (typeof found !== 'string') load(found.text, found.path);
    }
  };
  try {
    load(text, resolvedPath);
    try {
      root.resolveAll();
    } catch (e) {
      throw locateResolve(e, texts);
    }
    return { ok: true, root, files: [...texts.keys()] };
  } catch (e) {
    if (e instanceof ProtoFault) return { ok: false, message: e.message, file: e.file, line: e.line, ...(e.column ? { column: e.column } : {}) };
    return { ok: false, message: e instanceof Error ? e.message : String(e), file: resolvedPath, line: 1 };
  }
}

/** The first candidate that reads, with its text. */
function readFirst(readFile: (path: string) => string, candidates: string[]): { path: string; text: string } | undefined {
  for (const path of candidates) {
    try {
      return { path, text: readFile(path) };
    } catch {
      // Not there: try the next include directory, as protoc does.
    }
  }
  return undefined;
}

function bundledFile(name: string): protobuf.INamespace['nested'] | undefined {
  if (name === DESCRIPTOR) return (createRequire(import.meta.url)('protobufjs/google/protobuf/descriptor.json') as protobuf.INamespace).nested;
  return protobuf.common.get(name)?.nested;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The 1-based line of the first line matching `re` after `from` (0-based), outside comments roughly. */
function lineOf(source: string, re: RegExp, from = 0, nth = 1): number | undefined {
  const lines = source.split('\n');
  let seen = 0;
  for (let i = from; i < lines.length; i++) {
    const code = lines[i]!.replace(/\/\/.*$/, '');
    if (re.test(code) && ++seen === nth) return i + 1;
  }
  return undefined;
}

/** A parser error: protobufjs ends its message with `(line N)`; the token it names gives the column. */
function locate(e: unknown, file: string, source: string): ProtoFault {
  const raw = e instanceof Error ? e.message : String(e);
  const m = /\s*\((?:[^,()]*, )?line (\d+)\)$/.exec(raw);
  const message = m ? raw.slice(0, m.index) : raw;
  if (m) {
    const line = Number(m[1]);
    const token = /^illegal (?:token|name|id|value|string) '([^']*)'/.exec(message)?.[1];
    const at = token ? (source.split('\n')[line - 1] ?? '').indexOf(token) : -1;
    return new ProtoFault(message, file, line, at >= 0 ? at + 1 : undefined);
  }
  return locateName(message, new Map([[file, source]])) ?? new ProtoFault(message, file, 1);
}

/** A resolution error carries no line: find the name it reports in the files that were read. */
function locateResolve(e: unknown, texts: Map<string, string>): ProtoFault {
  const raw = e instanceof Error ? e.message : String(e);
  const first = texts.keys().next().value as string;
  return locateName(raw, texts) ?? new ProtoFault(raw, first, 1);
}

function locateName(raw: string, texts: Map<string, string>): ProtoFault | undefined {
  const unknown = /^no such Type or Enum '([^']+)' in Type \.?(\S+)$/.exec(raw);
  const dupName = /^duplicate name '([^']+)' in \w+ \.?(\S+)$/.exec(raw);
  const dupId = /^duplicate id (\d+) in \w+ \.?(\S+)$/.exec(raw);
  for (const [file, source] of texts) {
    if (unknown) {
      const line = lineOf(source, new RegExp(`(^|[\\s(<,])\\.?${escape(unknown[1]!)}\\s*[\\s>,]`));
      if (line) return new ProtoFault(`unknown type ${unknown[1]} in message ${unknown[2]}`, file, line);
    } else if (dupName || dupId) {
      const owner = (dupName ?? dupId)![2]!.split('.').pop()!;
      const start = (lineOf(source, new RegExp(`^\\s*(message|enum|service)\\s+${escape(owner)}\\b`)) ?? 1) - 1;
      const re = dupName ? new RegExp(`\\b${escape(dupName[1]!)}\\b`) : new RegExp(`=\\s*${dupId![1]}\\s*[;\\[]`);
      const line = lineOf(source, re, start + (dupName ? 1 : 0), 2) ?? lineOf(source, re, start);
      if (line) return new ProtoFault(dupName ? `duplicate name ${dupName[1]} in ${owner}` : `duplicate field number ${dupId![1]} in ${owner}`, file, line);
    }
  }
  return undefined;
}
