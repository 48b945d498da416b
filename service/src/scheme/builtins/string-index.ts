/**
 * Code-point indexing of MString text. Scheme indexes count code points, JS strings count
 * UTF-16 units; the two differ only for text outside the BMP (emoji and the like). Text with
 * no surrogate is indexed directly; whether a text has one is remembered per MString (keyed on
 * the exact text, so a mutation invalidates it), which keeps `string-ref` loops linear.
 */
import type { MString } from '../values.js';

const SURROGATE = /[\ud800-\udfff]/;
const cache = new WeakMap<MString, { text: string; astral: boolean }>();

/** Whether `s` holds any code point outside the BMP (so units ≠ code points). */
export function isAstral(s: MString): boolean {
  const hit = cache.get(s);
  if (hit !== undefined && hit.text === s.chars) return hit.astral;
  const astral = SURROGATE.test(s.chars);
  cache.set(s, { text: s.chars, astral });
  return astral;
}

/** Number of code points of a JS string. */
export function cpCount(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u < 0xd800 || u > 0xdbff || i + 1 >= text.length) n++;
    else {
      const next = text.charCodeAt(i + 1);
      n++;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return n;
}

/** Length of a Scheme string in code points. */
export function stringLength(s: MString): number {
  return isAstral(s) ? cpCount(s.chars) : s.chars.length;
}

/** UTF-16 offset of code point `k` of `s` (k may equal the length: the end offset). */
export function unitOffset(s: MString, k: number): number {
  if (!isAstral(s)) return k;
  const text = s.chars;
  let i = 0;
  for (let n = 0; n < k && i < text.length; n++) {
    const u = text.charCodeAt(i);
    i += u >= 0xd800 && u <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return i;
}

/** Code point `k` of `s` (the caller has checked the range). */
export function codePointAt(s: MString, k: number): number {
  return s.chars.codePointAt(unitOffset(s, k))!;
}

/** The text of code points start..end of `s`. */
export function sliceCodePoints(s: MString, start: number, end: number): string {
  if (!isAstral(s)) return s.chars.slice(start, end);
  const from = unitOffset(s, start);
  return s.chars.slice(from, unitOffset(s, end));
}

/** Code points of a JS string, as numbers. */
export function codePoints(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) out.push(ch.codePointAt(0)!);
  return out;
}

/**
 * Compare two texts in code-point order (JS `<` compares UTF-16 units, which puts U+E000..FFFF
 * after astral characters). At the first differing unit, surrogates are moved above the rest
 * of the BMP, which yields code-point order.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x += x >= 0xe000 ? -0x800 : 0x2000;
    if (y >= 0xd800) y += y >= 0xe000 ? -0x800 : 0x2000;
    return x < y ? -1 : 1;
  }
  return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}
