/**
 * The printer: R7RS `write`, `display`, `write-shared` and `write-simple` of any value.
 *
 * Decisions (service/docs/values.md):
 *   - `(quote x)` prints as `(quote x)`, not `'x`: the printed form is the datum as it is, and
 *     both read back the same.
 *   - Datum labels only where there is a cycle (`write`, `display`); on every shared node for
 *     `write-shared`; never for `write-simple` (which, as R7RS says, does not terminate on a
 *     cycle — `maxChars` is what stops it).
 *   - No external representation: `#<procedure name>`, `#<procedure>`, `#<point x: 1 y: 2>`
 *     (record; angle brackets of the type name dropped), `#<record-type point>`,
 *     `#<error "message" irritant ...>`, `#<eof>`, `#<unspecified>`, `#<kind label>` (opaque).
 *   - Several values (`values`) print separated by a space.
 *
 * The printer never recurses on the JS stack (an explicit task stack does the nesting), and it
 * stops producing text once `maxChars` is passed, so a huge value never builds a huge string.
 */
import {
  Bytevector,
  Char,
  Eof,
  ErrorObject,
  Flonum,
  MString,
  MultipleValues,
  Nil,
  Opaque,
  Pair,
  Procedure,
  Ratnum,
  Record,
  RecordType,
  SVector,
  Sym,
  Unspecified,
  type Value,
} from './values.js';
import { bareTypeName, displayChar, writeChar, writeStringLiteral, writeSymbol } from './printer/atoms.js';
import { findLabels, isCompound, type Compound } from './printer/labels.js';
import { numberText } from './printer/number-text.js';

/** Which R7RS output procedure's rules to follow. */
export type PrintMode = 'write' | 'display' | 'write-shared' | 'write-simple';

export interface PrintOptions {
  /** Stop once the text passes this many UTF-16 code units; the result is then cut to it. */
  maxChars?: number;
}

/** Printed text and whether it was cut at `maxChars`. */
export interface Printed {
  text: string;
  truncated: boolean;
}

/** Collects output and notices when the budget is spent. */
class Out {
  private readonly parts: string[] = [];
  length = 0;
  full = false;
  constructor(readonly max: number) {}
  emit(s: string): void {
    if (this.full) return;
    this.parts.push(s);
    this.length += s.length;
    if (this.length > this.max) this.full = true;
  }
  /** Code units left before the budget is passed (at least 0). */
  get room(): number {
    return Math.max(0, this.max - this.length);
  }
  finish(): Printed {
    let text = this.parts.join('');
    if (!this.full) return { text, truncated: false };
    text = text.slice(0, this.max);
    // Never end on half of a surrogate pair.
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
    return { text, truncated: true };
  }
}

/** Continue a list after an element: `v` is the cdr reached. */
class TailTask {
  constructor(readonly v: Value) {}
}
/** The children of a vector, record or error object, from `i` on. */
class ItemsTask {
  constructor(readonly items: readonly Value[], public i: number, readonly sep: readonly string[] | null, readonly close: string) {}
}
type Task = string | Value | TailTask | ItemsTask;

/** A text that is longer than the room left is cut first, so escaping stays cheap. */
function clip(text: string, out: Out): string {
  return text.length > out.room + 1 ? text.slice(0, out.room + 1) : text;
}

function atomText(v: Value, mode: PrintMode, out: Out): string {
  if (typeof v === 'number' || typeof v === 'bigint' || v instanceof Flonum || v instanceof Ratnum) return numberText(v);
  if (typeof v === 'boolean') return v ? '#t' : '#f';
  if (v instanceof MString) return mode === 'display' ? clip(v.chars, out) : writeStringLiteral(clip(v.chars, out));
  if (v instanceof Sym) return mode === 'display' ? v.name : writeSymbol(v);
  if (v instanceof Char) return mode === 'display' ? displayChar(v) : writeChar(v);
  if (v instanceof Nil) return '()';
  if (v instanceof Bytevector) return bytevectorText(v, out);
  if (v instanceof Procedure) return v.name === null ? '#<procedure>' : `#<procedure ${v.name}>`;
  if (v instanceof RecordType) return `#<record-type ${bareTypeName(v.name)}>`;
  if (v instanceof Eof) return '#<eof>';
  if (v instanceof Unspecified) return '#<unspecified>';
  if (v instanceof Opaque) return v.label === null ? `#<${v.kind}>` : `#<${v.kind} ${v.label}>`;
  // Several values where one was expected, e.g. (list (values 1 2)): R7RS leaves it an error;
  // show what it is rather than guess.
  if (v instanceof MultipleValues) return `#<${v.values.length} values>`;
  return '#<unknown>';
}

