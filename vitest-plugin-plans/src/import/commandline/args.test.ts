import { describe, expect, it } from 'vitest';
import { ImportInputError } from '../types.js';
import { parseCurlArgs } from './args.js';

describe('parseCurlArgs', () => {
  it('drops a leading curl word and takes bare words as URLs', () => {
    const c = parseCurlArgs(['curl', 'https://a.example/x', 'b.example']);
    expect(c.urls).toEqual(['https://a.example/x', 'b.example']);
    expect(parseCurlArgs(['https://a.example/x']).urls).toEqual(['https://a.example/x']);
  });

  it('reads an option value from the next word, the same word, or after =', () => {
    expect(parseCurlArgs(['-X', 'PUT', 'u']).method).toBe('PUT');
    expect(parseCurlArgs(['-XPUT', 'u']).method).toBe('PUT');
    expect(parseCurlArgs(['--request', 'PATCH', 'u']).method).toBe('PATCH');
    expect(parseCurlArgs(['--request=DELETE', 'u']).method).toBe('DELETE');
    expect(parseCurlArgs(['--url=https://x/y']).urls).toEqual(['https://x/y']);
  });

  it('splits clusters until a letter that takes a value, which takes the rest', () => {
    const c = parseCurlArgs(['-sSLXPOST', 'u']);
    expect(c.location).toBe(true);
    expect(c.method).toBe('POST');
    const d = parseCurlArgs(['-sH', 'X-A: 1', '-HX-B: 2', 'u']);
    expect(d.headers).toEqual(['X-A: 1', 'X-B: 2']);
    expect(d.urls).toEqual(['u']);
  });

  it('keeps repeated headers and data in order, each with its kind', () => {
    const c = parseCurlArgs(['-d', 'a=1', '--data-raw', '@x', '--data-binary', '@f', '--data-urlencode', 'n=v w', '--json', '{}', '--data-ascii', 'b', 'u']);
    expect(c.data).toEqual([
      { kind: 'ascii', value: 'a=1' }, { kind: 'raw', value: '@x' }, { kind: 'binary', value: '@f' },
      { kind: 'urlencode', value: 'n=v w' }, { kind: 'json', value: '{}' }, { kind: 'ascii', value: 'b' },
    ]);
  });

  it('reads -G, -I, -u, -b, -A, -e, -k, --compressed, -m, -F and --form-string', () => {
    const c = parseCurlArgs(['-G', '-I', '-u', 'a:b', '-b', 's=1', '-A', 'ua', '-e', 'r', '-k', '--compressed', '-m', '3', '-F', 'x=1', '--form-string', 'y=@z', 'u']);
    expect(c).toMatchObject({ get: true, head: true, user: 'a:b', cookies: ['s=1'], userAgent: 'ua', referer: 'r', insecure: true, compressed: true, maxTime: '3' });
    expect(c.form).toEqual([{ value: 'x=1', literal: false }, { value: 'y=@z', literal: true }]);
  });

  it('drops output-only options with their values, so they are not read as URLs', () => {
    const c = parseCurlArgs(['-sSv', '-o', '/dev/null', '-w', '%{http_code}', '--fail', '-D', '-', 'https://x/']);
    expect(c.urls).toEqual(['https://x/']);
    expect(c.unsupported).toEqual([]);
  });

  it('lists options it does not translate, with the value of those known to take one', () => {
    const c = parseCurlArgs(['--proxy', 'http://p:1', '--http2', '-Z', '-x', 'q', '--retry=3', 'u']);
    expect(c.unsupported).toEqual(['--proxy http://p:1', '--http2', '-Z', '-x q', '--retry 3']);
    expect(c.urls).toEqual(['u']);
  });

  it('turns a boolean option off with --no-', () => {
    expect(parseCurlArgs(['-L', '--no-location', 'u']).location).toBe(false);
    expect(parseCurlArgs(['--no-http2', 'u']).unsupported).toEqual(['--no-http2']);
  });

  it('remembers an auth scheme other than Basic', () => {
    expect(parseCurlArgs(['--digest', '-u', 'a:b', 'u']).authScheme).toBe('--digest');
    expect(parseCurlArgs(['--digest', '--basic', 'u']).authScheme).toBeUndefined();
  });

  it('reads every word after -- as a URL', () => {
    expect(parseCurlArgs(['--', '-not-a-flag']).urls).toEqual(['-not-a-flag']);
  });

  it('refuses an option missing its value, and a value given to a switch', () => {
    expect(() => parseCurlArgs(['u', '-H'])).toThrow(new ImportInputError('curl option -H needs a value'));
    expect(() => parseCurlArgs(['--location=yes', 'u'])).toThrow(ImportInputError);
  });

  it('reads a long name in another case as curl 7 did, and no Object member as an option', () => {
    expect(parseCurlArgs(['--data-urlEncode', 'a=b c', 'u']).data).toEqual([{ kind: 'urlencode', value: 'a=b c' }]);
    const c = parseCurlArgs(['--constructor', '--toString=1', 'u']);
    expect(c.unsupported).toEqual(['--constructor', '--toString']);
    expect(c.urls).toEqual(['u']);
  });
});
