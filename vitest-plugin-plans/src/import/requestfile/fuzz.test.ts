/**
 * Bounded fuzz of the request-file and OpenAPI importers (fixed seed):
 * mutated inputs end in a plan that loads (as `runner import` checks before
 * printing, with an empty environment) or in an ImportInputError with a
 * line and column, never in another exception.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlanText, renderDiagnostic } from '../../plan/index.js';
import { importOpenApi } from '../openapi/index.js';
import { ImportInputError, type Importer } from '../types.js';
import { renderImportedPlan } from '../write-plan.js';
import { importRequestFile } from './index.js';

function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REQUEST_FILE = `@host = http://localhost:8080
@token = abc123

### Log in
# @name login
POST {{host}}/login
Content-Type: application/json
Authorization: Bearer {{token}}

{ "user": "{{$processEnv USER}}", "n": 10.10, "id": "{{$guid}}" }

> {%
client.test("ok", function() { client.assert(response.status === 200); });
client.global.set("sid", response.body.sid);
%}

###
GET {{host}}/me?sid={{sid}}
    &x={{login.response.body.$.items[0].id}}
Cookie: session={{login.response.headers.X-Session}}

?? status == 200
?? header content-type includes json
`;

const OPENAPI = `openapi: 3.1.0
info: { title: t, version: "1" }
servers: [{ url: /v1 }]
security: [{ key: [] }]
paths:
  /pets:
    post:
      operationId: createPet
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses:
        '201': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
  /pets/{petId}:
    parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
    get:
      responses: { '200': { description: ok } }
    delete:
      responses: { '204': { description: gone } }
components:
  securitySchemes: { key: { type: apiKey, in: header, name: X-Key } }
  schemas:
    Pet:
      type: object
      required: [id, name, parent]
      properties:
        id: { type: integer, readOnly: true }
        name: { type: string }
        parent: { oneOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'null' }] }
`;

const PIECES = ['{{', '}}', '"', '{', '}', '%}', '> {%', '$', ' ', '\\', '#/', '[', 'null', '###', '{{$guid}}', '{{login.response.body.$.a}}', ': ', '\n', '- '];

function mutate(text: string, next: () => number): string {
  const lines = text.split('\n');
  for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
    const i = Math.floor(next() * lines.length);
    const r = next();
    if (r < 0.3) lines.splice(i, 1);
    else if (r < 0.5) lines.splice(i, 0, lines[Math.floor(next() * lines.length)]!);
    else if (r < 0.65) lines[i] = lines[i]!.slice(0, Math.floor(next() * lines[i]!.length));
    else {
      const at = Math.floor(next() * (lines[i]!.length + 1));
      lines[i] = lines[i]!.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)] + lines[i]!.slice(at);
    }
  }
  return lines.join('\n');
}

describe.each([
  ['requestfile', importRequestFile, REQUEST_FILE, 'api.http'],
  ['openapi', importOpenApi, OPENAPI, 'api.yaml'],
] as Array<[string, Importer, string, string]>)('%s importer fuzz', (_, importer, seedText, file) => {
  it('prints a plan that loads, or refuses the input with a line and column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-fuzz-'));
    const next = rng(20240611);
    for (let n = 0; n < 400; n++) {
      const text = n === 0 ? seedText : mutate(seedText, next);
      writeFileSync(join(dir, file), text);
      let printed: string;
      try {
        printed = renderImportedPlan(importer({ text, file, dir, args: [] }), file);
      } catch (e) {
        if (!(e instanceof ImportInputError)) throw new Error(`input ${n} threw ${String(e)}:\n${text}`);
        expect(e.message, text).toMatch(/line \d+, column \d+: /);
        continue;
      }
      const loaded = loadPlanText(printed, join(dir, 'imported.plan.yaml'), { cwd: dir, environ: {} });
      if (!loaded.ok) throw new Error(`input ${n} imported a plan that does not load:\n${loaded.errors.map(renderDiagnostic).join('\n')}\n--- input:\n${text}`);
    }
  });
});
