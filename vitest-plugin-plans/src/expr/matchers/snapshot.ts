/** The `matches snapshot` matcher: compares a value with a stored JSON snapshot (minus `ignoring` paths), or writes it under `--update-snapshots`. */
import type { Span } from '../ast.js';
import { formatValue } from '../explain.js';
import { parseJsonExact, toJsonText } from '../json-exact.js';
import type { Value } from '../values.js';
import { readFault } from './schema.js';
import type { MatcherCompile, MatcherFiles, Secret } from './types.js';

/** Differences listed per failure (spec §8). */
export const MAX_DIFFERENCES = 20;

type Segment = string | number;
/** An `ignoring` path: `*` matches any index. */
type Pattern = readonly (Segment | '*')[];

/**
 * Parses an `ignoring` path relative to the compared value: `meta.requestId`,
 * `items[*].id`, `["x-y"]`, with an optional leading `$` or `.`.
 */
export function parseIgnorePath(p: string): Pattern | undefined {
  const out: (Segment | '*')[] = [];
  let s = p.trim().replace(/^\$/, '');
  if (s === '') return [];
  if (!s.startsWith('.') && !s.startsWith('[')) s = '.' + s;
  const re = /\.([A-Za-z_$][A-Za-z0-9_$-]*)|\[(\*|-?\d+|"(?:[^"\\]|\\.)*")\]/y;
  let i = 0;
  while (i < s.length) {
    re.lastIndex = i;
    const m = re.exec(s);
    if (!m) return undefined;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] === '*') out.push('*');
    else if (m[2]!.startsWith('"')) out.push(JSON.parse(m[2]!) as string);
    else out.push(Number(m[2]));
    i = re.lastIndex;
  }
  return out;
}

function ignored(path: readonly Segment[], patterns: readonly Pattern[]): boolean {
  return patterns.some((p) => p.length <= path.length && p.every((seg, i) => seg === path[i] || (seg === '*' && typeof path[i] === 'number')));
}

/** Prints a path relative to the compared value: `items[0].qty`, `(root)`. */
export function showPath(path: readonly Segment[]): string {
  if (path.length === 0) return '(root)';
  let s = '';
  for (const seg of path) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(seg)) s += s === '' ? seg : `.${seg}`;
    else s += `[${JSON.stringify(seg)}]`;
  }
  return s;
}

/** Differences between the snapshot and the value: numbers exact, key order ignored, array order kept. */
export function diffValues(want: Value | undefined, got: Value | undefined, patterns: readonly Pattern[], path: Segment[] = [], out: string[] = []): string[] {
  if (ignored(path, patterns)) return out;
  const show = (v: Value | undefined) => (v === undefined ? '(absent)' : formatValue(v));
  if (want && got && want.k === 'map' && got.k === 'map') {
    const keys = [...want.entries.keys(), ...[...got.entries.keys()].filter((k) => !want.entries.has(k))];
    for (const k of keys) diffValues(want.entries.get(k), got.entries.get(k), patterns, [...path, k], out);
    return out;
  }
  if (want && got && want.k === 'list' && got.k === 'list') {
    const n = Math.max(want.items.length, got.items.length);
    for (let i = 0; i < n; i++) diffValues(want.items[i], got.items[i], patterns, [...path, i], out);
    return out;
  }
  if (!same(want, got)) out.push(`${showPath(path)}: got ${show(got)}, snapshot ${show(want)}`);
  return out;
}

function same(a: Value | undefined, b: Value | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.k === 'num' && b.k === 'num') return a.v.equals(b.v);
  if (a.k !== b.k) return false;
  if (a.k === 'str' || a.k === 'bool') return a.v === (b as typeof a).v;
  return a.k === 'nil';
}

function holdsSecret(v: Value, secrets: readonly Secret[]): Secret | undefined {
  const text = toJsonText(v);
  return secrets.find((s) => s.value !== '' && (text.includes(s.value) || text.includes(JSON.stringify(s.value).slice(1, -1))));
}

/**
 * `X matches snapshot "<file>" ignoring [...]`. A missing file is not a load
 * error; comparing against it fails. Under `--update-snapshots` the matcher
 * returns the indented JSON to write and fails.
 */
export function compileSnapshot(file: string, ignoring: readonly { path: string; span: Span }[], files: MatcherFiles): MatcherCompile {
  const patterns: Pattern[] = [];
  for (const ig of ignoring) {
    const p = parseIgnorePath(ig.path);
    if (!p) return { ok: false, at: ig.span.start, message: `ignoring ${JSON.stringify(ig.path)} is not a path; write paths relative to the compared value like "meta.id" or "items[*].id"` };
    patterns.push(p);
  }
  const r = files.read(file);
  let snapshot: Value | undefined;
  if (r.ok) {
    const j = parseJsonExact(r.text);
    if (!j.ok) return { ok: false, message: `snapshot ${file}: is not valid JSON (${j.error.message})` };
    snapshot = j.value;
  } else if (!r.missing) return { ok: false, message: readFault('snapshot', file, r) };
  return {
    ok: true,
    matcher: {
      kind: 'snapshot',
      file,
      match(subject, ctx) {
        if (ctx.updateSnapshots) {
          const secret = holdsSecret(subject, ctx.secrets);
          if (secret) return { ok: false, lines: [`snapshot ${file} not written: the value holds the secret ${secret.name}`] };
          return { ok: false, lines: [`snapshot ${file} written, not compared`], write: { path: file, text: toJsonText(subject, 2) + '\n' } };
        }
        if (!snapshot) return { ok: false, lines: [`no snapshot at ${file}; run with --update-snapshots to write it`] };
        const diffs = diffValues(snapshot, subject, patterns);
        if (diffs.length === 0) return { ok: true, lines: [] };
        const lines = [`snapshot ${file}: ${diffs.length} difference${diffs.length === 1 ? '' : 's'}`, ...diffs.slice(0, MAX_DIFFERENCES)];
        if (diffs.length > MAX_DIFFERENCES) lines.push(`snapshot ${file}: first ${MAX_DIFFERENCES} differences shown`);
        return { ok: false, lines };
      },
    },
  };
}
