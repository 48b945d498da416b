import { describe, expect, it } from 'vitest';
import { camelIdentifier, encodeOutsideHoles, escapeTemplate, formEncode, headerSecret, jsonForPlan, mapJsonStrings, multipartBody, secretFormValues, secretQueryValues, upperSnake } from './http-parts.js';

describe('http-parts', () => {
  it('makes a literal {{ harmless in a template', () => {
    expect(escapeTemplate('a {{b}} {{')).toBe('a {{ "{{" }}b}} {{ "{{" }}');
  });

  it('encodes only the literal text around template holes', () => {
    expect(encodeOutsideHoles('a b={{ env.x }}&c', formEncode)).toBe('a+b%3D{{ env.x }}%26c');
  });

  it('keeps JSON for json: only when its numbers and keys survive', () => {
    expect(jsonForPlan('{"a": 10.10, "b": [1, "x"]}')).toEqual({ value: { a: 10.1, b: [1, 'x'] } });
    expect(jsonForPlan('{"id": 12345678901234567}')).toBeUndefined();
    expect(jsonForPlan('{"s": "12345678901234567"}')).toBeDefined();
    expect(jsonForPlan('{"{{k}}": 1}')).toBeUndefined();
    expect(jsonForPlan('{"n": {{n}}}')).toBeUndefined();
    expect(jsonForPlan('{"b": 1, "2": 2}')).toBeUndefined();
  });

  it('writes a multipart body with CRLF and an escaped field name', () => {
    expect(multipartBody([{ name: 'a"b', value: 'v', contentType: 'text/plain' }], 'B')).toBe(
      '--B\r\nContent-Disposition: form-data; name="a%22b"\r\nContent-Type: text/plain\r\n\r\nv\r\n--B--\r\n');
  });

  it('names env entries and their environment variables', () => {
    expect(upperSnake('apiKey')).toBe('API_KEY');
    expect(upperSnake('basicAuth_2')).toBe('BASIC_AUTH_2');
    expect(camelIdentifier('X-Api-Key')).toBe('xApiKey');
  });

  it('finds credentials in header values', () => {
    expect(headerSecret('Authorization', 'Bearer abc')).toEqual({ prefix: 'Bearer ', secret: 'abc', envName: 'token', basic: false });
    expect(headerSecret('authorization', 'Basic dTpw')).toMatchObject({ envName: 'basicAuth', basic: true });
    expect(headerSecret('Cookie', 'sid=1')).toMatchObject({ envName: 'cookie', secret: 'sid=1' });
    expect(headerSecret('X-Api-Key', 'k')).toMatchObject({ envName: 'xApiKey' });
    expect(headerSecret('Accept', 'application/json')).toBeUndefined();
    expect(headerSecret('Authorization', '')).toBeUndefined();
  });

  it('replaces literal credential values in the query, and only those', () => {
    const hole = (name: string) => `{{ env.${name} }}`;
    expect(secretQueryValues('https://x/a?token=t1&n=2#f', hole)).toBe('https://x/a?token={{ env.token }}&n=2#f');
    expect(secretQueryValues('/a?api_key=k&access_token=&key=v', hole)).toBe('/a?api_key={{ env.api_key }}&access_token=&key={{ env.key }}');
    expect(secretQueryValues('/a?token={{ env.t }}&page=1', hole)).toBe('/a?token={{ env.t }}&page=1');
    expect(secretQueryValues('/a?monkey=1&tokenizer', hole)).toBe('/a?monkey=1&tokenizer');
    expect(secretQueryValues('/a', hole)).toBe('/a');
  });

  it('replaces literal credential strings in JSON at any depth, and only those', () => {
    const hole = (name: string, literal: string) => `{{ env.${name}:${literal} }}`;
    const upper = (s: string) => s.toUpperCase();
    const body = {
      user: 'ada',
      profile: { password: 'p1', api_key: 'k1', note: 'hi' },
      sessions: [{ token: 't1', id: 7 }, { token: 't2' }],
      client_secret: '{{ env.cs }}',
      api_keys: ['a1'],
      secret: '',
    };
    expect(mapJsonStrings(body, upper, hole)).toEqual({
      user: 'ADA',
      profile: { password: '{{ env.password:p1 }}', api_key: '{{ env.api_key:k1 }}', note: 'HI' },
      sessions: [{ token: '{{ env.token:t1 }}', id: 7 }, { token: '{{ env.token:t2 }}' }],
      client_secret: '{{ ENV.CS }}',
      api_keys: ['{{ env.api_keys:a1 }}'],
      secret: '',
    });
    expect(mapJsonStrings({ password: 'p' }, upper)).toEqual({ password: 'P' });
  });

  it('replaces literal credential values in a urlencoded body, and only those', () => {
    const hole = (name: string) => `{{ env.${name} }}`;
    expect(secretFormValues('user=ada&password=s%26c&grant_type=password', hole)).toBe('user=ada&password={{ env.password }}&grant_type=password');
    expect(secretFormValues('client+secret=x&client_secret={{ env.cs }}&refresh_token=', hole)).toBe('client+secret={{ env.client secret }}&client_secret={{ env.cs }}&refresh_token=');
    expect(secretFormValues('just text', hole)).toBe('just text');
  });
});
