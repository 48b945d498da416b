import { describe, expect, it } from 'vitest';
import { ImportInputError } from '../types.js';
import { jsonErrorAt, readCollectionJson } from './read.js';

const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

describe('readCollectionJson', () => {
  it.each([
    ['', 'the file is empty'],
    ['{"info": {"schema": "x"},\n  "item": [1,]}', 'not JSON: expected a value, found "]" at line 2 column 14'],
    ['[]', 'the file holds a list'],
    ['{"openapi": "3.0.3"}', 'this is an OpenAPI document (openapi 3.0.3)'],
    ['{"values": [], "_postman_variable_scope": "environment"}', 'this is a Postman environment'],
    ['{"requests": [], "order": []}', 'Postman collection v1'],
    [`{"info": {"schema": "${schema.replace('v2.1.0', 'v3.0.0')}"}, "item": []}`, 'Postman collection v3.0 is not read'],
    [`{"info": {"schema": "${schema}"}, "item": [3]}`, 'item[0] is not an object'],
    [`{"info": {"schema": "${schema}"}, "item": [{"item": {}}]}`, 'item[0].item is not a list'],
  ])('%j is refused: %s', (text, message) => {
    expect(() => readCollectionJson(text)).toThrow(ImportInputError);
    expect(() => readCollectionJson(text)).toThrow(message);
  });

  it('accepts a v2.0 or v2.1 collection, and one without a schema that has items', () => {
    expect(readCollectionJson(`\uFEFF{"info": {"schema": "${schema}"}, "item": []}`)).toHaveProperty('item');
    expect(readCollectionJson(`{"info": {"schema": "${schema.replace('v2.1.0', 'v2.0.0')}"}, "item": []}`)).toHaveProperty('item');
    expect(readCollectionJson('{"info": {"name": "x"}, "item": []}')).toHaveProperty('item');
  });
});

describe('jsonErrorAt', () => {
  it.each([
    ['{"a": 1,}', 8, 'expected a property name in double quotes, found "}"'],
    ['{"a" 1}', 5, 'expected : after the property name, found "1"'],
    ['{"a": 1', 7, 'the file ends early'],
    ['{"a": "x\ny"}', 8, 'a line break or control character inside a string (escape it as \\n)'],
    ['{} x', 3, 'unexpected "x" after the end of the JSON value'],
  ])('%j fails at %i: %s', (text, pos, message) => {
    expect(jsonErrorAt(text)).toEqual({ pos, message });
  });
});
