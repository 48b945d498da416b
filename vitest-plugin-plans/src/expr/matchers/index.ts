import type { Node } from '../ast.js';
import { compileOpenApi } from './openapi.js';
import { compileSchema } from './schema.js';
import { compileSnapshot } from './snapshot.js';
import type { CompiledMatcher, MatcherFiles } from './types.js';

/** A matcher compiled, or the load error (with the offset it points at, when not the file literal). */
export type MatcherCompile = { ok: true; matcher: CompiledMatcher } | { ok: false; message: string; at?: number };

/** Compiles the matcher of a `matches schema|openapi|snapshot` node from the files the plan loader reads. */
export function compileMatcher(n: Extract<Node, { type: 'matcher' }>, files: MatcherFiles): MatcherCompile {
  switch (n.kind) {
    case 'schema':
      return compileSchema(n.file, files);
    case 'openapi':
      return compileOpenApi(n.file, files);
    case 'snapshot':
      return compileSnapshot(n.file, n.ignoring, files);
  }
}
