/** Compiles the matcher of a `matches schema|openapi|snapshot` node, sharing successful compiles through the load's cache. */
import type { Node } from '../ast.js';
import { compileOpenApi } from './openapi.js';
import { compileSchema } from './schema.js';
import { compileSnapshot } from './snapshot.js';
import type { MatcherCompile, MatcherFiles } from './types.js';

export type { MatcherCompile } from './types.js';

/** Compiles the matcher of a `matches schema|openapi|snapshot` node from the files the plan loader reads. */
export function compileMatcher(n: Extract<Node, { type: 'matcher' }>, files: MatcherFiles): MatcherCompile {
  const cache = files.cache;
  if (!cache) return compileUncached(n, files);
  const key = `${n.kind}\0${n.file}\0${JSON.stringify(n.ignoring.map((i) => i.path))}`;
  const hit = cache.get(key);
  if (hit) return { ok: true, matcher: hit };
  const out = compileUncached(n, files);
  // Only successes are shared: a failure's position belongs to its expression.
  if (out.ok) cache.set(key, out.matcher);
  return out;
}

function compileUncached(n: Extract<Node, { type: 'matcher' }>, files: MatcherFiles): MatcherCompile {
  switch (n.kind) {
    case 'schema':
      return compileSchema(n.file, files);
    case 'openapi':
      return compileOpenApi(n.file, files);
    case 'snapshot':
      return compileSnapshot(n.file, n.ignoring, files);
  }
}
