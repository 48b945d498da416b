/**
 * Reader API. `readProgram` reads a whole source before anything runs (a syntax error anywhere
 * means no form runs); `readAll` and `DatumReader` serve the `read` builtin on string ports.
 */
import { SchemeError } from '../errors.js';
import { EOF, type Value } from '../values.js';
import { DatumReader } from './reader.js';

export { DatumReader, MAX_NESTING } from './reader.js';

/** One top-level form and where it starts. */
export interface SourceForm {
  readonly datum: Value;
  readonly line: number;
  readonly col: number;
  /** Compound expressions counted up to and including this form. */
  readonly compoundSoFar: number;
}

/** The forms of a source, or the syntax error that stopped reading. */
export type ReadOutcome =
  | { readonly ok: true; readonly forms: SourceForm[]; readonly compound: number }
  | { readonly ok: false; readonly error: SchemeError; readonly index: number };

/**
 * Read every top-level form of `source`.
 * @example readProgram('(+ 1 2) x') // → { ok: true, forms: [{datum: (+ 1 2), line: 1, col: 1}, …] }
 */
export function readProgram(source: string): ReadOutcome {
  const reader = new DatumReader(source);
  const forms: SourceForm[] = [];
  try {
    for (;;) {
      const d = reader.next();
      if (d === EOF) break;
      forms.push({ datum: d as Value, line: reader.startLine, col: reader.startCol, compoundSoFar: reader.compound });
    }
  } catch (e) {
    if (e instanceof SchemeError) return { ok: false, error: e, index: forms.length };
    throw e;
  }
  return { ok: true, forms, compound: reader.compound };
}

/** Every datum of `text` (throws SchemeError('syntax_error') on bad syntax). */
export function readAll(text: string): Value[] {
  const reader = new DatumReader(text);
  const out: Value[] = [];
  for (;;) {
    const d = reader.next();
    if (d === EOF) return out;
    out.push(d as Value);
  }
}

/**
 * One datum of `text` starting at offset `start`, and the offset after it; `datum` is EOF at
 * the end of the text. For `read` on string ports.
 */
export function readDatum(text: string, start = 0): { datum: Value; end: number } {
  const reader = new DatumReader(text, start);
  const datum = reader.next();
  return { datum, end: reader.offset };
}
