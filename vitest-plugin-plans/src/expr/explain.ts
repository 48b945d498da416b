/** Failure-output text of assertions: values as failure blocks print them, the 200-character cut, and the quantifier and not-JSON lines. */
import { formatDuration } from './duration.js';
import { toJsonText } from './json-exact.js';
import { numText, type Value } from './values.js';

/** Rows and other JSON shown in an assertion detail are cut at this many characters (spec §8). */
export const JSON_CUT = 200;
/** Elements listed for a broken `all` or `none` (spec §8). */
export const MAX_BREAKING = 5;

/**
 * Prints a value the way failure blocks show it (spec "Failure output of an
 * assertion"): strings quoted, a response as `HTTP 200`, responses as
 * `[200 200 429] (3 responses, by status)`, rows as JSON cut at 200
 * characters with the count, headers as `headers(<names>)`, n/a as `n/a`.
 * @example formatValue(str('a')) // '"a"'
 */
export function formatValue(v: Value): string {
  switch (v.k) {
    case 'nil':
      return 'nil';
    case 'na':
      return 'n/a';
    case 'bool':
      return String(v.v);
    case 'num':
      return numText(v);
    case 'str':
      // A body read whole can be megabytes; the failure block shows the body itself.
      return cut(JSON.stringify(v.v));
    case 'dur':
      return formatDuration(v.ns);
    case 'headers':
      return `headers(${v.names.join(', ')})`;
    case 'map':
      if (v.tag === 'response') return `HTTP ${statusOf(v)}`;
      return cut(toJsonText(v));
    case 'list': {
      const n = v.items.length;
      if (v.tag === 'responses') {
        return `[${v.items.map((r) => (r.k === 'map' ? statusOf(r) : formatValue(r))).join(' ')}] (${n} response${n === 1 ? '' : 's'}, by status)`;
      }
      if (v.tag === 'rows') return `${cut(toJsonText(v))} (${n} row${n === 1 ? '' : 's'})`;
      if (v.tag === 'messages') return `${cut(toJsonText(v))} (${n} message${n === 1 ? '' : 's'})`;
      return cut(toJsonText(v));
    }
  }
}

function statusOf(m: Extract<Value, { k: 'map' }>): string {
  const s = m.entries.get('status');
  return s && s.k === 'num' ? numText(s) : s ? formatValue(s) : '?';
}

/** Cuts text at `JSON_CUT` characters with a marker. */
export function cut(text: string, max = JSON_CUT): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/** The line for a read path: `body.id = 5`, `duration.dns = n/a`. */
export function readLine(path: string, v: Value): string {
  return `${path} = ${formatValue(v)}`;
}

/**
 * How a failure names an element: a response of a parallel repeat by its
 * repetition (`repeat 3 of 5 (parallel)`: it has no index a plan could
 * write), a response of a serial repeat by its index in `responses`, any
 * other element by its index in the collection (`body.items[2]`).
 */
export function elementLabel(collection: string | undefined, index: number, v: Value): string {
  if (v.k === 'map' && v.repeat) {
    const r = v.repeat;
    return r.parallel ? `repeat ${r.index + 1} of ${r.count} (parallel)` : `responses[${r.index}]`;
  }
  return `${collection ?? 'element'}[${index}]`;
}

/**
 * Detail lines for elements that broke `all` (or matched `none`): five at
 * most, then `N more elements`. Each element's line is followed by `lines`,
 * what its predicate computed and read (`  .price = -1`).
 */
export function breakingLines(
  q: 'all' | 'none',
  collection: string | undefined,
  total: number,
  breaking: readonly { index: number; value: Value; lines?: readonly string[] }[],
): string[] {
  const verb = q === 'all' ? 'do not hold' : 'hold, and none should';
  const lines = [`${breaking.length} of ${total} element${total === 1 ? '' : 's'} ${verb}:`];
  for (const b of breaking.slice(0, MAX_BREAKING)) lines.push(`${elementLabel(collection, b.index, b.value)} = ${formatValue(b.value)}`, ...(b.lines ?? []));
  if (breaking.length > MAX_BREAKING) {
    const more = breaking.length - MAX_BREAKING;
    // Plural as the spec writes it (`N more elements`), like the other counted nouns.
    lines.push(`${more} more elements`);
  }
  return lines;
}

/** Detail line for a failed `any`. */
export function anyLine(collection: string | undefined, total: number): string {
  if (total === 0) return `${collection ?? 'the collection'} is empty`;
  return `none of ${total} element${total === 1 ? '' : 's'} matched`;
}

/** Detail line when a field of a non-JSON body was read. */
export function notJsonLine(contentType: string | undefined): string {
  return `the response body was not JSON (Content-Type ${contentType || 'none'}), so body has no fields`;
}
