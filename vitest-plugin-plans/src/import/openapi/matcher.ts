/**
 * Whether `response matches openapi "<file>"` will load for the imported
 * document. The plan loader compiles the matcher at load, and an imported
 * plan that does not load is an importer bug (exit 70), so the importer
 * asks the matcher itself, through the same compile and the same
 * plan-relative file reads, rather than guessing from the version field.
 * The matcher reads OpenAPI 3.0 and 3.1, so what keeps it out is a fault of
 * the document's files (a remote `$ref`, a schema Ajv refuses).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { compileOpenApi } from '../../expr/matchers/openapi.js';
import type { FileRead } from '../../expr/matchers/types.js';

/**
 * Compiles the matcher for `file` (relative to `dir`, where the plan is
 * saved); returns undefined when it loads, else the matcher's reason.
 * @example openApiMatcherProblem('petstore.json', dir) // 'openapi petstore.json: remote $ref https://example.com/pet.json is refused; keep referenced schemas in files beside the plan'
 */
export function openApiMatcherProblem(file: string, dir: string): string | undefined {
  const read = (path: string): FileRead => {
    try {
      return { ok: true, text: readFileSync(isAbsolute(path) ? path : join(dir, path), 'utf8') };
    } catch (e) {
      const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
      return { ok: false, missing, error: (e as Error).message };
    }
  };
  const compiled = compileOpenApi(file, { read });
  return compiled.ok ? undefined : compiled.message;
}
