/**
 * YAML text → a small positioned tree (map / seq / scalar, each with line and
 * column), plus the plain JS value the schema validates.
 *
 * Why our own tree: every later diagnostic needs the line of the node it is
 * about, and duplicate keys must be reported by name with both lines (the
 * `yaml` package only says "Map keys must be unique").
 */
import { LineCounter, parseDocument, isAlias, isMap, isScalar, isSeq, isPair, Scalar } from 'yaml';
import type { Node as YNode, Document } from 'yaml';
import { splitTaskList, type TaskListSplit } from './yaml-split.js';

/** Position of a node: 1-based line and column. */
export interface Pos {
  line: number;
  column: number;
}

/** A positioned YAML map. */
export interface PMap extends Pos {
  kind: 'map';
  entries: PEntry[];
}

/** One key of a map, with the key's own position. */
export interface PEntry {
  key: string;
  keyPos: Pos;
  value: PNode;
}

/** A positioned YAML sequence. */
export interface PSeq extends Pos {
  kind: 'seq';
  items: PNode[];
}

/** A positioned scalar; `text` is the source text (numbers keep `10.10`). */
export interface PScalar extends Pos {
  kind: 'scalar';
  value: null | boolean | number | string;
  text: string;
  /** True for a quoted or block string (never a number, bool or null). */
  quoted: boolean;
}

/** Any positioned node. */
export type PNode = PMap | PSeq | PScalar;

/** A YAML problem: message with position. */
export interface YamlProblem extends Pos {
  message: string;
  /** Map path (keys as a list) where a duplicate key sits. */
  at?: Array<string | number>;
}

/** Outcome of `parseYamlTree`. */
export interface YamlTree {
  root: PNode | undefined;
  problems: YamlProblem[];
}

const MAX_ALIAS_DEPTH = 50;
const MAX_SYNTAX = 3;
const MAX_NODES = 250_000;

/** What the chunks of one parse share: problems so far, syntax lines reported, node budget. */
interface ParseState {
  text: string;
  problems: YamlProblem[];
  syntaxLines: Set<number>;
  budget: number;
}

/**
 * Parses YAML text (with the `yaml` package) into a positioned tree, collecting syntax errors and duplicate keys.
 * `split: false` parses the text as one document (tests compare the two).
 * A large plan's `tasks:` items are parsed one at a time (plan/yaml-split.ts), so the parser's own
 * nodes never exist for the whole plan at once.
 */
export function parseYamlTree(text: string, opts: { split?: boolean } = {}): YamlTree {
  const split = opts.split === false ? undefined : splitTaskList(text);
  if (split) {
    const tree = parseSplit(text, split);
    if (tree) return tree;
  }
  const state = newState(text);
  const root = parseChunk(text, 0, [], state);
  if (state.problems.length > 0 && root === null) return { root: undefined, problems: state.problems };
  if (state.budget < 0) return { root: undefined, problems: state.problems };
  return { root: root ?? undefined, problems: state.problems };
}

function newState(text: string): ParseState {
  // Every real node takes at least a character; the cap is for alias expansion.
  return { text, problems: [], syntaxLines: new Set(), budget: MAX_NODES + text.length };
}

/** The split parse, or undefined when a chunk does not have the shape the split assumed. */
function parseSplit(text: string, split: TaskListSplit): YamlTree | undefined {
  const state = newState(text);
  const root = parseChunk(split.skeleton, 0, [], state);
  if (root === null || root === undefined || root.kind !== 'map' || state.problems.length > 0) return undefined;
  const key = root.entries.find((e) => e.key === 'tasks');
  if (!key || key.keyPos.line !== split.keyLine || key.value.kind !== 'scalar' || key.value.value !== null) return undefined;
  const items: PNode[] = [];
  let column = 1;
  for (let k = 0; k < split.items.length; k++) {
    const chunk = split.items[k]!;
    const seq = parseChunk(chunk.text, chunk.line - 1, ['tasks'], state, k);
    if (seq === null) continue; // a syntax error, recorded
    if (seq === undefined || seq.kind !== 'seq' || seq.items.length !== 1) return undefined;
    if (k === 0) column = seq.column;
    items.push(seq.items[0]!);
  }
  if (state.budget < 0) return { root: undefined, problems: state.problems };
  if (state.problems.some((p) => p.at === undefined)) return { root: undefined, problems: state.problems };
  key.value = { kind: 'seq', items, line: split.items[0]!.line, column };
  return { root, problems: state.problems };
}

/**
 * Parses one chunk: the whole text, or one task item (its lines start at `lineOffset + 1`).
 * Returns null on a syntax error (recorded in the state), undefined for an empty document.
 * `itemIndex` names the item for duplicate-key paths (its root is a one-item list).
 */
