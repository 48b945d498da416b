/**
 * JUnit against Jenkins/Surefire's junit-10.xsd (junit-10.xsd, validated with
 * xmllint). The golden cases (cases.test.ts) validate every single run's file;
 * here: that the check can fail at all, characters XML cannot carry, and
 * `--repeat` / `--compare-jobs` series with failing, flaky, skipped, blocked
 * and finally tasks.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Parser } from 'tap-parser';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { createRunModel, renderJunit } from '../../src/report/index.js';
import { xml } from '../../src/report/junit.js';
import type { RunEvent } from '../../src/events/types.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { checkJunitFile, checkJunitText } from './junit-schema.js';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({
    routes: [
      { path: '/flaky', sequence: [{ status: 200 }, { status: 503 }, { status: 200 }, { status: 503 }, { status: 200 }, { status: 503 }] },
      { path: '/gone', status: 404, json: { error: 'gone' } },
    ],
  });
});
afterAll(() => server.close());

describe('the schema check', () => {
  it('refuses `skipped` on <testsuites>, as the runner once wrote it', () => {
    const r = checkJunitText('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="runner" tests="1" failures="0" errors="0" skipped="1" time="0.001">\n  <testsuite name="p" tests="1" failures="0" errors="0" skipped="1">\n    <testcase name="t"><skipped message="blocked"/></testcase>\n  </testsuite>\n</testsuites>\n');
    expect(r.valid).toBe(false);
    expect(r.messages).toContain("Element 'testsuites', attribute 'skipped': The attribute 'skipped' is not allowed.");
  });

  it('refuses a testsuite without its counts and a time that is not seconds', () => {
    expect(checkJunitText('<testsuites><testsuite name="p"><testcase name="t"/></testsuite></testsuites>').valid).toBe(false);
    expect(checkJunitText('<testsuites><testsuite name="p" tests="1" failures="0" errors="0" time="NaN"/></testsuites>').valid).toBe(false);
  });
});

describe('single-run JUnit', () => {
  it('drops characters XML 1.0 cannot carry and escapes markup, so a hostile reason still validates', () => {
    const reason = 'nul\u0000 bell\u0007 \uffff\ufffe <b>"quoted"</b> & ]]> done';
    expect(xml(reason)).toBe('nul bell  &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; &amp; ]]&gt; done');
    const model = createRunModel();
    const events: RunEvent[] = [
      { type: 'run.start', schema: 'runner.events/v1', version: 'v', runId: 'R', plan: 'p<1>.yaml', jobs: 1, lifecycle: { strategy: 'unique', sharedTarget: false }, startedAt: '2024-01-01T00:00:00.000Z', runtimes: [], tasks: 3, finallyTasks: 1, order: ['a', 'b', 'c', 'fin'] },
      { type: 'task.end', task: 'c', finally: false, state: 'not run', reason, step: null, durationMs: 0, requests: 0, file: 'p.yaml', line: 9 },
      { type: 'task.end', task: 'a', finally: false, state: 'errored', reason, step: null, durationMs: 12.5, requests: 1, file: 'p.yaml', line: 3 },
      { type: 'task.end', task: 'b', finally: false, state: 'timed out', reason, step: null, durationMs: 2000, requests: 1, file: 'p.yaml', line: 6 },
      { type: 'task.end', task: 'fin', finally: true, state: 'blocked', reason, step: null, durationMs: 0, requests: 0, file: 'p.yaml', line: 12 },
      { type: 'run.end', exitCode: 1, counts: { passed: 0, failed: 0, errored: 1, 'timed out': 1, skipped: 0, blocked: 0, 'not run': 1 }, unverified: 0, tasks: 3, requests: 2, wallMs: 2012.4, teardown: { passed: 0, failed: 1, errored: 0 }, ending: 'completed', signal: null },
    ];
    for (const e of events) model.add(e);
    const text = renderJunit(model);
    expect(checkJunitText(text)).toMatchObject({ valid: true });
    expect([...text.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1])).toEqual(['a', 'b', 'c', 'fin']);
  });
});

describe('series JUnit (--repeat, --compare-jobs)', () => {
  const PLAN = (base: string) => `env:
  base: "${base}"
tasks:
  - name: flaky
    steps:
      - http: { url: "{{ env.base }}/flaky" }
        assert: [status == 200]
  - name: broken
    steps:
      - http: { url: "{{ env.base }}/gone" }
        assert: [status == 200]
  - name: blocked
    needs: [broken]
    steps:
      - http: { url: "{{ env.base }}/echo" }
        assert: [status == 200]
  - name: guarded
    when: env.base == "nowhere"
    steps:
      - http: { url: "{{ env.base }}/echo" }
        assert: [status == 200]
  - name: fine
    steps:
      - http: { url: "{{ env.base }}/echo" }
        assert: [status == 200]
finally:
  - name: cleanup
    steps:
      - http: { url: "{{ env.base }}/gone" }
        assert: [status == 404]
`;

  it.each([
    ['--repeat 3', ['--repeat', '3', '--jobs', '1']],
    ['--repeat 2 --compare-jobs', ['--repeat', '2', '--jobs', '2', '--compare-jobs']],
  ])('%s: flaky, failed, blocked, skipped and finally tasks validate', async (_name, flags) => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-junit-series-'));
    writeFileSync(join(dir, 'plan.yaml'), PLAN(server.url));
    const exit = await runCli(['run', ...flags, '--junit', 'j.xml', '--tap', 't.tap', 'plan.yaml'], memoryIo(dir, {}));
    expect(exit).toBe(1);
    const junit = readFileSync(join(dir, 'j.xml'), 'utf8');
    // The file holds what the schema must accept: a failure, a skipped case and the finally task.
    expect(junit).toContain('<failure message=');
    expect(junit).toContain('<skipped message="skipped');
    expect(junit).toContain('<testcase name="cleanup"');
    expect(checkJunitFile(join(dir, 'j.xml'))).toEqual({ valid: true, messages: `${join(dir, 'j.xml')} validates` });
    // Plan order, whatever ended first.
    expect([...junit.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1])).toEqual(['flaky', 'broken', 'blocked', 'guarded', 'fine', 'cleanup']);
    const tap = readFileSync(join(dir, 't.tap'), 'utf8');
    const parsed = await new Promise<{ ok: boolean; count: number }>((resolve) => {
      const p = new Parser((r) => resolve(r as never));
      p.end(tap);
    });
    expect(parsed).toMatchObject({ ok: false, count: 6 });
  }, 30_000);
});
