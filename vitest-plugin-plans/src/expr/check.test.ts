import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import { type ScopeKind, type ScopeOptions } from './scopes.js';
import { kindScope } from '../steps/registry.js';
import type { Role } from './check.js';

const diags = (src: string, kind: ScopeKind = 'http', opts: ScopeOptions = {}, role: Role = 'assert') => {
  const r = compileExpression(src, { scope: kindScope(kind, opts), role });
  return r.ok ? [] : r.diagnostics.map((d) => `${d.column}: ${d.message}`);
};
const ok = (src: string, kind: ScopeKind = 'http', opts: ScopeOptions = {}, role: Role = 'assert') => expect(diags(src, kind, opts, role)).toEqual([]);

describe('names in scope per step kind', () => {
  it.each<[ScopeKind, string, ScopeOptions?]>([
    ['http', 'request.method == "GET" and request.url startsWith "http" and status == 200 and proto == "HTTP/1.1"'],
    ['http', 'headers["content-type"] contains "json" and body.anything.goes[3] == nil and duration.dns < 1s'],
    ['http', 'redirects all (.status >= 300 and .method == "GET" and .url != "")'],
    ['http', 'responses count 4 and responses[0].status == 200 and responses[0:3] all (.duration.total < 1s)', { repeat: 'serial' }],
    ['http', 'responses all (.status == 200 and .headers["x"] == nil and .body.id > 0)', { repeat: 'parallel' }],
    ['graphql', 'body.errors == nil or len(body.errors) == 0'],
    ['waitFor', 'status == 200 and body.ready == true'],
    ['ws', 'status == 101 and messages count 2 and messages[0].text == "hi" and messages[0].at < 1s and closed.code == 1000 and duration.upgrade < 1s and duration.first < 1s'],
    ['grpc', 'code == "OK" and message == "" and body.id == 1 and messages[0].at < 1s and headers["a"] == nil and trailers["b"] == nil and duration.first < 1s'],
    ['sql', 'rows count 1 and rows[0].id == 1 and duration.total < 1s'],
    ['fixture', 'rowsAffected == 3 and duration.total < 1s'],
    ['exec', 'exitCode == 0 and stdout contains "ok" and stderr == "" and truncated.stdout == false and truncated.stderr == false'],
    ['script', 'ok == true and result.n == 1 and duration.total < 1s'],
    ['guard', 'env.mode == "full" and tasks.login.results.token != nil and run.id != ""'],
    ['http', 'matrix.region == "eu"', { matrixKeys: ['name', 'region'] }],
  ])('%s: %s', (kind, src, opts) => ok(src, kind, opts));

  it('lists the names of the kind when nothing is close', () => {
    expect(diags('zzzzzz == 1', 'sql')).toEqual(['1: unknown name zzzzzz; the names of a sql step are rows, duration, env, tasks, run']);
    expect(diags('status == 200', 'guard')).toEqual(['1: unknown name status; the names of a when guard are env, tasks, run']);
  });
  it('suggests a close name', () => {
    expect(diags('staus == 200')).toEqual(['1: unknown name staus (did you mean status?)']);
    expect(diags('exitcode == 0', 'exec')).toEqual(['1: unknown name exitcode (did you mean exitCode?)']);
    expect(diags('responses count 1')).toEqual(['1: unknown name responses (did you mean response?)'.replace('response?', 'responses?')].map(() => '1: unknown name responses; the names of an http step are request, status, proto, headers, body, duration, redirects, env, tasks, run'));
  });
  it('checks typed fields with suggestions', () => {
    expect(diags('request.methd == "GET"')).toEqual(['9: unknown field methd of request (did you mean method?)']);
    expect(diags('duration.ttbf < 1s')).toEqual(['10: unknown field ttbf of duration (did you mean ttfb?)']);
    expect(diags('duration.upgrade < 1s')).toEqual(['10: unknown field upgrade of duration; its fields are dns, connect, tls, ttfb, total']);
    expect(diags('duration.dns < 1s', 'grpc')).toEqual(['10: unknown field dns of duration; its fields are first, total']);
    expect(diags('truncated.stdot == true', 'exec')).toEqual(['11: unknown field stdot of truncated (did you mean stdout?)']);
    expect(diags('responses[0].stauts == 1', 'http', { repeat: 'serial' })).toEqual(['14: unknown field stauts of responses[0] (did you mean status?)']);
    expect(diags('env.bse == "x"', 'http', { envKeys: ['base'] })).toEqual(['5: unknown name env.bse (did you mean env.base?)']);
    expect(diags('redirects.status == 1')).toEqual(['11: redirects is a list and has no field status; index it (redirects[0].status) or use a predicate (redirects all (.status == ...))']);
  });
  it('does not check fields of body', () => ok('body.whatever.x[0].y == 1'));
  it('refuses a non-boolean assertion', () => {
    expect(diags('body.ok')).toEqual(['1: an assertion must be a comparison or another boolean expression; compare it, e.g. body.ok == true']);
    expect(diags('status + 1')).toEqual(['1: an assertion must be a comparison or another boolean expression; this one is a number']);
    expect(diags('env.x', 'guard', {}, 'guard')).toEqual(['1: a when guard must be a comparison or another boolean expression; compare it, e.g. env.x == true']);
    ok('body.id', 'http', {}, 'result');
    ok('tasks.login.results.token', 'template', {}, 'template');
  });
  it('refuses duration on its own', () => {
    expect(diags('duration < 1s')).toEqual(['1: duration is not assertable on its own; name a phase (dns, connect, tls, ttfb, total)']);
    expect(diags('duration', 'sql', {}, 'result')).toEqual(['1: duration is not assertable on its own; name a phase (total)']);
    expect(diags('responses[0].duration == nil', 'http', { repeat: 'serial' })).toEqual(['1: duration is not assertable on its own; name a phase (dns, connect, tls, ttfb, total)']);
  });
  it('refuses indexing a parallel repeat', () => {
    expect(diags('responses[3].status == 200', 'http', { repeat: 'parallel' })).toEqual(['1: responses[N] indexes a parallel repeat; a parallel repeat has no order: use count, all, any, none or where']);
    expect(diags('responses[0:3] all (.status == 200)', 'http', { repeat: 'parallel' })[0]).toMatch(/^1: responses\[N\] indexes a parallel repeat/);
    ok('responses[3].status == 200 and responses[0:3] all (.status == 200)', 'http', { repeat: 'serial' });
  });
  it('refuses it outside a predicate', () => {
    expect(diags('it.status == 1')).toEqual(['1: `it` is only defined inside a predicate (where, all, any, none, filter, map, count)']);
    expect(diags('.status == 1')).toEqual(['1: `it` is only defined inside a predicate (where, all, any, none, filter, map, count)']);
  });
  it('types the element inside a predicate', () => {
    expect(diags('responses all (.stat == 200)', 'http', { repeat: 'serial' })).toEqual(['17: unknown field stat of it (did you mean status?)']);
  });
  it('refuses comparisons that cannot hold', () => {
    expect(diags('status == "200"')).toEqual(['8: invalid operation: number == string; both sides must have the same type']);
    expect(diags('proto < 3')).toEqual(['7: invalid operation: string < number; < and > compare numbers, strings or durations']);
    expect(diags('status and true')).toEqual(['1: and needs booleans, found a number']);
  });
  it('explains how to write a hyphenated header name', () => {
    expect(diags('headers.content-type == "x"')).toEqual(['9: a header name with - is written with brackets: headers["content-type"]']);
    expect(diags('responses[0].headers.retry-after == "1"', 'http', { repeat: 'serial' })).toEqual(['22: a header name with - is written with brackets: responses[0].headers["retry-after"]']);
  });
  it('leaves duration < number to run time (spec: a run-time error)', () => ok('duration.ttfb < 200'));
  it('checks function names and arity', () => {
    expect(diags('lenn(body) == 1')).toEqual(['1: unknown function lenn (did you mean len?)']);
    expect(diags('len(body, 1) == 1')).toEqual(['1: len() takes 1 argument, found 2']);
    expect(diags('len(status) == 1')).toEqual(['5: argument 1 of len() must be a list, a string or a map, found a number']);
  });
  it('checks regex literals at load', () => {
    expect(diags('proto matches "("')[0]).toMatch(/^15: invalid regular expression/);
  });
  it('reports every type fault of an expression', () => {
    expect(diags('staus == 200 and request.methd == "GET"')).toEqual(['1: unknown name staus (did you mean status?)', '26: unknown field methd of request (did you mean method?)']);
  });
  it('refuses response outside matches openapi', () => {
    expect(diags('response == nil')[0]).toMatch(/^1: unknown name response; it is only the left of `matches openapi`/);
  });
  it('accepts hyphenated task names and reports them', () => {
    const r = compileExpression('tasks.create-order.results.orderId == "o" and run.id != ""', { scope: kindScope('http'), role: 'assert' });
    expect(r.ok && r.compiled.facts.taskResults).toEqual([{ task: 'create-order', key: 'orderId', column: 1 }]);
    expect(r.ok && r.compiled.facts.mentionsRunId).toBe(true);
    expect(diags('tasks.a.result.x == 1')).toEqual(['9: unknown field result of tasks.a; write tasks.a.results.<key>']);
  });
});

describe('deep trees', () => {
  it('refuses a tree too deep to check or evaluate, at load, instead of overflowing the stack', () => {
    expect(diags(`status${' + 1'.repeat(20000)} == 1`)).toEqual(['1: the expression nests too deeply']);
    expect(diags(`${'('.repeat(5000)}status == 1${')'.repeat(5000)}`)[0]).toMatch(/the expression nests too deeply/);
  });
});