function parseChunk(text: string, lineOffset: number, at: Array<string | number>, state: ParseState, itemIndex?: number): PNode | null | undefined {
  const lineCounter = new LineCounter();
  const problems = state.problems;
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false });
  } catch (e) {
    problems.push({ line: lineOffset + 1, column: 1, message: `YAML: ${yamlMessage((e as Error).message)}` });
    return null;
  }
  const pos = (offset: number | undefined): Pos => {
    const p = lineCounter.linePos(offset ?? 0);
    return { line: p.line + lineOffset, column: p.col };
  };
  // After the first syntax error the parser's later complaints mostly
  // follow from it ("Unexpected … token in YAML stream"): keep one per line,
  // at most MAX_SYNTAX, so the first fault stays visible.
  const lines = state.syntaxLines;
  let failed = false;
  for (const err of doc.errors) {
    failed = true;
    const first = yamlMessage(err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''));
    const p = pos(err.pos[0]);
    if (lines.has(p.line) || lines.size >= MAX_SYNTAX) continue;
    lines.add(p.line);
    problems.push({ ...p, message: `YAML: ${first}${flowTemplateHint(state.text, p.line, first)}` });
  }
  if (failed) return null;

  const convert = (node: unknown, at: Array<string | number>, depth: number): PNode => {
    // Aliases expand in place: a "billion laughs" document must not hang the loader.
    if (--state.budget < 0) {
      if (state.budget === -1) problems.push({ line: 1, column: 1, message: `YAML: the document expands to more than ${MAX_NODES} nodes (aliases?)` });
      return { kind: 'scalar', value: null, text: '', quoted: false, line: 1, column: 1 };
    }
    if (depth > MAX_ALIAS_DEPTH) {
      problems.push({ line: 1, column: 1, message: 'YAML: aliases nest too deep' });
      return { kind: 'scalar', value: null, text: '', quoted: false, line: 1, column: 1 };
    }
    if (isAlias(node)) {
      const target = node.resolve(doc) as YNode | undefined;
      const p = pos(node.range?.[0]);
      if (!target) return { kind: 'scalar', value: null, text: '', quoted: false, ...p };
      return { ...convert(target, at, depth + 1), ...p };
    }
    if (isMap(node)) {
      const p = pos(node.range?.[0]);
      const entries: PEntry[] = [];
      const seen = new Map<string, number>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as YNode | null;
        const key = isScalar(keyNode) ? String(keyNode.value) : keyNode == null ? '' : String(keyNode);
        const keyPos = pos(keyNode?.range?.[0] ?? node.range?.[0]);
        if (key === '<<') continue; // merge keys are not part of the plan format
        const first = seen.get(key);
        if (first !== undefined) {
          problems.push({ ...keyPos, at, message: `duplicate key "${key}" (first at line ${first})` });
          continue;
        }
        seen.set(key, keyPos.line);
        const valueNode = pair.value as YNode | null;
        const value = valueNode == null ? nullAt(keyPos) : convert(valueNode, [...at, key], depth);
        entries.push({ key, keyPos, value });
      }
      return { kind: 'map', entries, ...p };
    }
    if (isSeq(node)) {
      const p = pos(node.range?.[0]);
      // An item chunk's root is a one-item list standing for item `itemIndex` of `tasks`.
      const base = node === doc.contents && itemIndex !== undefined ? itemIndex : 0;
      const items = node.items.map((item, i) => (item == null ? nullAt(p) : convert(item, [...at, base + i], depth)));
      return { kind: 'seq', items, ...p };
    }
    if (isScalar(node)) return scalar(node, pos(node.range?.[0]));
    return nullAt({ line: 1, column: 1 });
  };

  return doc.contents == null ? undefined : convert(doc.contents, at, 0);
}

/** Every `{{ … }}` hole on a line. */
const HOLES = /\{\{.*?\}\}/g;

/**
 * A hint for the commonest YAML trap of the plan format: inside a flow
 * collection (`[ … ]`, `{ … }`) an unquoted `{{ env.base }}` reads as a flow
 * map, so the parser fails on the line. When the failing line holds `{{` and
 * sits in a flow collection, say to quote the value (issue 12, D6).
 */
function flowTemplateHint(text: string, line: number, message: string): string {
  const src = text.split('\n')[line - 1] ?? '';
  if (!src.includes('{{')) return '';
  const inFlow = /flow/i.test(message) || /[[{]/.test(src.replace(HOLES, ''));
  return inFlow ? ' (quote a value that holds {{ }}: "{{ … }}")' : '';
}

/** The yaml package's message, except a stack overflow, which says what the document did. */
function yamlMessage(m: string): string {
  return /Maximum call stack size exceeded/.test(m) ? 'the document nests too deep' : m;
}

function nullAt(p: Pos): PScalar {
  return { kind: 'scalar', value: null, text: '', quoted: false, ...p };
}

function scalar(node: Scalar, p: Pos): PScalar {
  const raw = node.value;
  const quoted = node.type !== undefined && node.type !== Scalar.PLAIN;
  const text = node.source ?? String(raw);
  let value: PScalar['value'];
  if (raw === null || raw === undefined) value = null;
  else if (typeof raw === 'boolean' || typeof raw === 'number' || typeof raw === 'string') value = raw;
  else if (typeof raw === 'bigint') value = Number(raw);
  else value = String(raw);
  return { kind: 'scalar', value, text: typeof node.source === 'string' ? text : String(value), quoted, ...p };
}

/** The plain JS value of a tree (what the JSON Schema validates). */
export function toPlain(node: PNode | undefined): unknown {
  if (node === undefined) return null;
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'seq') return node.items.map(toPlain);
  const out: Record<string, unknown> = {};
  for (const e of node.entries) out[e.key] = toPlain(e.value);
  return out;
}

/** The entry of a map with this key. */
export function entry(node: PNode | undefined, key: string): PEntry | undefined {
  return node?.kind === 'map' ? node.entries.find((e) => e.key === key) : undefined;
}

/** The value of a map's key. */
export function child(node: PNode | undefined, key: string): PNode | undefined {
  return entry(node, key)?.value;
}

/** Follows a path of keys and indexes from a node. */
export function nodeAt(node: PNode | undefined, at: ReadonlyArray<string | number>): PNode | undefined {
  let cur = node;
  for (const seg of at) {
    if (cur === undefined) return undefined;
    if (typeof seg === 'number') cur = cur.kind === 'seq' ? cur.items[seg] : undefined;
    else cur = child(cur, seg);
  }
  return cur;
}
