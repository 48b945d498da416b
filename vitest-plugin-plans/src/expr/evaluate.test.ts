import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import { httpRuntime, phasesValue, runtimeScope, type HttpExchangeInput } from './runtime.js';
import { type ScopeKind, type ScopeOptions } from './scopes.js';
import { kindScope } from '../steps/registry.js';
import type { EvalResult, RuntimeScope } from './evaluate.js';

const exchange = (over: Partial<HttpExchangeInput> = {}): HttpExchangeInput => ({
  request: { method: 'GET', url: 'http://h/orders/1' },
  status: 200,
  headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'r-1', 'Retry-After': '3' },
  body: '{"id":"o-1","total":10.1,"big":10000000000000001,"nul":null,"items":[{"qty":1},{"qty":0},{"qty":2}],"tags":["a","b"],"errors":[]}',
  timing: { ttfb: 12, total: 15 },
  ...over,
});

function rtHttp(over: Partial<HttpExchangeInput> = {}, responses?: HttpExchangeInput[]): RuntimeScope {
  const r = httpRuntime(exchange(over), { runId: '01RUN', env: { base: 'http://h' }, tasks: { 'create-order': { orderId: 'o-1' } } }, responses);
  if (!r.ok) throw new Error(r.error);
  return r.scope;
}

function run(src: string, rt: RuntimeScope = rtHttp(), kind: ScopeKind = 'http', opts: ScopeOptions = { repeat: 'serial' }, role: 'assert' | 'result' = 'assert'): EvalResult {
  const c = compileExpression(src, { scope: kindScope(kind, opts), role });
  if (!c.ok) throw new Error(c.diagnostics.map((d) => `${d.column}: ${d.message}`).join('\n'));
  return c.compiled.evaluate(rt);
}
const outcome = (src: string, rt?: RuntimeScope) => run(src, rt).outcome;

describe('how values compare', () => {
  it.each([
    ['10000000000000001 != 10000000000000000', 'held'],
    ['10.10 == 10.1', 'held'],
    ['body.total == 10.10', 'held'],
    ['body.big == 10000000000000001', 'held'],
    ['body.big != 10000000000000000', 'held'],
    ['1e3 == 1000', 'held'],
    ['0x1F == 31 and 0o17 == 15 and 0b101 == 5', 'held'],
    ['10000000000000001 + 1 == 10000000000000002', 'held'],
    ['3 * 4 - 2 == 10', 'held'],
    ['1 / 4 == 0.25', 'held'],
    ['1 / 3 * 3 == 1', 'held'],
    ['0.1 + 0.2 == 0.3', 'held'],
    ['7 % 3 == 1', 'held'],
    ['"ab" + "c" == "abc"', 'held'],
    ['"abc" < "abd" and "B" < "a"', 'held'],
    ['1m30s == 90s and 1.5s == 1500ms and 1000us == 1ms and 1000µs == 1ms and 1000ns == 1us and 1h == 60m', 'held'],
    ['duration.ttfb < 200ms', 'held'],
    ['duration.ttfb + 3ms == duration.total', 'held'],
    ['duration.ttfb * 2 == 24ms and duration.total / 3 == 5ms and duration.total - duration.ttfb == 3ms', 'held'],
    ['body.total ~= 10 ± 0.1', 'held'],
    ['body.total ~= 10 +/- 0.09', 'failed'],
    ['duration.ttfb ~= 10ms ± 2ms', 'held'],
    ['status == 201', 'failed'],
    ['true ? status == 200 : false', 'held'],
    ['body.tags[-1] == "b" and body.tags[-2] == "a"', 'held'],
    ['body.items[0:2] count 2 and len(body.items[1:]) == 2 and body.items[:1][0].qty == 1', 'held'],
    ['"x-request-id" in headers and "X-REQUEST-ID" in headers and "nope" not in headers', 'held'],
    ['headers["x-request-id"] == "r-1" and headers["X-Request-Id"] == "r-1" and headers["missing"] == nil', 'held'],
    ['body.id in ["o-1", "o-2"] and body.tags contains "a" and body.tags not contains "z" and body.id not in ["x"]', 'held'],
    ['body.id startsWith "o-" and body.id endsWith "1" and body.id matches "^o-\\\\d$" and body.id not matches "^x" and body.id not startsWith "x" and body.id not endsWith "x"', 'held'],
    ['body?.missing?.deeper == nil', 'held'],
    ['tasks.create-order.results.orderId == body.id', 'held'],
    ['env.base + "/orders/1" == request.url and run.id == "01RUN" and request.method == "GET"', 'held'],
    ['len(body.items) == 3 and count(body.items, .qty > 0) == 2 and len(filter(body.items, .qty > 0)) == 2 and map(body.items, .qty) == [1, 0, 2]', 'held'],
    ['lower("AB") == "ab" and upper("ab") == "AB" and trim(" a ") == "a" and string(10.10) == "10.10" and number("10.1") == 10.10 and abs(-2) == 2', 'held'],
    ['not (status == 500) and !(status == 500)', 'held'],
    ['body.nul == nil', 'held'],
    ['proto == "HTTP/1.1"', 'held'],
  ])('%s → %s', (src, want) => {
    expect(outcome(src)).toBe(want);
  });

  it('makes a duration compared with a number a run-time error with the spec text', () => {
    const r = run('duration.ttfb < 200');
    expect(r.outcome).toBe('error');
    expect(r.error).toBe('invalid operation: duration < number');
    expect(r.detail).toEqual(['compare a duration with a duration literal such as 200ms']);
  });
  it('needs two integers for %', () => {
    expect(run('7.5 % 2 == 1').error).toBe('% needs two integers, found 7.5 % 2');
  });
  it('reports division by zero', () => expect(run('1 / 0 == 1').error).toBe('division by zero'));
  it('multiplies durations by integers only', () => {
    expect(run('duration.ttfb * 1.5 == 18ms').error).toBe('invalid operation: duration * number: a duration is multiplied or divided by an integer');
  });
  it('prints a non-terminating quotient exactly with a marker', () => {
    const r = run('1 / 3', rtHttp(), 'http', {}, 'result');
    expect(r.value && r.value.k === 'num' && r.value.v.toDecimal()).toBe('0.33333333333333333333…');
  });
});

