/**
 * Typed reads from the positioned YAML tree. Every reader is defensive: a
 * node of the wrong shape yields undefined, because the schema check has
 * already reported it (reporting again would print the same fault twice).
 */
import type { PMap, PNode, PSeq } from './yaml-tree.js';

/** The node as a map. */
export function asMap(n: PNode | undefined): PMap | undefined {
  return n?.kind === 'map' ? n : undefined;
}

/** The node as a sequence. */
export function asSeq(n: PNode | undefined): PSeq | undefined {
  return n?.kind === 'seq' ? n : undefined;
}

/** A string scalar. */
export function str(n: PNode | undefined): string | undefined {
  return n?.kind === 'scalar' && typeof n.value === 'string' ? n.value : undefined;
}

/** A string, number or boolean scalar as text (header values, env values, args). */
export function scalarText(n: PNode | undefined): string | undefined {
  if (n?.kind !== 'scalar' || n.value === null) return undefined;
  return typeof n.value === 'string' ? n.value : n.text;
}

/** A boolean scalar. */
export function bool(n: PNode | undefined): boolean | undefined {
  return n?.kind === 'scalar' && typeof n.value === 'boolean' ? n.value : undefined;
}

/** An integer scalar. */
export function int(n: PNode | undefined): number | undefined {
  return n?.kind === 'scalar' && typeof n.value === 'number' && Number.isInteger(n.value) ? n.value : undefined;
}

/** The value at a key of a map node. */
export function get(n: PNode | undefined, key: string): PNode | undefined {
  return n?.kind === 'map' ? n.entries.find((e) => e.key === key)?.value : undefined;
}

/** True when the map has the key. */
export function has(n: PNode | undefined, key: string): boolean {
  return n?.kind === 'map' && n.entries.some((e) => e.key === key);
}

/** Items of a sequence node (empty when not a sequence). */
export function items(n: PNode | undefined): PNode[] {
  return n?.kind === 'seq' ? n.items : [];
}

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /(\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h)/y;

/**
 * Milliseconds of a duration literal (`200ms`, `1m30s`), undefined when not one.
 * @example parseDurationMs('1m30s') // 90000
 */
export function parseDurationMs(text: string): number | undefined {
  let pos = 0;
  let total = 0;
  while (pos < text.length) {
    PART.lastIndex = pos;
    const m = PART.exec(text);
    if (!m) return undefined;
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    pos = PART.lastIndex;
  }
  return pos === 0 ? undefined : total;
}

/** A duration node in milliseconds. */
export function durationMs(n: PNode | undefined): number | undefined {
  const s = str(n);
  return s === undefined ? undefined : parseDurationMs(s);
}
