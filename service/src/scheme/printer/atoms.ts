/**
 * Printed forms of the atoms: characters, strings and symbols (escaped so that `read` gives the
 * same datum back), and the `#<...>` forms of values that have no external representation.
 */
import { Char, Sym } from '../values.js';

/** R7RS character names (7.1.1 <character name>), by code point. */
const CHAR_NAMES = new Map<number, string>([
  [0x00, 'null'],
  [0x07, 'alarm'],
  [0x08, 'backspace'],
  [0x09, 'tab'],
  [0x0a, 'newline'],
  [0x0d, 'return'],
  [0x1b, 'escape'],
  [0x20, 'space'],
  [0x7f, 'delete'],
]);

/**
 * Code points that must not appear raw in printed text: C0/C1 controls and DEL (invisible or
 * terminal-hostile), lone surrogates (not valid text), and Unicode whitespace (a raw U+00A0
 * would read back as a delimiter or look like a space).
 */
function isUnprintable(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff ||
    // Invisible format characters: soft hyphen, zero-width and bidirectional controls.
    code === 0xad ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064)
  );
}

const hex2 = (code: number): string => code.toString(16).padStart(2, '0');

/** `#\a`, `#\space`, `#\x7f` … (R7RS `write` of a character). */
export function writeChar(c: Char): string {
  const name = CHAR_NAMES.get(c.code);
  if (name !== undefined) return `#\\${name}`;
  if (isUnprintable(c.code)) return `#\\x${c.code.toString(16)}`;
  return `#\\${String.fromCodePoint(c.code)}`;
}

/** The character itself (`display`). */
export function displayChar(c: Char): string {
  return String.fromCodePoint(c.code);
}

/** Escapes shared by strings and `|symbols|` (R7RS 6.7: the mnemonic escapes and `\xHH;`). */
const ESCAPES = new Map<number, string>([
  [0x07, '\\a'],
  [0x09, '\\t'],
  [0x0a, '\\n'],
  [0x0d, '\\r'],
  [0x5c, '\\\\'],
]);

/**
 * Escape `text` between the delimiters `quote` (`"` or `|`). Only code points that need it are
 * rewritten, so ordinary text (including non-ASCII letters) stays readable.
 */
function escapeDelimited(text: string, quote: '"' | '|'): string {
  // Fast path: most strings need no escape at all.
  if (!/[\x00-\x1f\x7f-\xa0\\"|\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\ud800-\udfff]/.test(text)) {
    return quote + text + quote;
  }
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const esc = ESCAPES.get(code);
    if (esc !== undefined) out += esc;
    else if (ch === quote) out += '\\' + quote;
    // Whitespace other than the escaped controls is harmless inside quotes; only controls
    // and lone surrogates need hex.
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff)) {
      out += `\\x${hex2(code)};`;
    } else out += ch;
  }
  return out + quote;
}

/** `"a\nb"`: a string as `write` prints it. */
export function writeStringLiteral(text: string): string {
  return escapeDelimited(text, '"');
}

/** Characters that end a symbol or start another token in the reader, so force `|...|`. */
const DELIMITING = /[\s()[\]{}"';`,|\\\x00-\x1f\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\ud800-\udfff]/;

/**
 * Whether a symbol's name would read back as something else (a number, a dot, a `#` syntax)
 * when printed bare. Errs towards bars: `|1+|` reads back as the same symbol in every reader,
 * while a bare `1+` depends on how lenient the reader is.
 */
function needsBars(name: string): boolean {
  if (name === '' || name === '.') return true;
  if (DELIMITING.test(name)) return true;
  const first = name[0]!;
  if (first === '#') return true;
  if (/[0-9]/.test(first)) return true;
  if (first === '+' || first === '-' || first === '.') {
    if (/^[+-]?\.?[0-9]/.test(name)) return true;
    // +inf.0, -nan.0, +i, -i and their complex forms read as numbers.
    if (/^[+-](inf\.0|nan\.0|i$)/i.test(name)) return true;
  }
  return false;
}

/** A symbol as `write` prints it: bare when it reads back as itself, else `|...|`. */
export function writeSymbol(s: Sym): string {
  return needsBars(s.name) ? escapeDelimited(s.name, '|') : s.name;
}

/**
 * A record type's name without the conventional angle brackets, so a record of `<point>`
 * prints `#<point ...>` rather than `#<<point> ...>`.
 */
export function bareTypeName(name: string): string {
  return name.length > 2 && name.startsWith('<') && name.endsWith('>') ? name.slice(1, -1) : name;
}
