/**
 * curl's request data (-d and its relatives, --json, -F) → one body, built
 * the way curl builds it (curl's manual, "-d, --data"): pieces joined with
 * `&`; `-d @file` reads the file without its line breaks; `--data-binary
 * @file` sends it as it is, which a plan says with `bodyFile:`; and
 * `--data-urlencode` encodes the way curl_easy_escape does (space is %20).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ImportInputError } from '../types.js';
import { multipartBody, type FormPart } from '../collection/http-parts.js';
import type { Notes } from '../collection/variables.js';
import type { DataPiece, FormArg } from './args.js';

/** The data as one body: text, or a file sent unchanged. */
export type Data = { text: string } | { file: string };

/** curl_easy_escape: everything but RFC 3986 unreserved characters is percent-encoded. */
export function curlEscape(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Reads a file the command line names, relative to the working directory. */
function readNamed(dir: string, file: string, option: string): Buffer {
  try {
    return readFileSync(resolve(dir, file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message;
    throw new ImportInputError(`${option} @${file}: ${why}`);
  }
}

/** The text of a file, or undefined (listed) when it is not UTF-8: a plan's body is text. */
function textOf(bytes: Buffer, file: string, option: string, notes: Notes): string | undefined {
  const text = bytes.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(bytes)) return text;
  notes.notTranslated.push(`curl ${option} @${file}: binary data together with other data (alone it would be a bodyFile)`);
  return undefined;
}

/** Joins the data pieces into one body, reading the files they name. */
export function assembleData(pieces: DataPiece[], dir: string, notes: Notes): Data | undefined {
  if (pieces.length === 0) return undefined;
  const only = pieces.length === 1 ? pieces[0]! : undefined;
  if (only && (only.kind === 'binary' || only.kind === 'json') && only.value.startsWith('@') && only.value !== '@-') {
    const file = only.value.slice(1);
    readNamed(dir, file, only.kind === 'json' ? '--json' : '--data-binary');
    return { file };
  }
  const texts: string[] = [];
  for (const p of pieces) {
    const option = { ascii: '-d', raw: '--data-raw', binary: '--data-binary', urlencode: '--data-urlencode', json: '--json' }[p.kind];
    if (p.kind === 'urlencode') {
      const t = urlencodePiece(p.value, dir, notes);
      if (t !== undefined) texts.push(t);
      continue;
    }
    if (p.kind === 'raw' || !p.value.startsWith('@')) {
      texts.push(p.value);
      continue;
    }
    const file = p.value.slice(1);
    if (file === '-') {
      notes.notTranslated.push(`curl ${option} @- (data from standard input)`);
      continue;
    }
    const text = textOf(readNamed(dir, file, option), file, option, notes);
    if (text !== undefined) texts.push(p.kind === 'ascii' ? text.replace(/[\r\n]/g, '') : text);
  }
  // curl appends repeated --json pieces as they are; every other mix is joined with &.
  return { text: texts.join(pieces.every((p) => p.kind === 'json') ? '' : '&') };
}

/** One --data-urlencode argument: `content`, `=content`, `name=content`, `@file`, `name@file`. */
function urlencodePiece(arg: string, dir: string, notes: Notes): string | undefined {
  const at = arg.search(/[=@]/);
  if (at < 0) return curlEscape(arg);
  const name = arg.slice(0, at);
  if (arg[at] === '=') return name === '' ? curlEscape(arg.slice(1)) : `${name}=${curlEscape(arg.slice(at + 1))}`;
  const file = arg.slice(at + 1);
  const text = textOf(readNamed(dir, file, '--data-urlencode'), file, '--data-urlencode', notes);
  if (text === undefined) return undefined;
  return name === '' ? curlEscape(text) : `${name}=${curlEscape(text)}`;
}

/** The -F arguments as a multipart body; file parts are listed, not sent. */
export function assembleForm(form: FormArg[], notes: Notes): string {
  const parts: FormPart[] = [];
  for (const f of form) {
    const option = f.literal ? '--form-string' : '-F';
    const eq = f.value.indexOf('=');
    if (eq < 0) {
      notes.notTranslated.push(`curl ${option} ${f.value} (no name=value)`);
      continue;
    }
    const name = f.value.slice(0, eq);
    let value = f.value.slice(eq + 1);
    if (!f.literal && (value.startsWith('@') || value.startsWith('<'))) {
      notes.notTranslated.push(`curl ${option} ${f.value} (a file ${value.startsWith('@') ? 'upload' : 'read into the field'})`);
      continue;
    }
    let contentType: string | undefined;
    const m = f.literal ? null : /;type=([^;]+)$/.exec(value);
    if (m) {
      contentType = m[1];
      value = value.slice(0, m.index);
    }
    parts.push({ name, value, contentType });
  }
  return multipartBody(parts);
}
