/**
 * The static type language. Names in scope are typed (spec "Names are
 * typed"); `any` is dynamic JSON (`body`, `result`, a task's result) whose
 * fields are not checked at load.
 */
export type Type =
  | { readonly t: 'any' }
  | { readonly t: 'bool' }
  | { readonly t: 'num' }
  | { readonly t: 'str' }
  | { readonly t: 'nil' }
  | { readonly t: 'dur' }
  | { readonly t: 'list'; readonly of: Type; readonly name?: string }
  /** A record with known fields; `phases` marks the `duration` record, never assertable whole. */
  | { readonly t: 'record'; readonly name: string; readonly fields: Readonly<Record<string, Type>>; readonly phases?: boolean }
  /** A string-keyed map; `keys`, when known, are checked (env, matrix). */
  | { readonly t: 'dict'; readonly name: string; readonly of: Type; readonly keys?: readonly string[] }
  /** Header map: case-insensitive names, string values, a missing header is nil. */
  | { readonly t: 'headers' }
  /** `tasks`, `tasks.<t>`, `tasks.<t>.results`. */
  | { readonly t: 'tasks' }
  | { readonly t: 'task'; readonly task: string }
  | { readonly t: 'results'; readonly task: string };

export const ANY: Type = { t: 'any' };
export const BOOL: Type = { t: 'bool' };
export const NUM: Type = { t: 'num' };
export const STR: Type = { t: 'str' };
export const NIL_T: Type = { t: 'nil' };
export const DUR: Type = { t: 'dur' };
export const HEADERS: Type = { t: 'headers' };

/** Builds a list type. */
export function listOf(of: Type, name?: string): Type {
  return name ? { t: 'list', of, name } : { t: 'list', of };
}

/** Builds a record type. */
export function record(name: string, fields: Record<string, Type>, phases?: boolean): Type {
  return phases ? { t: 'record', name, fields, phases } : { t: 'record', name, fields };
}

/** Builds the `duration` record of a step kind from its phase names. */
export function phases(names: readonly string[]): Type {
  return record('duration', Object.fromEntries(names.map((n) => [n, DUR])), true);
}

/** The name of a type in messages: `number`, `list of response`, `duration phases` … */
export function typeName(t: Type): string {
  switch (t.t) {
    case 'any':
      return 'any';
    case 'bool':
      return 'boolean';
    case 'num':
      return 'number';
    case 'str':
      return 'string';
    case 'nil':
      return 'nil';
    case 'dur':
      return 'duration';
    case 'list':
      return t.of.t === 'any' ? 'list' : `list of ${typeName(t.of)}`;
    case 'record':
      return t.phases ? 'duration phases' : t.name;
    case 'dict':
      return t.name;
    case 'headers':
      return 'headers';
    case 'tasks':
      return 'tasks';
    case 'task':
      return `task ${t.task}`;
    case 'results':
      return `results of ${t.task}`;
  }
}

/** True when a value of `t` may be a collection that `len`, `count`, `all` … accept. */
export function isCollection(t: Type): boolean {
  return t.t === 'any' || t.t === 'list';
}

/** The element type of a collection type. */
export function elementOf(t: Type): Type {
  return t.t === 'list' ? t.of : ANY;
}

/**
 * Whether two static types can meet in `==`. `any` and `nil` meet everything;
 * durations meet numbers here because the spec makes `duration < number` a
 * run-time error (with a fixed message), not a load error.
 */
export function comparable(a: Type, b: Type): boolean {
  const scalar = (t: Type) => (t.t === 'dur' ? 'num' : t.t);
  if (a.t === 'any' || b.t === 'any' || a.t === 'nil' || b.t === 'nil') return true;
  const sa = scalar(a);
  const sb = scalar(b);
  if (sa === sb) return true;
  const listLike = (t: Type) => t.t === 'list';
  return listLike(a) && listLike(b);
}
