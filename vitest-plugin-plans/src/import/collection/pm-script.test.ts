import { describe, expect, it } from 'vitest';
import { compileExpression, httpScopeNames, scopeFor } from '../../expr/index.js';
import { scriptStatements, translateTestScript } from './pm-script.js';

const scope = { variable: (name: string) => `env.${name}` };
const tr = (...lines: string[]) => translateTestScript(lines, scope);
/** One statement inside a pm.test: the assertions it becomes. */
const one = (line: string) => tr('pm.test("t", function () {', `  ${line}`, '});');

describe('translateTestScript', () => {
  it.each([
    ['pm.response.to.have.status(200);', 'status == 200'],
    ['pm.response.to.have.status("Created");', 'status == 201'],
    ['pm.response.to.not.have.status(500);', 'status != 500'],
    ['pm.expect(pm.response.code).to.eql(200);', 'status == 200'],
    ['pm.expect(pm.response.code).to.equal(204);', 'status == 204'],
    ['pm.expect(pm.response.code).to.be.oneOf([200, 201]);', 'status in [200, 201]'],
    ['pm.response.to.have.header("X-Request-Id");', '"x-request-id" in headers'],
    ['pm.response.to.have.header("Content-Type", "text/html");', 'headers["content-type"] == "text/html"'],
    ['pm.response.to.be.ok;', 'status == 200'],
    ['pm.response.to.be.success;', 'status >= 200 and status < 300'],
    ['pm.response.to.be.json;', 'headers["content-type"] contains "json"'],
    ['pm.response.to.not.be.error;', 'not (status >= 400)'],
    ['pm.expect(pm.response.json().a.b).to.eql({{x}});'.replace('{{x}}', '"c"'), 'body.a.b == "c"'],
    ['pm.expect(pm.response.json().items[0]["x-y"]).to.eql(1.50);', 'body.items[0]["x-y"] == 1.50'],
    ['pm.expect(pm.response.json().tags).to.eql(["a", 2, true, null]);', 'body.tags == ["a", 2, true, nil]'],
    ['pm.expect(pm.response.json().n).to.not.equal(-3);', 'body.n != -3'],
    ['pm.expect(pm.response.json().n).to.be.above(3);', 'body.n > 3'],
    ['pm.expect(pm.response.json().n).to.be.at.most(3);', 'body.n <= 3'],
    ['pm.expect(pm.response.json().s).to.include("x");', 'body.s contains "x"'],
    ['pm.expect(pm.response.json().s).to.match(/^a\\d+$/);', 'body.s matches `^a\\d+$`'],
    ['pm.expect(pm.response.json().list).to.have.lengthOf(3);', 'len(body.list) == 3'],
    ['pm.expect(pm.response.json().list.length).to.eql(3);', 'len(body.list) == 3'],
    ['pm.expect(pm.response.json()).to.have.property("id");', 'exists body.id'],
    ['pm.expect(pm.response.json()).to.not.have.property("error");', 'missing body.error'],
    ['pm.expect(pm.response.json().x).to.not.exist;', 'missing body.x'],
    ['pm.expect(pm.response.json().ok).to.be.true;', 'body.ok == true'],
    ['pm.expect(pm.response.json().x).to.be.null;', 'body.x == nil'],
    ['pm.expect(pm.response.json().list).to.be.empty;', 'len(body.list) == 0'],
    ['pm.expect(pm.response.responseTime).to.be.below(200);', 'duration.total < 200ms'],
    ['pm.expect(pm.response.headers.get("ETag")).to.eql("v1");', 'headers["etag"] == "v1"'],
    ['pm.expect(pm.response.json().id).to.eql(pm.environment.get("userId"));', 'body.id == env.userId'],
    ['pm.response.to.have.jsonBody("data.id", 7);', 'body.data.id == 7'],
  ])('%s → %s', (line, want) => {
    const out = one(line);
    expect(out.untranslated).toEqual([]);
    expect(out.assertions).toEqual([want]);
    // What the importer writes must load: every form compiles as an http step's assertion.
    expect(compileExpression(want, { scope: scopeFor('http', { names: httpScopeNames() }), role: 'assert' }).ok).toBe(true);
  });

  it('follows an alias of the response body, the legacy tests[] form, and arrow functions', () => {
    const out = tr(
      'var jsonData = pm.response.json();',
      'const user = jsonData.user;',
      'pm.test("a", () => pm.expect(user.name).to.eql("Ada"));',
      'tests["Status code is 200"] = responseCode.code === 200;',
      'tests["fast"] = responseTime < 300 && jsonData.n >= 1;',
    );
    expect(out.untranslated).toEqual([]);
    expect(out.assertions).toEqual(['body.user.name == "Ada"', 'status == 200', '(duration.total < 300ms) and (body.n >= 1)']);
  });

  it('turns variable setters into results, and drops console output and skipped tests', () => {
    const out = tr(
      'var d = pm.response.json();',
      'pm.environment.set("token", d.access_token);',
      'pm.collectionVariables.set("auth", "Bearer " + d.access_token);',
      'postman.setEnvironmentVariable("etag", pm.response.headers.get("ETag"));',
      'console.log(d);',
      'pm.test.skip("later", function () { pm.expect(1).to.eql(2); });',
    );
    expect(out.untranslated).toEqual([]);
    expect(out.results).toEqual([
      { name: 'token', expr: 'body.access_token' },
      { name: 'auth', expr: '"Bearer " + body.access_token' },
      { name: 'etag', expr: 'headers["etag"]' },
    ]);
  });

  it('lists what it cannot translate, with the line each starts on', () => {
    const out = tr(
      'pm.test("shape", function () {',
      '    pm.expect(pm.response.json().tags).to.be.an("array");',
      '    pm.expect(pm.response.json().o).to.eql({ a: 1 });',
      '    pm.expect(pm.response.json().s).to.match(/x/i);',
      '    pm.expect(pm.response.text()).to.include("ok");',
      '});',
      'if (pm.response.code === 200) {',
      '    pm.environment.set("x", 1);',
      '}',
      'pm.environment.unset("y");',
      'pm.expect(someGlobal).to.eql(1);',
    );
    expect(out.assertions).toEqual([]);
    expect(out.untranslated).toEqual([
      { line: 2, text: 'pm.expect(pm.response.json().tags).to.be.an("array");' },
      { line: 3, text: 'pm.expect(pm.response.json().o).to.eql({ a: 1 });' },
      { line: 4, text: 'pm.expect(pm.response.json().s).to.match(/x/i);' },
      { line: 5, text: 'pm.expect(pm.response.text()).to.include("ok");' },
      { line: 7, text: 'if (pm.response.code === 200) { pm.environment.set("x", 1); }' },
      { line: 10, text: 'pm.environment.unset("y");' },
      { line: 11, text: 'pm.expect(someGlobal).to.eql(1);' },
    ]);
  });

  it('does not mistake inherited object members for chai words', () => {
    expect(one('pm.response.to.be.constructor;').assertions).toEqual([]);
    expect(one('pm.expect(pm.response.code).to.toString(1);').assertions).toEqual([]);
  });

  it('keeps a script that does not tokenize as one untranslated statement', () => {
    const out = tr('pm.test("x", function () {', '  var s = "unterminated;', '});');
    expect(out.assertions).toEqual([]);
    expect(out.untranslated).toHaveLength(1);
    expect(out.untranslated[0]!.line).toBe(1);
  });
});

describe('scriptStatements', () => {
  it('lists each statement of a pre-request script, console output left out', () => {
    expect(scriptStatements(['// set up', 'const t = Date.now();', 'console.log(t);', 'pm.variables.set("t", t)'])).toEqual([
      { line: 2, text: 'const t = Date.now();' },
      { line: 4, text: 'pm.variables.set("t", t)' },
    ]);
  });
});