describe('n/a phases', () => {
  it.each(['duration.dns < 10ms', 'duration.dns + 1ms == 2ms', 'duration.dns ~= 1ms ± 1ms', 'duration.dns == nil', 'status == 200 and duration.connect > 0ms'])('%s → n/a', (src) => {
    const r = run(src);
    expect(r.outcome).toBe('n/a');
  });
  it('shows the phase as n/a', () => {
    expect(run('duration.dns < 10ms').reads.map((x) => `${x.path} = ${x.value}`)).toEqual(['duration.dns = n/a']);
  });
});

describe('exists and missing', () => {
  it.each([
    ['exists body.nul', 'held'],
    ['exists body.id', 'held'],
    ['missing body.nope', 'held'],
    ['missing body.nope.deeper', 'held'],
    ['exists body.items[2]', 'held'],
    ['missing body.items[3]', 'held'],
    ['exists body.items[-3]', 'held'],
    ['missing body.items[-4]', 'held'],
    ['exists body.items[0].qty', 'held'],
    ['exists headers["retry-after"]', 'held'],
    ['missing headers["nope"]', 'held'],
    ['exists body.nope', 'failed'],
  ])('%s → %s', (src, want) => expect(outcome(src)).toBe(want));
});

describe('explain', () => {
  const lines = (r: EvalResult) => [...r.reads.map((x) => `${x.path} = ${x.value}`), ...r.detail];
  it('prints strings quoted and numbers as written', () => {
    expect(lines(run('body.id == "x" and body.total == 3'))).toEqual(['body.id = "o-1"']);
    expect(lines(run('body.total == 3 or body.id == "x"'))).toEqual(['body.total = 10.1', 'body.id = "o-1"']);
  });
  it('prints a list of responses by status and one response as HTTP N', () => {
    const rs = [exchange(), exchange(), exchange({ status: 429 })];
    const rt = rtHttp({ status: 429 }, rs);
    const r = run('responses all (.status == 200)', rt);
    expect(lines(r)).toEqual(['responses = [200 200 429] (3 responses, by status)', '1 of 3 elements do not hold:', 'responses[2] = HTTP 429', '  .status = 429']);
    expect(lines(run('responses[2] == nil', rt))).toEqual(['responses[2] = HTTP 429']);
    expect(lines(run('responses where (.status == 429) count 2', rt))).toEqual(['responses = [200 200 429] (3 responses, by status)', 'count: found 1, want 2']);
  });
  it('lists five breaking elements at most, then N more elements', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ qty: i === 0 ? 5 : -i }));
    const rt = rtHttp({ body: JSON.stringify({ items }) });
    const r = run('body.items all (.qty > 0)', rt);
    expect(r.detail).toEqual([
      '7 of 8 elements do not hold:',
      'body.items[1] = {"qty":-1}',
      '  .qty = -1',
      'body.items[2] = {"qty":-2}',
      '  .qty = -2',
      'body.items[3] = {"qty":-3}',
      '  .qty = -3',
      'body.items[4] = {"qty":-4}',
      '  .qty = -4',
      'body.items[5] = {"qty":-5}',
      '  .qty = -5',
      '2 more elements',
    ]);
    expect(run('body.items none (.qty == 5)', rt).detail).toEqual(['1 of 8 elements hold, and none should:', 'body.items[0] = {"qty":5}', '  .qty = 5']);
  });
  it('says when any found an empty collection or no match', () => {
    expect(run('body.tags any (it == "z")').detail).toEqual(['none of 2 elements matched']);
    expect(run('body.items any (.qty > 5)', rtHttp({ body: '{"items":[]}' })).detail).toEqual(['body.items is empty']);
  });
  it('prints headers by name and rows cut at 200 characters with the count', () => {
    expect(lines(run('"a" in headers'))).toEqual(['headers = headers(Content-Type, X-Request-Id, Retry-After)']);
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: i, name: `row-${i}` }));
    const r = run('rows count 2', runtimeScope({ rows, duration: phasesValue({ total: 1 }, ['total']) }), 'sql', {});
    expect(r.reads[0]!.value).toMatch(/^\[\{"id":0,"name":"row-0"\}.{150,}… \(\d+ characters\) \(30 rows\)$/);
  });
  it('explains a field read on a body that was not JSON', () => {
    const r = run('body.id == 1', rtHttp({ headers: { 'content-type': 'text/html' }, body: '<html>' }));
    expect(r.outcome).toBe('failed');
    expect(r.detail).toEqual(['the response body was not JSON (Content-Type text/html), so body has no fields']);
    expect(outcome('body contains "html"', rtHttp({ headers: { 'content-type': 'text/html' }, body: '<html>' }))).toBe('held');
  });
  it('fails every assertion reading a JSON body that did not parse, with the parser position', () => {
    const rt = rtHttp({ body: '{"a": 1,' });
    const line = 'the response body did not parse as JSON: expected a string key, found end of JSON at line 1 column 9';
    for (const src of ['body.a == 1', 'body.a == nil', 'missing body.a', 'status == 200 and body == nil']) {
      const r = run(src, rt);
      expect([src, r.outcome, r.detail.at(-1)]).toEqual([src, 'failed', line]);
    }
    expect(outcome('status == 200', rt)).toBe('held');
    expect(outcome('status == 500', rt)).toBe('failed');
    expect(run('body.a', rt, 'http', { repeat: 'serial' }, 'result')).toMatchObject({ outcome: 'error', error: line });
    expect(httpRuntime(exchange({ body: '{"a": 1, "a": 2}' }))).toMatchObject({ ok: false });
  });
  it('records reads inside predicates per element, with [*]', () => {
    const r = run('body.items all (.qty >= 0)');
    expect(r.elementReads.map((x) => `${x.path}#${x.element}=${x.value}`)).toEqual(['body.items[*].qty#0=1', 'body.items[*].qty#1=0', 'body.items[*].qty#2=2']);
  });
});

