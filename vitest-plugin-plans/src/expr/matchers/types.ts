/** Types the matchers share: compiled matchers, their context and results, and the file access the plan loader hands in. */
import type { MatcherKind } from '../ast.js';
import type { HeadersValue, Value } from '../values.js';

/** A secret the scrubber knows: a snapshot holding its value is not written. */
export interface Secret {
  readonly name: string;
  readonly value: string;
}

/** The exchange `response matches openapi` checks. */
export interface ResponseParts {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: HeadersValue;
  readonly body: Value;
}

/** What a matcher is given at run time besides its subject. */
export interface MatchContext {
  readonly updateSnapshots: boolean;
  readonly secrets: readonly Secret[];
  readonly response?: ResponseParts;
}

/** A matcher's verdict: failure lines, and for `--update-snapshots` the file to write. */
export interface MatchResult {
  readonly ok: boolean;
  readonly lines: readonly string[];
  /** `--update-snapshots`: the engine writes `text` to `path` (relative to the plan), creating directories. */
  readonly write?: { readonly path: string; readonly text: string };
}

/** A matcher compiled at load from its file. */
export interface CompiledMatcher {
  readonly kind: MatcherKind;
  readonly file: string;
  match(subject: Value, ctx: MatchContext): MatchResult;
}

/** What reading a file gave: its text, or that it is missing, or another fault. */
export type FileRead =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly missing: boolean; readonly error: string };

/**
 * Files named by matchers, read by the plan loader (expr does no I/O). Paths
 * are relative to the plan, normalised with `/`; a `$ref` to a sibling of a
 * schema file arrives here resolved against that file's directory.
 */
export interface MatcherFiles {
  read(path: string): FileRead;
  /**
   * Matchers already compiled during this load, keyed by kind, file and
   * options: a plan naming one schema in 500 assertions compiles it once.
   */
  readonly cache?: Map<string, CompiledMatcher>;
}

/** A matcher compiled, or the load error (with the offset it points at, when not the file literal). */
export type MatcherCompile = { ok: true; matcher: CompiledMatcher } | { ok: false; message: string; at?: number };
