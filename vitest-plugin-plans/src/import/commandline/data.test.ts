import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportInputError } from '../types.js';
import { assembleData, assembleForm, curlEscape } from './data.js';

const dir = mkdtempSync(join(tmpdir(), 'curl-data-'));
writeFileSync(join(dir, 'lines.txt'), 'a=1\r\nb=2\n');
writeFileSync(join(dir, 'bin'), Buffer.from([0, 0xff]));
const notes = () => ({ added: [] as string[], notTranslated: [] as string[] });

describe('curl data', () => {
  it('escapes as curl_easy_escape does', () => {
    expect(curlEscape("a b&c=d!'()*~")).toBe('a%20b%26c%3Dd%21%27%28%29%2A~');
  });

  it('builds --data-urlencode forms', () => {
    const d = assembleData([{ kind: 'urlencode', value: 'x y' }, { kind: 'urlencode', value: '=x y' }, { kind: 'urlencode', value: 'n=x y' },
      { kind: 'urlencode', value: 'f@lines.txt' }], dir, notes());
    expect(d).toEqual({ text: 'x%20y&x%20y&n=x%20y&f=a%3D1%0D%0Ab%3D2%0A' });
  });

  it('strips line breaks from -d @file, keeps --data-raw @ literal, joins with &', () => {
    expect(assembleData([{ kind: 'ascii', value: '@lines.txt' }, { kind: 'raw', value: '@x' }], dir, notes())).toEqual({ text: 'a=1b=2&@x' });
  });

  it('sends a lone --data-binary @file as a file, and refuses a missing one', () => {
    expect(assembleData([{ kind: 'binary', value: '@bin' }], dir, notes())).toEqual({ file: 'bin' });
    expect(() => assembleData([{ kind: 'binary', value: '@nope' }], dir, notes())).toThrow(new ImportInputError('--data-binary @nope: no such file'));
  });

  it('lists binary data that must join other data, and data from stdin', () => {
    const n = notes();
    expect(assembleData([{ kind: 'binary', value: '@bin' }, { kind: 'ascii', value: '@-' }, { kind: 'ascii', value: 'a' }], dir, n)).toEqual({ text: 'a' });
    expect(n.notTranslated).toHaveLength(2);
  });

  it('concatenates repeated --json pieces', () => {
    expect(assembleData([{ kind: 'json', value: '{"a":' }, { kind: 'json', value: '1}' }], dir, notes())).toEqual({ text: '{"a":1}' });
  });

  it('builds a multipart body from -F text fields, listing file fields', () => {
    const n = notes();
    const body = assembleForm([{ value: 'a=1;type=text/plain', literal: false }, { value: 'f=@x.png', literal: false }, { value: 's=@lit', literal: true }], n);
    expect(body).toContain('name="a"\r\nContent-Type: text/plain\r\n\r\n1\r\n');
    expect(body).toContain('name="s"\r\n\r\n@lit\r\n');
    expect(n.notTranslated).toEqual(['curl -F f=@x.png (a file upload)']);
  });
});
