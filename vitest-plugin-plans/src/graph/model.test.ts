import { describe, expect, it } from 'vitest';
import type { Edge } from '../plan/types.js';
import { createGraph, findCycles, hasPath, onlyClosure, topoOrder, upstream, downstream } from './model.js';

const e = (from: string, to: string): Edge => ({ from, to, kind: 'explicit', origin: `${to}.needs`, span: { file: 'p', line: 1 } });

describe('task graph', () => {
  const g = createGraph(['a', 'b', 'c', 'd'], [e('a', 'b'), e('b', 'c'), e('a', 'd')]);
  it('walks upstream and downstream transitively', () => {
    expect([...upstream(g, 'c')].sort()).toEqual(['a', 'b']);
    expect([...downstream(g, 'a')].sort()).toEqual(['b', 'c', 'd']);
    expect(hasPath(g, 'a', 'c')).toBe(true);
    expect(hasPath(g, 'd', 'c')).toBe(false);
  });
  it('selects the --only closure', () => {
    expect([...onlyClosure(g, ['c'])].sort()).toEqual(['a', 'b', 'c']);
  });
  it('orders topologically, keeping plan order where free', () => {
    expect(topoOrder(createGraph(['x', 'y', 'z'], [e('z', 'x')]))).toEqual(['y', 'z', 'x']);
  });
  it('names each cycle once, from its first task in plan order', () => {
    const c = createGraph(['a', 'b', 'c', 'd'], [e('b', 'a'), e('c', 'b'), e('a', 'c'), e('d', 'd')]);
    expect(findCycles(c)).toEqual([['a', 'b', 'c', 'a'], ['d', 'd']]);
  });
});
