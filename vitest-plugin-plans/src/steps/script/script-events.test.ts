/**
 * A script's facts travel as events and reach every export: each check is an
 * assert event (`check <name>`, outcome, detail), the unverified step is a
 * notice and a count in run.end, and JUnit, TAP and HTML carry the failed
 * check with its detail.
 */
import { expect, it } from 'vitest';
import { runConformanceCase } from '../conformance.test-utils.js';

const send = (m: object) => `fs.writeSync(3, ${JSON.stringify(JSON.stringify(m) + '\n')});`;

it('checks are assert events; unverified is a notice and a count; the exports carry both', async () => {
  const r = await runConformanceCase({
    name: 'events',
    files: {
      'fails.js': ["const fs = require('node:fs');", send({ check: 'sum matches', ok: false, detail: { want: 3, got: 4 } }), send({ check: 'has rows', ok: true })].join('\n'),
      'quiet.js': ["const fs = require('node:fs');", send({ result: 1 })].join('\n'),
    },
    plan: [
      'tasks:',
      '  - name: fails',
      '    steps:',
      '      - script: { runtime: node, file: ./fails.js }',
      '        assert: [exitCode == 0]',
      '  - name: quiet',
      '    steps:',
      '      - script: { runtime: node, file: ./quiet.js }',
      '        assert: [result == 1]',
      '',
    ].join('\n'),
    exit: 1,
    output: [],
  });
  const asserts = r.events.filter((e) => e.type === 'assert' && e.task === 'fails');
  expect(asserts.map((e) => [e.index, e.expr, e.outcome, e.detail])).toEqual([
    [1, 'exitCode == 0', 'held', []],
    [2, 'check sum matches', 'failed', ['{"want":3,"got":4}']],
    [3, 'check has rows', 'held', []],
  ]);
  expect(r.events.filter((e) => e.type === 'notice' && e.kind === 'unverified').map((e) => e.text)).toEqual(['quiet › step 1: the script ended ok without a check']);
  const end = r.events.find((e) => e.type === 'run.end')!;
  expect([end.unverified, (end.counts as Record<string, number>).passed, (end.counts as Record<string, number>).failed]).toEqual([1, 1, 1]);
  expect(r.stdout).toContain('1 passed (1 unverified) 1 failed');
  for (const [name, text] of [['junit', r.junit], ['tap', r.tap], ['html', r.html]] as const) {
    expect(text, name).toContain('check sum matches failed');
    expect(text, name).toContain('want');
  }
  expect(r.html).toContain('unverified');
  expect(r.reportHtml).toBe(r.html);
});
