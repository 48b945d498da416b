/** Power-assert values of failed assertions: computed sub-expressions, the elements that broke `all`/`none` with what their predicate saw, and repetitions named by their place in a repeat. */
import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import { assertValues } from './computed.js';
import type { EvalResult, RuntimeScope } from './evaluate.js';
import { httpRuntime, type HttpExchangeInput } from './runtime.js';
import { kindScope } from '../steps/registry.js';

const exchange = (over: Partial<HttpExchangeInput> = {}): HttpExchangeInput => ({
  request: { method: 'GET', url: 'http://h/items' },
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    items: [
      { sku: 'A-1', price: 10, tags: ['x'] },
      { sku: 'B-2', price: -1, tags: [] },
      { sku: 'C-3', price: 60, tags: ['y', 'z'] },
      { sku: 'D-4', price: 7, tags: ['x'] },
      { sku: 'E-5', price: 3, tags: ['w'] },
    ],
  }),
  timing: { ttfb: 12, total: 15 },
  ...over,
});

function scope(over: Partial<HttpExchangeInput> = {}, responses?: HttpExchangeInput[], mode?: 'serial' | 'parallel'): RuntimeScope {
  const r = httpRuntime(exchange(over), {}, responses, mode);
  if (!r.ok) throw new Error(r.error);
  return r.scope;
}

function run(src: string, rt: RuntimeScope = scope(), repeat: 'serial' | 'parallel' = 'serial'): EvalResult {
  const c = compileExpression(src, { scope: kindScope('http', { repeat }), role: 'assert' });
  if (!c.ok) throw new Error(c.diagnostics.map((d) => `${d.column}: ${d.message}`).join('\n'));
  return c.compiled.evaluate(rt);
}

/** What the failure block prints under the assertion: values, then detail. */
const shown = (r: EvalResult) => [...assertValues(r).map((v) => `${v.path} = ${v.value}`), ...r.detail];

describe('computed values (power assert)', () => {
  it('shows len(...) and arithmetic, inner before outer, then the paths read, long values cut', () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ sku: `SKU-${i}`, name: `a product with a long name, number ${i}` }));
    const r = run('len(body.items) + 1 == 3', scope({ body: JSON.stringify({ items }) }));
    expect(r.outcome).toBe('failed');
    const lines = shown(r);
    expect(lines.slice(0, 2)).toEqual(['len(body.items) = 5', 'len(body.items) + 1 = 6']);
    expect(lines[2]).toMatch(/^body\.items = \[\{"sku":"SKU-0","name":"a product with a long name, number 0"\},.{100,}… \(\d+ characters\)$/);
    expect(lines).toHaveLength(3);
  });

  it('shows what decided the outcome, not what short-circuiting skipped', () => {
    expect(shown(run('status == 201 and len(body.items) == 5'))).toEqual(['status = 200']);
    expect(shown(run('status == 200 and len(body.items) == 4')).slice(0, 2)).toEqual(['len(body.items) = 5', 'status = 200']);
  });

  it('shows durations, strings and conditionals computed on the way', () => {
    expect(shown(run('duration.total - duration.ttfb > 5ms'))).toEqual(['duration.total - duration.ttfb = 3ms', 'duration.total = 15ms', 'duration.ttfb = 12ms']);
    expect(shown(run('lower(body.items[0].sku) == "b-2"'))).toEqual(['lower(body.items[0].sku) = "a-1"', 'body.items[0].sku = "A-1"']);
    expect(shown(run('(status == 200 ? len(body.items) : 0) == 4')).slice(0, 3)).toEqual(['len(body.items) = 5', 'status == 200 ? len(body.items) : 0 = 5', 'status = 200']);
  });

  it('does not list the whole expression, literals or plain comparisons', () => {
    expect(shown(run('status == 201'))).toEqual(['status = 200']);
    expect(run('-1 == 1').computed).toEqual([]);
    expect(run('len(body.items) == 5').outcome).toBe('held');
  });
});

describe('breaking elements of all and none', () => {
  it('names the element, prints it, and shows the field the predicate checked (function form)', () => {
    const r = run('all(body.items, .price > 0)');
    expect(r.detail).toEqual(['1 of 5 elements do not hold:', 'body.items[1] = {"sku":"B-2","price":-1,"tags":[]}', '  .price = -1']);
  });

  it('shows values the predicate computed per element, then what it read', () => {
    expect(run('body.items all (len(.tags) > 0)').detail).toEqual(['1 of 5 elements do not hold:', 'body.items[1] = {"sku":"B-2","price":-1,"tags":[]}', '  len(.tags) = 0', '  .tags = []']);
    expect(run('body.items none (.price * 2 > 100)').detail).toEqual([
      '1 of 5 elements hold, and none should:',
      'body.items[2] = {"sku":"C-3","price":60,"tags":["y","z"]}',
      '  .price * 2 = 120',
      '  .price = 60',
    ]);
  });

  it('keeps paths read outside the element at the top; values computed per element stay with it', () => {
    const r = run('body.items all (.price > len(body.items))');
    expect(r.reads.map((x) => x.path)).toEqual(['body.items']);
    expect(r.detail).toEqual([
      '2 of 5 elements do not hold:',
      'body.items[1] = {"sku":"B-2","price":-1,"tags":[]}',
      '  len(body.items) = 5',
      '  .price = -1',
      'body.items[4] = {"sku":"E-5","price":3,"tags":["w"]}',
      '  len(body.items) = 5',
      '  .price = 3',
    ]);
  });

  it('shows the fields of an element of a filtered list too', () => {
    expect(run('body.items where (.price < 50) all (.price > 0)').detail).toEqual(['1 of 4 elements do not hold:', 'element[1] = {"sku":"B-2","price":-1,"tags":[]}', '  .price = -1']);
  });
});

describe('repetitions', () => {
  const rs = [exchange({ status: 200 }), exchange({ status: 200 }), exchange({ status: 503 }), exchange({ status: 200 })];

  it('names a response of a parallel repeat by its repetition, which a plan cannot index', () => {
    const r = run('responses all (.status == 200)', scope({ status: 200 }, rs, 'parallel'), 'parallel');
    expect(r.detail).toEqual(['1 of 4 elements do not hold:', 'repeat 3 of 4 (parallel) = HTTP 503', '  .status = 503']);
    const f = run('responses where (.status != 200) none (.status == 503)', scope({ status: 200 }, rs, 'parallel'), 'parallel');
    expect(f.detail).toEqual(['1 of 1 element hold, and none should:', 'repeat 3 of 4 (parallel) = HTTP 503', '  .status = 503']);
    expect(assertValues(f)[0]).toEqual({ path: 'responses where (.status != 200)', value: '[503] (1 response, by status)' });
  });

  it('names a response of a serial repeat by its index in responses, even in a filtered list', () => {
    const rt = scope({ status: 200 }, rs, 'serial');
    expect(run('responses all (.status == 200)', rt).detail).toEqual(['1 of 4 elements do not hold:', 'responses[2] = HTTP 503', '  .status = 503']);
    expect(run('responses[1:] all (.status == 200)', rt).detail).toEqual(['1 of 3 elements do not hold:', 'responses[2] = HTTP 503', '  .status = 503']);
  });
});
