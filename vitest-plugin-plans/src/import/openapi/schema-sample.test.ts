import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportInputError } from '../types.js';
import type { Json } from './read.js';
import { Refs } from './refs.js';
import { mergeSchema, sampleSchema } from './schema-sample.js';

/** A document whose components.schemas are `schemas`, and the sampler over `schema` in it. */
function sample(schema: Json, schemas: Record<string, Json> = {}, purpose: 'request' | 'response' = 'request', dir = tmpdir()) {
  const root = { openapi: '3.1.0', components: { schemas } };
  return sampleSchema(schema, new Refs(root, 'api.yaml', dir, JSON.stringify(root)), 'api.yaml', purpose);
}

describe('sampleSchema', () => {
  it('prefers documented values: example, examples[0], default, const, enum[0]', () => {
    expect(sample({ type: 'string', example: 'a', default: 'b' })).toEqual({ value: 'a', invented: [] });
    expect(sample({ type: 'string', examples: ['c', 'd'] })).toEqual({ value: 'c', invented: [] });
    expect(sample({ type: 'integer', default: 7 })).toEqual({ value: 7, invented: [] });
    expect(sample({ const: 'fixed' })).toEqual({ value: 'fixed', invented: [] });
    expect(sample({ type: 'string', enum: ['open', 'closed'] })).toEqual({ value: 'open', invented: [] });
  });

  it('invents from type and format, and says where', () => {
    const s = sample({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        at: { type: 'string', format: 'date-time' },
        email: { type: 'string', format: 'email' },
        n: { type: 'integer' },
        ok: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(s.value).toEqual({ id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', at: '2024-01-01T00:00:00Z', email: 'user@example.com', n: 1, ok: true, tags: ['string'] });
    expect(s.invented).toEqual(['id', 'at', 'email', 'n', 'ok', 'tags[0]']);
  });

  it('keeps numbers and strings inside their bounds', () => {
    expect(sample({ type: 'integer', minimum: 5 }).value).toBe(5);
    expect(sample({ type: 'integer', minimum: 5, exclusiveMinimum: true }).value).toBe(6);
    expect(sample({ type: 'integer', exclusiveMinimum: 0 }).value).toBe(1);
    expect(sample({ type: 'integer', maximum: -3 }).value).toBe(-3);
    expect(sample({ type: 'integer', minimum: 7, multipleOf: 5 }).value).toBe(10);
    expect(sample({ type: 'string', minLength: 9 }).value).toBe('stringxxx');
    expect(sample({ type: 'string', maxLength: 3 }).value).toBe('str');
    expect(sample({ type: ['null', 'number'] }).value).toBe(1);
  });

  it('sends required properties only, and leaves readOnly ones out of requests', () => {
    const schema = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, tag: { type: 'string' } } };
    expect(sample(schema, {}, 'request').value).toEqual({ name: 'string' });
    expect(sample(schema, {}, 'response').value).toEqual({ id: 1, name: 'string' });
  });

  it('merges allOf and takes the first oneOf branch', () => {
    const schemas = {
      Base: { type: 'object', required: ['sku'], properties: { sku: { type: 'string', examples: ['MUG-001'] } } },
      Physical: { type: 'object', required: ['kind', 'grams'], properties: { kind: { const: 'physical' }, grams: { type: 'integer', minimum: 1 } } },
      Digital: { type: 'object', required: ['kind'], properties: { kind: { const: 'digital' } } },
    };
    const s = sample({ allOf: [{ $ref: '#/components/schemas/Base' }, { oneOf: [{ $ref: '#/components/schemas/Physical' }, { $ref: '#/components/schemas/Digital' }] }] }, schemas);
    expect(s).toEqual({ value: { sku: 'MUG-001', kind: 'physical', grams: 1 }, invented: ['grams'] });
  });

  it('stops recursive schemas: an array of itself is empty, a recursive alternative gives way to null', () => {
    const schemas = {
      Node: { type: 'object', required: ['name', 'children'], properties: { name: { type: 'string', example: 'root' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
      Category: { type: 'object', required: ['name', 'parent'], properties: { name: { type: 'string', example: 'Kitchen' }, parent: { oneOf: [{ $ref: '#/components/schemas/Category' }, { type: 'null' }] } } },
      Loop: { type: 'object', required: ['next'], properties: { next: { $ref: '#/components/schemas/Loop' } } },
    };
    expect(sample({ $ref: '#/components/schemas/Node' }, schemas).value).toEqual({ name: 'root', children: [] });
    expect(sample({ $ref: '#/components/schemas/Category' }, schemas).value).toEqual({ name: 'Kitchen', parent: null });
    expect(sample({ $ref: '#/components/schemas/Loop' }, schemas).value).toEqual({ next: {} });
  });

  it('stops at a fixed depth when nesting is not recursive but deep', () => {
    let schema: Json = { type: 'string', example: 'leaf' };
    for (let i = 0; i < 20; i++) schema = { type: 'object', required: ['x'], properties: { x: schema } };
    const text = JSON.stringify(sample(schema).value);
    expect(text).not.toContain('leaf');
    expect(text.split('"x"').length - 1).toBeLessThan(12);
  });

  it('follows refs into files beside the document, relative to the file that holds them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sample-'));
    writeFileSync(join(dir, 'common.yaml'), 'Money:\n  type: object\n  required: [amount, currency]\n  properties:\n    amount: { $ref: "#/Amount" }\n    currency: { type: string, default: EUR }\nAmount:\n  type: number\n  minimum: 0.5\n');
    expect(sample({ $ref: 'common.yaml#/Money' }, {}, 'request', dir)).toEqual({ value: { amount: 1, currency: 'EUR' }, invented: ['amount'] });
  });

  it('refuses a ref that does not resolve, and a remote one', () => {
    expect(() => sample({ $ref: '#/components/schemas/Nope' })).toThrow(ImportInputError);
    expect(() => sample({ $ref: 'https://example.com/s.json' })).toThrow(/remote \$ref/);
  });
});

describe('mergeSchema', () => {
  it('unions properties and required lists of allOf members', () => {
    const root = { components: { schemas: { A: { properties: { a: { type: 'string' } }, required: ['a'] } } } };
    const refs = new Refs(root, 'api.yaml', tmpdir(), '');
    const m = mergeSchema(refs, { allOf: [{ $ref: '#/components/schemas/A' }, { properties: { b: { type: 'integer' } }, required: ['b'] }], description: 'both' }, 'api.yaml');
    expect(m).toEqual({ description: 'both', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a', 'b'] });
  });
});