describe('runtime scopes', () => {
  it('leaves an empty JSON body nil', () => expect(outcome('body == nil', rtHttp({ body: '' }))).toBe('held'));
  it('refuses a JSON body with a key twice', () => {
    const r = httpRuntime(exchange({ body: '{"a":1,"a":2}' }));
    expect(r.ok ? '' : r.error).toBe('the response body has the same JSON key twice: duplicate key "a" at line 1 column 8');
  });
  it('decodes +json types', () => expect(outcome('body.a == 1', rtHttp({ headers: { 'content-type': 'application/problem+json' }, body: '{"a":1}' }))).toBe('held'));
  it('evaluates results to values', () => {
    const r = run('body.items[0]', rtHttp(), 'http', {}, 'result');
    expect(r.outcome).toBe('held');
    expect(r.value?.k).toBe('map');
  });
  it('evaluates the other kinds', () => {
    const rt = runtimeScope({ exitCode: null, stdout: 'ok\n', stderr: '', truncated: { stdout: false, stderr: false }, duration: phasesValue({ total: 5 }, ['total']) });
    const c = compileExpression('exitCode == nil and stdout contains "ok"', { scope: kindScope('exec'), role: 'assert' });
    expect(c.ok && c.compiled.evaluate(rt).outcome).toBe('held');
  });
  it('turns a non-boolean operand into an error outcome', () => {
    expect(run('body.id and true').error).toBe('and needs a boolean, found string "o-1"');
  });
});