function bytevectorText(b: Bytevector, out: Out): string {
  const room = out.room;
  let s = '#u8(';
  for (let i = 0; i < b.bytes.length; i++) {
    if (s.length > room) return s;
    s += (i === 0 ? '' : ' ') + b.bytes[i]!;
  }
  return s + ')';
}

/**
 * Print `root` by the rules of `mode`.
 *
 * @example
 * printValue(list(1, 2), 'write').text // "(1 2)"
 */
export function printValue(root: Value, mode: PrintMode, opts: PrintOptions = {}): Printed {
  const out = new Out(opts.maxChars ?? Infinity);
  const labelRoot = root instanceof MultipleValues ? new SVector(root.values) : root;
  const labels = mode === 'write-simple' ? new Set<Compound>() : findLabels(labelRoot, mode === 'write-shared', out.max + 1);
  const numbers = new Map<Compound, number>();

  /** Emit the label part of a compound; true when only a reference `#n#` was needed. */
  const label = (c: Compound): boolean => {
    if (!labels.has(c)) return false;
    const n = numbers.get(c);
    if (n !== undefined) {
      out.emit(`#${n}#`);
      return true;
    }
    numbers.set(c, numbers.size);
    out.emit(`#${numbers.size - 1}=`);
    return false;
  };

  const stack: Task[] = [];
  if (root instanceof MultipleValues) stack.push(new ItemsTask(root.values, 0, null, ''));
  else stack.push(root);
  while (stack.length > 0 && !out.full) {
    const t = stack.pop()!;
    if (typeof t === 'string') {
      out.emit(t);
    } else if (t instanceof TailTask) {
      const v = t.v;
      if (v instanceof Nil) out.emit(')');
      else if (v instanceof Pair && !labels.has(v)) {
        out.emit(' ');
        stack.push(new TailTask(v.cdr), v.car);
      } else {
        out.emit(' . ');
        stack.push(')', v);
      }
    } else if (t instanceof ItemsTask) {
      if (t.i >= t.items.length) {
        out.emit(t.close);
        continue;
      }
      const i = t.i++;
      if (i > 0) out.emit(t.sep === null ? ' ' : t.sep[i]!);
      else if (t.sep !== null) out.emit(t.sep[0]!);
      stack.push(t, t.items[i]!);
    } else if (!isCompound(t)) {
      out.emit(atomText(t, mode, out));
    } else if (!label(t)) {
      if (t instanceof Pair) {
        out.emit('(');
        stack.push(new TailTask(t.cdr), t.car);
      } else if (t instanceof SVector) {
        out.emit('#(');
        stack.push(new ItemsTask(t.items, 0, null, ')'));
      } else if (t instanceof Record) {
        const names = t.type.fieldNames.map((f, i) => `${i === 0 ? '' : ' '}${f.name}: `);
        out.emit(`#<${bareTypeName(t.type.name)}${names.length > 0 ? ' ' : ''}`);
        stack.push(new ItemsTask(t.fields, 0, names, '>'));
      } else {
        out.emit('#<error ');
        out.emit(mode === 'display' ? clip(t.message, out) : writeStringLiteral(clip(t.message, out)));
        stack.push(new ItemsTask(t.irritants, 0, t.irritants.map(() => ' '), '>'));
      }
    }
  }
  return out.finish();
}

/** R7RS `write`: escapes, and datum labels only where there is a cycle. */
export function writeValue(v: Value, opts?: PrintOptions): Printed {
  return printValue(v, 'write', opts);
}

/** R7RS `display`: like `write` but strings, characters and symbols print raw. */
export function displayValue(v: Value, opts?: PrintOptions): Printed {
  return printValue(v, 'display', opts);
}

/**
 * The whole `write` text of a value (for messages and tests). Messages should prefer
 * `writeValue(v, { maxChars })` so a huge irritant cannot blow up an error message.
 */
export function writeString(v: Value): string {
  return printValue(v, 'write').text;
}

/** The whole `display` text of a value. */
export function displayString(v: Value): string {
  return printValue(v, 'display').text;
}
