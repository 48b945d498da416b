import { describe, expect, it } from 'vitest';
import { compileExpression, httpScopeNames, scopeFor } from '../../expr/index.js';
import { httpyacAssertion } from './asserts.js';
import { translateHandler } from './handler.js';
import { statements, tokenize } from './js-tokens.js';

/** Every assertion an importer writes must load: compiled as the plan loader compiles http assertions. */
function compiles(assertion: string): boolean {
  const r = compileExpression(assertion, { scope: scopeFor('http', { names: httpScopeNames() }), role: 'assert' });
  return r.ok;
}

describe('statements', () => {
  it('splits on semicolons and on line breaks that end a statement, not inside calls', () => {
    const s = statements(tokenize('a(1)\nb(\n  2\n)\nc\n  .d(3); e()'));
    expect(s.map((t) => t.map((x) => x.value).join(''))).toEqual(['a(1)', 'b(2)', 'c.d(3)', 'e()']);
  });
});

describe('translateHandler', () => {
  it('translates client.test / client.assert over status, body, headers and content type', () => {
    const t = translateHandler(`
      client.test("ok", function() {
        client.assert(response.status === 200, "status");
        client.assert(response.body.items.length > 0);
        client.assert(response.body["total-count"] == 3);
        client.assert(response.headers.valueOf("X-Request-Id") !== null);
        client.assert(response.headers.valueOf("Content-Type").includes("json"));
        client.assert(response.contentType.mimeType === "application/vnd.api+json");
      });
      client.test("arrow", () => { client.assert(201 === response.status || response.status === 200); });
      client.assert(!response.headers.valueOf("Retry-After"));
      client.assert(jsonPath(response.body, "$.data[0].id") === "a-1");
    `);
    expect(t.assertions).toEqual([
      'status == 200',
      'len(body.items) > 0',
      'body["total-count"] == 3',
      '"x-request-id" in headers',
      'headers["content-type"] contains "json"',
      'headers["content-type"] matches `^application/vnd\\.api\\+json\\s*(;|$)`',
      '(status == 201) or (status == 200)',
      'not ("retry-after" in headers)',
      'body.data[0].id == "a-1"',
    ]);
    expect(t.untranslated).toEqual([]);
    for (const a of t.assertions) expect(compiles(a), a).toBe(true);
  });

  it('turns client.global.set into results and lists the rest with its line', () => {
    const t = translateHandler('client.global.set("token", response.body.access_token);\nclient.log("hi");\nif (response.status) {\n  client.exit();\n}\nclient.global.set("x", "literal");');
    expect(t.results).toEqual([{ name: 'token', expr: 'body.access_token', line: 1 }]);
    expect(t.untranslated).toEqual([
      { line: 2, text: 'client.log("hi")' },
      { line: 3, text: 'if (response.status) { client.exit(); }' },
      { line: 6, text: 'client.global.set("x", "literal")' },
    ]);
  });

  it('refuses what has no exact plan meaning', () => {
    const t = translateHandler('client.assert(response.body.ok);\nclient.assert(response.status === "200");\nclient.assert(response.body.a === someVar);');
    expect(t.assertions).toEqual([]);
    expect(t.untranslated.map((u) => u.line)).toEqual([1, 2, 3]);
  });
});

describe('httpyacAssertion', () => {
  it.each([
    ['status == 200', 'status == 200'],
    ['status startsWith 20', 'string(status) startsWith "20"'],
    ['header content-type includes json', 'headers["content-type"] contains "json"'],
    ['header x-request-id exists', '"x-request-id" in headers'],
    ['duration < 300', 'duration.total < 300ms'],
    ['js response.parsedBody.items[0].qty >= 1', 'body.items[0].qty >= 1'],
    ['js response.parsedBody.name == Alice Example', 'body.name == "Alice Example"'],
    ['js response.parsedBody.deleted == false', 'body.deleted == false'],
  ])('%s → %s', (text, want) => {
    const r = httpyacAssertion(text);
    expect(r).toEqual({ ok: true, assertion: want });
    expect(compiles(want)).toBe(true);
  });

  it.each(['body hasItems', 'status == ok', 'xpath //a == 1', 'duration matches 1', 'header a isString'])('does not translate %s', (text) => {
    expect(httpyacAssertion(text).ok).toBe(false);
  });
});
