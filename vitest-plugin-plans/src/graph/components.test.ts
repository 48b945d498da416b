import { describe, expect, it } from 'vitest';
import { connectedComponents } from './components.js';

describe('connectedComponents', () => {
  it('joins linked tasks whichever way the link points, each component in plan order', () => {
    expect(connectedComponents(['a', 'b', 'c', 'd', 'e'], [['d', 'b'], ['b', 'a'], ['e', 'e']])).toEqual([['a', 'b', 'd'], ['c'], ['e']]);
  });
  it('orders components by their first task, however the links were listed', () => {
    const names = ['t0', 't1', 't2', 't3', 't4', 't5'];
    expect(connectedComponents(names, [['t5', 't1'], ['t4', 't0'], ['t3', 't5']])).toEqual([['t0', 't4'], ['t1', 't3', 't5'], ['t2']]);
  });
  it('ignores links to names it was not given', () => {
    expect(connectedComponents(['a', 'b'], [['a', 'zz'], ['zz', 'b']])).toEqual([['a'], ['b']]);
  });
  it('handles a long chain', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `t${i}`);
    const links = names.slice(1).map((n, i): [string, string] => [names[i]!, n]);
    expect(connectedComponents(names, links.reverse())).toHaveLength(1);
  });
});
