/** The 5-line protocol examples of docs/kinds/script.md, in node and in python, run as written through `runner run`. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { missingInOrder, runConformanceCase } from '../conformance.test-utils.js';

const doc = readFileSync(new URL('../../../docs/kinds/script.md', import.meta.url), 'utf8');
const block = (lang: string) => {
  const m = doc.match(new RegExp('```' + lang + '\\n([\\s\\S]*?)```'));
  if (!m) throw new Error(`no ${lang} block in script.md`);
  return m[1]!;
};

it.each([
  ['node', 'js', 'example.js'],
  ['python3', 'python', 'example.py'],
])('the %s example of script.md holds', async (runtime, lang, file) => {
  const code = block(lang);
  expect(code.trim().split('\n')).toHaveLength(5);
  const r = await runConformanceCase({
    name: lang,
    files: { [file]: code },
    plan: [
      'env:',
      '  base: https://shop.test',
      'tasks:',
      '  - name: create-order',
      '    steps:',
      '      - exec: { command: echo, args: [A-17] }',
      '        assert: [exitCode == 0]',
      '        results: { orderId: "stdout[0:4]" }',
      '  - name: check',
      '    needs: [create-order]',
      '    steps:',
      `      - script: { runtime: ${runtime}, file: ./${file}, args: [x] }`,
      '        assert:',
      '          - ok == true',
      '          - checks count 1 and checks[0].name == "base is https"',
      '          - result.orderId == "A-17" and result.args == ["x"]',
      '',
    ].join('\n'),
    exit: 0,
    output: [],
  });
  expect(missingInOrder(r.stdout, ['2 passed 0 failed']), r.stdout).toBeNull();
  expect(r.stdout).not.toContain('unverified');
});
