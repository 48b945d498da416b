import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import { adviceFor, lintEmptyQuantifiers, type ExprFacts } from './facts.js';
import { kindScope } from '../steps/registry.js';

const facts = (src: string): ExprFacts => {
  const c = compileExpression(src, { scope: kindScope('http', { repeat: 'serial' }), role: 'assert' });
  if (!c.ok) throw new Error(c.diagnostics[0]!.message);
  return c.compiled.facts;
};
const lint = (...srcs: string[]) => lintEmptyQuantifiers(srcs.map(facts)).map((l) => `#${l.index} ${l.column}: ${l.message}`);

describe('lint: all/none over an empty collection', () => {
  it('warns on a top-level all or none with nothing sizing the collection', () => {
    expect(lint('responses all (.status == 200)')).toEqual(['#0 1: `all` over responses holds on an empty collection; also assert its size, e.g. responses count N']);
    expect(lint('body.items none (.qty < 0)')).toEqual(['#0 1: `none` over body.items holds on an empty collection; also assert its size, e.g. body.items count N']);
  });
  it.each([
    ['responses count 4'],
    ['len(responses) == 4'],
    ['count(responses, .status == 200) == 4'],
    ['len(filter(responses, .status == 200)) == 4'],
    ['responses where (.status == 200) count 4'],
  ])('is silenced by %s', (sizing) => {
    expect(lint('responses all (.status == 200)', sizing)).toEqual([]);
  });
  it('covers a literal slice only with a size pinned to at least its end', () => {
    expect(lint('responses[0:3] all (.status == 200)', 'responses count 4')).toEqual([]);
    expect(lint('responses[0:3] all (.status == 200)', 'responses count 2')).toHaveLength(1);
    expect(lint('responses[0:3] all (.status == 200)', 'len(responses) >= 3')).toEqual([]);
  });
  it('does not lint a quantifier inside another predicate, nor any', () => {
    expect(lint('responses any (.body.items all (.qty > 0))', 'responses count 1')).toEqual([]);
  });
});

describe('facts', () => {
  it('reports task results, run.id, body.errors and code', () => {
    const f = facts('tasks.login.results.token != nil and run.id != "" and (body.errors == nil or len(body.errors) == 0)');
    expect(f.taskResults).toEqual([{ task: 'login', key: 'token', column: 1 }]);
    expect(f.mentionsRunId).toBe(true);
    expect(f.readsBodyErrors).toBe(true);
    expect(f.readsCode).toBe(false);
    const g = compileExpression('code == "OK"', { scope: kindScope('grpc'), role: 'assert' });
    expect(g.ok && g.compiled.facts.readsCode).toBe(true);
  });
  it('lists maximal paths, with [*] inside predicates', () => {
    expect(facts('body.order.id == 1 and body.items all (.qty > 0) and headers["Retry-After"] == "1"').paths).toEqual(['body.order.id', 'body.items[*].qty', 'headers["retry-after"]']);
  });
  it('lists matcher files', () => {
    const c = compileExpression('body matches snapshot "a.json"', { scope: kindScope('http'), role: 'assert', files: { read: () => ({ ok: false, missing: true, error: '' }) } });
    expect(c.ok && c.compiled.facts.files).toEqual([{ kind: 'snapshot', path: 'a.json', column: 23 }]);
  });
  it('counts nodes, closures and nesting for advice', () => {
    const f = facts('responses all (.body.items all (.qty > 0)) and responses any (.status == 1) and count(responses, .status == 2) == 1');
    expect(f.metrics.closures).toBe(4);
    expect(f.metrics.closureDepth).toBe(2);
    expect(adviceFor(f)).toEqual([
      'this assertion has 4 closures (more than 2); split it into several assertions',
      'this assertion nests closures 2 deep; split it or name the inner collection with where',
    ]);
    const big = facts(Array.from({ length: 12 }, (_, i) => `status != ${i}`).join(' and '));
    expect(big.metrics.nodes).toBeGreaterThan(40);
    expect(adviceFor(big)[0]).toMatch(/^this assertion has \d+ expression nodes \(more than 40\)/);
    expect(adviceFor(facts('status == 200'))).toEqual([]);
  });
});

describe('more facts', () => {
  it('reports task results written with string indexes', () => {
    expect(facts('tasks["a-b"].results["k-1"] == 1').taskResults).toEqual([{ task: 'a-b', key: 'k-1', column: 1 }]);
  });
  it('counts any len(...) as sizing', () => {
    expect(lint('body.items all (.qty > 0)', 'len(body.items) > 0')).toEqual([]);
  });
});
