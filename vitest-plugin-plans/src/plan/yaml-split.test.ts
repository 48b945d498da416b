import { describe, expect, it } from 'vitest';
import { splitTaskList } from './yaml-split.js';
import { parseYamlTree } from './yaml-tree.js';

/** A plan over the split threshold, with the constructs a task item can hold. */
function bigPlan(n: number, indent = '  '): string {
  const out = ['# a plan', 'env:', '  base: http://127.0.0.1:9', '', 'tasks:', '# a comment at column 0'];
  for (let i = 0; i < n; i++) {
    out.push(
      `${indent}- name: t${i}`,
      `${indent}  steps:`,
      `${indent}    - http: { url: "{{ env.base }}/items/${i}", method: POST }`,
      `${indent}      body: |`,
      `${indent}        line one ${i}`,
      '',
      `${indent}        line three: - not an item`,
      `${indent}      assert:`,
      `${indent}        - status != 200  # a comment`,
      `${indent}        - 'body.id == ${i}'`,
      '',
    );
  }
  out.push('finally:', '  - name: last', '    steps:', '      - http: { url: "{{ env.base }}/x" }', '        assert: [status == 200]', '');
  return out.join('\n');
}

describe('parsing a large plan one task at a time', () => {
  it('gives the same tree as parsing it whole, positions included', () => {
    for (const indent of ['  ', '']) {
      const text = bigPlan(400, indent);
      expect(splitTaskList(text)?.items.length).toBe(400);
      const split = parseYamlTree(text);
      const whole = parseYamlTree(text, { split: false });
      expect(whole.problems).toEqual([]);
      expect(split).toEqual(whole);
    }
  });

  it('reports a syntax error inside one task at its line in the file', () => {
    const text = bigPlan(400).replace('  - name: t200\n', '  - name: t200\n    bad: [unclosed\n');
    const split = parseYamlTree(text);
    expect(split.root).toBeUndefined();
    const line = text.split('\n').findIndex((l) => l.includes('[unclosed')) + 1;
    expect(split.problems[0]!.line).toBeGreaterThanOrEqual(line);
    expect(split.problems[0]!.line).toBeLessThanOrEqual(line + 1);
  });

  it('names the task of a duplicate key with its index', () => {
    const text = bigPlan(400).replace('  - name: t7\n', '  - name: t7\n    name: again\n');
    const split = parseYamlTree(text);
    const whole = parseYamlTree(text, { split: false });
    expect(split.problems).toEqual(whole.problems);
    expect(split.problems[0]!.at).toEqual(['tasks', 7]);
  });

  it('parses whole what a line scan cannot split safely', () => {
    const big = bigPlan(400);
    expect(splitTaskList('tasks:\n  - name: a\n')).toBeUndefined(); // small
    expect(splitTaskList(big.replace('# a plan', '---'))).toBeUndefined(); // a document marker
    expect(splitTaskList(big.replace('name: t3', 'name: &x t3'))).toBeUndefined(); // an anchor
    expect(splitTaskList(big.replace('name: t3', 'name: !!str t3'))).toBeUndefined(); // a tag
    expect(splitTaskList(big + '\ntasks:\n  - name: z\n')).toBeUndefined(); // two task lists
    expect(splitTaskList(big.replace('    steps:', ' steps:'))).toBeUndefined(); // shallower than the items
  });
});
