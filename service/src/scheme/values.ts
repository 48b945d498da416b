/**
 * Scheme values: the one representation every part of the interpreter shares.
 *
 * Numbers (see numbers/):
 *   - exact integer, small: a JS `number` that is an integer with |n| <= 2^53-1 (the fast path);
 *   - exact integer, big: a JS `bigint`, always normalised (a bigint that fits the small range
 *     is demoted to `number`, so a given integer has exactly one representation);
 *   - exact rational: `Ratnum` (normalised: den > 1, gcd 1);
 *   - inexact real: `Flonum` (an IEEE double in a box, so that 1 and 1.0 stay distinct).
 * Booleans are JS booleans. Everything else is an instance of a class below, never a plain JS
 * object or array, so no Scheme operation can ever reach a JS prototype (sandbox boundary).
 */

/** Source position of a datum, 1-based. */
export interface SourceLoc {
  line: number;
  col: number;
}

export class Flonum {
  constructor(public readonly value: number) {}
}

export class Ratnum {
  /** Always normalised by the numbers module: den > 1n and gcd(num, den) == 1n. */
  constructor(public readonly num: bigint, public readonly den: bigint) {}
}

export type SchemeNumber = number | bigint | Ratnum | Flonum;

/** A pair. `line`/`col` are the position of this pair's car datum when the reader made it (0 = unknown). */
export class Pair {
  line = 0;
  col = 0;
  constructor(public car: Value, public cdr: Value) {}
}

/** The empty list. */
export class Nil {
  static readonly instance = new Nil();
  private constructor() {}
}
export const NIL = Nil.instance;

/** The unspecified value (what `define`, `set!`, `display` … return); printed `value` is null. */
export class Unspecified {
  static readonly instance = new Unspecified();
  private constructor() {}
}
export const UNSPECIFIED = Unspecified.instance;

/** The end-of-file object. */
export class Eof {
  static readonly instance = new Eof();
  private constructor() {}
}
export const EOF = Eof.instance;

/**
 * A symbol. Interned through a `Map` (never a plain object, so `__proto__` or `constructor`
 * are ordinary names). Uninterned symbols (made by the macro expander for hygiene) carry an id.
 */
export class Sym {
  /**
   * Weakly held: a symbol nobody references can be collected (and made afresh if interned
   * again, which nobody can tell apart), so programs interning millions of names do not
   * leak memory into later evaluations of a long-lived worker.
   */
  private static readonly table = new Map<string, WeakRef<Sym>>();
  private static readonly reaper = new FinalizationRegistry<string>((name) => {
    const ref = Sym.table.get(name);
    if (ref !== undefined && ref.deref() === undefined) Sym.table.delete(name);
  });
  private constructor(public readonly name: string, public readonly uninterned = false) {}
  static intern(name: string): Sym {
    let s = Sym.table.get(name)?.deref();
    if (s === undefined) {
      s = new Sym(name);
      Sym.table.set(name, new WeakRef(s));
      Sym.reaper.register(s, name);
    }
    return s;
  }
  static fresh(name: string): Sym {
    return new Sym(name, true);
  }
}
export const sym = (name: string): Sym => Sym.intern(name);

/** A character, as a Unicode code point. */
export class Char {
  private static readonly cache: Char[] = [];
  private constructor(public readonly code: number) {}
  static of(code: number): Char {
    if (code < 256) {
      let c = Char.cache[code];
      if (c === undefined) Char.cache[code] = c = new Char(code);
      return c;
    }
    return new Char(code);
  }
}

/**
 * A string. `chars` holds the text as a JS string; Scheme indexes count code points, so code
 * that indexes must go through the helpers of builtins/strings.ts, which keep that right for
 * text outside the BMP. Literals from the source are immutable (`string-set!` on them is an error).
 */
export class MString {
  constructor(public chars: string, public readonly mutable = true) {}
}

/** A vector. Literal vectors are immutable. */
export class SVector {
  constructor(public readonly items: Value[], public readonly mutable = true) {}
}

/** A bytevector. */
export class Bytevector {
  constructor(public readonly bytes: Uint8Array, public readonly mutable = true) {}
}

/** Several values returned at once (`values`); a single value is never wrapped. */
export class MultipleValues {
  constructor(public readonly values: Value[]) {}
}

/** A record type made by `define-record-type`. */
export class RecordType {
  constructor(public readonly name: string, public readonly fieldNames: readonly Sym[]) {}
}

/** An instance of a record type. */
export class Record {
  constructor(public readonly type: RecordType, public readonly fields: Value[]) {}
}

/**
 * A condition object. `type` is one of the contract's EvalError types; `payload` is what a
 * Scheme `raise` raised when it was not an error object (then type is `user_error`).
 */
export class ErrorObject {
  constructor(
    public readonly type: string,
    public readonly message: string,
    public readonly irritants: Value[],
    /** 'file' | 'read' | undefined — for file-error? / read-error? */
    public readonly kind?: 'file' | 'read',
  ) {}
}

/**
 * Anything applicable. The machine (machine/) defines the concrete subclasses
 * (closures, primitives, continuations, parameters); printers only need the name.
 */
export abstract class Procedure {
  abstract readonly name: string | null;
}

/** Any other opaque object the core defines (promises, environments, ports …) extends this. */
export abstract class Opaque {
  /** Printed as `#<kind>` or `#<kind name>`. */
  abstract readonly kind: string;
  readonly label: string | null = null;
}

export type Value =
  | SchemeNumber
  | boolean
  | Pair
  | Nil
  | Unspecified
  | Eof
  | Sym
  | Char
  | MString
  | SVector
  | Bytevector
  | MultipleValues
  | RecordType
  | Record
  | ErrorObject
  | Procedure
  | Opaque;

/** Build a proper list from a JS array. */
export function list(...items: Value[]): Value {
  let out: Value = NIL;
  for (let i = items.length - 1; i >= 0; i--) out = new Pair(items[i]!, out);
  return out;
}

/** Build a list from an array with an optional tail. */
export function arrayToList(items: readonly Value[], tail: Value = NIL): Value {
  let out: Value = tail;
  for (let i = items.length - 1; i >= 0; i--) out = new Pair(items[i]!, out);
  return out;
}

/** Truthiness: only #f is false. */
export const isTrue = (v: Value): boolean => v !== false;
