/**
 * Connected components of the task graph, edges taken as undirected: the
 * units that cannot be split across separate runs (a task and everything it
 * needs, reads or is read by must share one run's result store and
 * scheduler). Union-find with path halving, so a plan of 20,000 tasks costs
 * about as much as reading its edges.
 */

/**
 * The components of `names` joined by `links` (pairs of names; a name not in
 * `names` is ignored). Each component lists its tasks in plan order;
 * components are ordered by their first task.
 *
 * @example
 * connectedComponents(['a', 'b', 'c', 'd'], [['b', 'a'], ['d', 'b']])
 * // [['a', 'b', 'd'], ['c']]
 */
export function connectedComponents(names: readonly string[], links: Iterable<readonly [string, string]>): string[][] {
  const index = new Map(names.map((n, i) => [n, i]));
  const parent = names.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (const [a, b] of links) {
    const x = index.get(a);
    const y = index.get(b);
    if (x === undefined || y === undefined) continue;
    const rx = find(x);
    const ry = find(y);
    // The lower plan index becomes the root, so a component's root is its first task.
    if (rx !== ry) parent[Math.max(rx, ry)] = Math.min(rx, ry);
  }
  const byRoot = new Map<number, string[]>();
  names.forEach((n, i) => {
    const r = find(i);
    const list = byRoot.get(r);
    if (list) list.push(n);
    else byRoot.set(r, [n]);
  });
  // Map insertion order is the order roots were first met: plan order of each component's first task.
  return [...byRoot.values()];
}
