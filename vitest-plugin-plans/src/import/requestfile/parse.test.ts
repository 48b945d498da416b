import { describe, expect, it } from 'vitest';
import { ImportInputError } from '../types.js';
import { parseRequestFile } from './parse.js';

const lines = (...l: string[]) => l.join('\n') + '\n';

describe('parseRequestFile', () => {
  it('reads variables, separators, titles and @name metadata', () => {
    const f = parseRequestFile(lines(
      '@host = http://localhost:8080',
      '',
      '### Log in',
      '# @name login',
      'POST {{host}}/login',
      '',
      '###',
      '// @name me',
      '@token = {{login.response.body.$.token}}',
      'GET {{host}}/me',
    ));
    expect(f.vars).toEqual([
      { name: 'host', value: 'http://localhost:8080', line: 1, before: 0 },
      { name: 'token', value: '{{login.response.body.$.token}}', line: 9, before: 1 },
    ]);
    expect(f.requests.map((r) => [r.title, r.method, r.url, r.line])).toEqual([
      ['Log in', 'POST', '{{host}}/login', 5],
      [undefined, 'GET', '{{host}}/me', 10],
    ]);
    expect(f.requests[1]!.directives).toEqual([{ name: 'name', value: 'me', line: 8 }]);
  });

  it('takes a bare URL as GET, drops the HTTP version, and keeps spaces inside holes', () => {
    const f = parseRequestFile(lines('https://example.com/a', '###', 'DELETE {{ base }}/a/{{ id }} HTTP/1.1'));
    expect(f.requests.map((r) => [r.method, r.url])).toEqual([['GET', 'https://example.com/a'], ['DELETE', '{{ base }}/a/{{ id }}']]);
  });

  it('joins query continuation lines onto the URL', () => {
    const f = parseRequestFile(lines('GET https://x.test/search', '    ?q=mug', '    &page=2', 'Accept: */*'));
    expect(f.requests[0]!.url).toBe('https://x.test/search?q=mug&page=2');
    expect(f.requests[0]!.headers).toEqual([{ name: 'Accept', value: '*/*', line: 4 }]);
  });

  it('reads headers to the blank line and the body to the next ###, without trailing comments', () => {
    const f = parseRequestFile(lines('POST https://x.test/a', 'Content-Type: application/json', '# a comment between headers', 'X-A: 1', '', '{', '  "a": 1', '}', '', '# next one', '###', 'GET https://x.test/b'));
    const r = f.requests[0]!;
    expect(r.headers.map((h) => h.name)).toEqual(['Content-Type', 'X-A']);
    expect(r.body).toEqual({ kind: 'text', text: '{\n  "a": 1\n}', line: 6 });
  });

  it('reads `< file` and `<@ file` bodies', () => {
    const f = parseRequestFile(lines('POST https://x.test/a', '', '< ./a.json', '###', 'POST https://x.test/b', '', '<@latin1 ./b.txt'));
    expect(f.requests[0]!.body).toEqual({ kind: 'file', path: './a.json', line: 3, processVariables: false });
    expect(f.requests[1]!.body).toEqual({ kind: 'file', path: './b.txt', line: 7, processVariables: true, encoding: 'latin1' });
  });

  it('ends the body at a JetBrains handler and keeps inline and file handlers', () => {
    const f = parseRequestFile(lines('POST https://x.test/a', '', '{"a":1}', '', '> {%', 'client.assert(response.status === 200);', '%}', '> ./check.js', '<> 2024-01-01T000000.200.json'));
    const r = f.requests[0]!;
    expect(r.body).toEqual({ kind: 'text', text: '{"a":1}', line: 3 });
    expect(r.handlers).toEqual([
      { kind: 'inline', source: '\nclient.assert(response.status === 200);\n', line: 5 },
      { kind: 'file', path: './check.js', line: 8 },
    ]);
    expect(r.extras).toEqual([]);
  });

  it('keeps httpyac ?? lines and script blocks apart from the body', () => {
    const f = parseRequestFile(lines('{{', '  exports.a = 1;', '}}', '###', 'GET https://x.test/a', '', '?? status == 200', '{{@response', '  test(1)', '}}'));
    const r = f.requests[0]!;
    expect(r.body).toBeUndefined();
    expect(r.asserts).toEqual([{ text: 'status == 200', line: 7 }]);
    expect(r.extras.map((x) => x.line)).toEqual([8]);
    expect(f.extras.map((x) => x.line)).toEqual([1]);
  });

  it('reads CRLF files and a byte order mark', () => {
    const f = parseRequestFile('\uFEFFGET https://x.test/a\r\nAccept: text/plain\r\n');
    expect(f.requests[0]!.headers).toEqual([{ name: 'Accept', value: 'text/plain', line: 2 }]);
  });

  it('starts a new request at a request line after a blank line, without ### (httpyac)', () => {
    const f = parseRequestFile(lines(
      'GET https://x.test/a',
      '',
      'POST https://x.test/b',
      'Content-Type: application/json',
      '',
      '{"k": 1}',
      '',
      '# @name third',
      'GET /c',
      '?? status == 200',
      '',
      '> {% client.global.set("t", response.body.t); %}',
      'GET /d',
    ));
    expect(f.requests.map((r) => [r.method, r.url, r.body?.kind === 'text' ? r.body.text : undefined])).toEqual([
      ['GET', 'https://x.test/a', undefined],
      ['POST', 'https://x.test/b', '{"k": 1}'],
      ['GET', '/c', undefined],
      ['GET', '/d', undefined],
    ]);
    expect(f.requests[2]!.directives).toEqual([{ name: 'name', value: 'third', line: 8 }]);
    expect(f.requests[2]!.asserts).toEqual([{ text: 'status == 200', line: 10 }]);
    expect(f.requests[2]!.handlers).toHaveLength(1);
  });

  it('keeps body text that only looks like a request line when no blank line precedes it', () => {
    const f = parseRequestFile(lines('POST https://x.test/a', 'Content-Type: text/plain', '', 'hello', 'GET /not-a-request'));
    expect(f.requests).toHaveLength(1);
    expect(f.requests[0]!.body).toMatchObject({ text: 'hello\nGET /not-a-request' });
  });

  it('reads ?? lines below the request line as assertions, not as query continuation', () => {
    const f = parseRequestFile(lines('GET http://x.test', '?? status == 403', 'Authorization: Bearer abc'));
    expect(f.requests[0]!.url).toBe('http://x.test');
    expect(f.requests[0]!.asserts).toEqual([{ text: 'status == 403', line: 2 }]);
  });

  it('joins indented path continuation lines onto the URL (JetBrains)', () => {
    const f = parseRequestFile(lines('POST https://x.test', '  /anything', '  ?q=1', 'Accept: */*'));
    expect(f.requests[0]!.url).toBe('https://x.test/anything?q=1');
  });

  it("leaves a stray header's value out of the note that lists it", () => {
    const f = parseRequestFile(lines('GET https://x.test/a', '> {% client.log(1) %}', 'Authorization: Bearer sk_live_1'));
    expect(f.requests[0]!.extras.map((x) => x.what).join('\n')).not.toContain('sk_live_1');
  });

  it.each([
    ['# only comments\n@a = 1\n', 'line 1, column 1: no request in the file'],
    ['GET\n', 'line 1, column 1: expected a request line'],
    ['Hello world\n', 'line 1, column 1: expected a request line (METHOD URL [HTTP/1.1]): "Hello" is not an HTTP method'],
    ['POST http://x.test/a -d x\n', 'line 1, column 22: expected a request line (METHOD URL [HTTP/1.1]): unexpected "-d"'],
    ['GET http://x.test/a\nnot a header\n', 'line 2, column 1: expected a header (Name: value), found not a header'],
    ['\n\n  GET nothing\n', 'line 3, column 7: expected a URL after GET, found "nothing"'],
  ])('refuses %j with the line and column', (text, message) => {
    expect(() => parseRequestFile(text)).toThrow(ImportInputError);
    expect(() => parseRequestFile(text)).toThrow(message);
  });
});
