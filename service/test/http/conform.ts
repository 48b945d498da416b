/** Validation of live answers against service/openapi.json. */
import { expect } from 'vitest';
import type request from 'supertest';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';

export const doc = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
export const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(doc, 'api');

const ptr = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Validates `res` against the document's response for `path`/`method`/its status. */
export function conform(path: string, method: string, res: request.Response): void {
  const spec = doc.paths[path]?.[method]?.responses?.[String(res.status)];
  expect(spec, `${method} ${path} has no ${res.status} in openapi.json`).toBeDefined();
  const at = `api#/paths/${ptr(path)}/${method}/responses/${res.status}/content/application~1json/schema`;
  const validate = ajv.getSchema(at) ?? ajv.compile({ $ref: at });
  expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
  for (const [name, h] of Object.entries<{ required?: boolean; $ref?: string }>(spec.headers ?? {})) {
    const header = h.$ref ? doc.components.headers[h.$ref.split('/').pop()!] : h;
    if (header.required) expect(res.headers[name.toLowerCase()], `${name} on ${res.status}`).toBeDefined();
  }
  expect(res.headers['content-type']).toBe('application/json');
}
