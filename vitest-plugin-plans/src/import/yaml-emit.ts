/**
 * A YAML writer for imported plans that also hands back the positioned tree
 * the plan loader would read from its text. `runner import` checks that the
 * plan it prints loads; with the tree in hand the check skips parsing YAML it
 * has just written, which was most of the time of importing a 2,000-request
 * collection (issue 12, "Importing a 2,000-request collection takes under 2 s").
 *
 * The output is block style, two-space indents, and a string is plain only
 * when it cannot read as anything else; otherwise it is JSON-quoted (JSON's
 * double-quoted strings are YAML's). `yaml-emit.test.ts` parses the text back
 * and compares with the tree, so the two cannot drift.
 */
import type { PEntry, PNode, PScalar } from '../plan/yaml-tree.js';

/** The text and the tree of one document. */
export interface EmittedYaml {
  text: string;
  tree: PNode;
}

// Plain when no YAML reader (1.2 core schema, or 1.1) could read it as anything
// else: no indicator first, no `: ` or ` #`, no keyword, nothing numeric-looking.
// Flow indicators inside are fine: plans are block style (`Bearer {{ env.t }}`).
const PLAIN_FIRST = /^[^\s\-?:,[\]{}#&*!|>'"%@`]/;
const PLAIN_NEVER = /: |:$| #|[\n\r\t]/;
const KEYWORD = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;
// Numbers (1.2 core, and 1.1's `1_000`, `0b1`, `1:20`) and 1.1 dates; `2.5s` is not one of them.
const NUMERIC = /^(?:[-+]?(?:[0-9][0-9_:.,]*(?:[eE][-+]?[0-9]+)?|0[xob][0-9a-f_]+|\.[0-9]+(?:e[-+]?[0-9]+)?|\.inf|\.nan)|\d{4}-\d\d?-\d\d?.*)$/i;
// Characters a reader may take for line breaks or refuse raw: always escaped, in double quotes.
const ODD_CHARS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/;
const ODD_CHARS_G = /[\u007f-\u009f\u2028\u2029\ufeff]/g;

/**
 * Writes `value` (maps, lists, strings, finite numbers, booleans, null) as a YAML document,
 * after `preamble` lines (comments), which the tree's line numbers count.
 */
export function emitYaml(value: unknown, preamble: string[] = []): EmittedYaml {
  const lines: string[] = [...preamble];
  const tree = emitValue(value, 0, lines, undefined);
  return { text: lines.join('\n') + '\n', tree };
}

/** Where the value goes: on a new line at `indent`, or after a prefix already on the last line. */
function emitValue(value: unknown, indent: number, lines: string[], inline: { line: number; column: number } | undefined): PNode {
  if (Array.isArray(value) && value.length > 0) return emitSeq(value, indent, lines, inline);
  if (isRecord(value) && Object.keys(value).length > 0) return emitMap(value, indent, lines, inline);
  // A scalar or an empty collection sits on the line it was introduced on.
  const { text, node } = scalarText(value, indent);
  const [head, ...rest] = text.split('\n');
  let at: { line: number; column: number };
  if (inline) {
    lines[lines.length - 1] += head;
    at = inline;
  } else {
    lines.push(' '.repeat(indent) + head);
    at = { line: lines.length, column: indent + 1 };
  }
  // A block literal's lines: each is a line of the file, so later positions stay right.
  for (const l of rest) lines.push(l);
  return { ...node, line: at.line, column: at.column } as PNode;
}

function emitMap(value: Record<string, unknown>, indent: number, lines: string[], inline: { line: number; column: number } | undefined): PNode {
  const entries: PEntry[] = [];
  let first: { line: number; column: number } | undefined;
  Object.entries(value).forEach(([key, v], i) => {
    const keyText = scalarText(key, 0, true).text;
    let keyPos: { line: number; column: number };
    if (i === 0 && inline) {
      lines[lines.length - 1] += `${keyText}:`;
      keyPos = inline;
    } else {
      lines.push(`${' '.repeat(indent)}${keyText}:`);
      keyPos = { line: lines.length, column: indent + 1 };
    }
    first ??= keyPos;
    let child: PNode;
    if (isCollection(v)) {
      // A list under a key is indented like the yaml package writes it (`tasks:\n  - name:`).
      child = emitValue(v, indent + 2, lines, undefined);
    } else {
      lines[lines.length - 1] += ' ';
      child = emitValue(v, indent, lines, { line: keyPos.line, column: lines[lines.length - 1]!.length + 1 });
    }
    entries.push({ key, keyPos: { line: keyPos.line, column: keyPos.column }, value: child });
  });
  return { kind: 'map', entries, line: first!.line, column: first!.column };
}

function emitSeq(value: unknown[], indent: number, lines: string[], inline: { line: number; column: number } | undefined): PNode {
  const items: PNode[] = [];
  let first: { line: number; column: number } | undefined;
  value.forEach((v, i) => {
    let dash: { line: number; column: number };
    if (i === 0 && inline) {
      lines[lines.length - 1] += '- ';
      dash = inline;
    } else {
      lines.push(`${' '.repeat(indent)}- `);
      dash = { line: lines.length, column: indent + 1 };
    }
    first ??= dash;
    const after = { line: dash.line, column: dash.column + 2 };
    if (Array.isArray(v) && v.length > 0) items.push(emitSeq(v, indent + 2, lines, after));
    else if (isRecord(v) && Object.keys(v).length > 0) items.push(emitMap(v, indent + 2, lines, after));
    else items.push(emitValue(v, indent + 2, lines, after));
  });
  return { kind: 'seq', items, line: first!.line, column: first!.column };
}

/** A scalar's text and its tree node (without position). */
function scalarText(value: unknown, indent = 0, isKey = false): { text: string; node: Omit<PScalar, 'line' | 'column'> } {
  if (value === null || value === undefined) return { text: 'null', node: { kind: 'scalar', value: null, text: 'null', quoted: false } };
  if (typeof value === 'boolean') return { text: String(value), node: { kind: 'scalar', value, text: String(value), quoted: false } };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`emitYaml: ${value} has no YAML number`);
    return { text: String(value), node: { kind: 'scalar', value, text: String(value), quoted: false } };
  }
  if (Array.isArray(value)) return { text: '[]', node: { kind: 'seq', items: [] } as never };
  if (isRecord(value)) return { text: '{}', node: { kind: 'map', entries: [] } as never };
  const s = String(value);
  const node = (quoted: boolean) => ({ kind: 'scalar' as const, value: s, text: s, quoted });
  if (s !== '' && PLAIN_FIRST.test(s) && !PLAIN_NEVER.test(s) && !KEYWORD.test(s) && !NUMERIC.test(s) && !s.endsWith(' ') && !ODD_CHARS.test(s)) {
    return { text: s, node: node(false) };
  }
  if (!isKey && s.includes('\n') && literalFits(s)) return { text: literal(s, indent), node: node(true) };
  const json = JSON.stringify(s);
  // Double quotes as the docs write templates ("{{ env.base }}/x") when nothing needs escaping;
  // else single quotes, which read best for assertions ('"a" in headers') but cannot escape a line break.
  if (json === `"${s}"` && !ODD_CHARS.test(s)) return { text: json, node: node(true) };
  if (!/[\n\r]/.test(s) && !ODD_CHARS.test(s)) return { text: `'${s.replace(/'/g, "''")}'`, node: node(true) };
  const text = json.replace(ODD_CHARS_G, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { text, node: node(true) };
}

/**
 * A block literal keeps a multi-line body or query readable. It cannot hold
 * a carriage return or odd characters, a first line that starts with a space
 * (that would need an indentation indicator), or a whitespace-only line (a
 * reader may take it for an empty one).
 */
function literalFits(s: string): boolean {
  if (/\r/.test(s) || ODD_CHARS.test(s) || /^[ \t]/.test(s) || s.trim() === '') return false;
  return !s.split('\n').some((l) => l !== '' && l.trim() === '');
}

/** `|-`, `|` or `|+` by the trailing line breaks, then the lines at `indent + 2`. */
function literal(s: string, indent: number): string {
  const trailing = /\n*$/.exec(s)![0].length;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  // The last line break is the header's to keep (`|`, `|+`); the ones before it are empty lines.
  const content = trailing === 0 ? s : s.slice(0, s.length - 1);
  const pad = ' '.repeat(indent + 2);
  return `|${chomp}\n` + content.split('\n').map((l) => (l === '' ? '' : pad + l)).join('\n');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isCollection(v: unknown): boolean {
  return (Array.isArray(v) && v.length > 0) || (isRecord(v) && Object.keys(v).length > 0);
}
