/**
 * The plugin end to end, in a child Vitest over the fixture plans: test
 * locations at the YAML lines, outcomes and their texts, skips with reasons,
 * a load failure with the runner's text, and the exports the reporter writes.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../run/fixture-server.js';
import { runVitest, type ChildResult, type JsonReport } from './run-vitest.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const CONFIG = join(FIXTURES, 'vitest.config.ts');

describe('vitest list', () => {
  it('places every test at its task line and column in the YAML', async () => {
    const r = await runVitest(['list', '--json', '--config', CONFIG], FIXTURES);
    expect(r.code, r.stderr).toBe(0);
    const items = JSON.parse(r.stdout) as Array<{ name: string; file: string; location: { line: number; column: number } }>;
    const at = Object.fromEntries(items.map((i) => [i.name, `${i.file.replace(FIXTURES, '')}:${i.location.line}:${i.location.column}`]));
    expect(at).toEqual({
      'plans/broken.plan.yaml > load': 'plans/broken.plan.yaml:8:13',
      'plans/mixed.plan.yaml > ok': 'plans/mixed.plan.yaml:7:5',
      'plans/mixed.plan.yaml > bad': 'plans/mixed.plan.yaml:14:5',
      'plans/mixed.plan.yaml > indented': 'plans/mixed.plan.yaml:19:7',
      'plans/mixed.plan.yaml > after-bad': 'plans/mixed.plan.yaml:24:5',
      'plans/mixed.plan.yaml > region[eu]': 'plans/mixed.plan.yaml:31:9',
      'plans/mixed.plan.yaml > region[us]': 'plans/mixed.plan.yaml:32:9',
      'plans/mixed.plan.yaml > slow-one': 'plans/mixed.plan.yaml:37:5',
      'plans/mixed.plan.yaml > cleanup': 'plans/mixed.plan.yaml:43:5',
    });
  }, 60_000);
});

describe('vitest run', () => {
  let server: FixtureServer;
  let out: string;
  let r: ChildResult;
  let report: JsonReport;
  beforeAll(async () => {
    server = await startFixtureServer({});
    out = mkdtempSync(join(tmpdir(), 'plans-exports-'));
    r = await runVitest(['run', '--config', CONFIG, '--reporter=default', '--reporter=json', `--outputFile.json=${join(out, 'report.json')}`], FIXTURES, {
      RUNNER_ENV_BASE: server.url,
      PLANS_EXPORTS_DIR: out,
    });
    report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as JsonReport;
  }, 120_000);
  afterAll(() => server?.close());

  const results = () => Object.fromEntries(report.testResults.flatMap((f) => f.assertionResults.map((a) => [a.title, a])));

  it('maps each task state to a test state', () => {
    expect(r.code).toBe(1);
    const states = Object.fromEntries(Object.entries(results()).map(([k, v]) => [k, v.status]));
    expect(states).toEqual({
      load: 'failed',
      ok: 'passed',
      bad: 'failed',
      indented: 'passed',
      'after-bad': 'skipped',
      'region[eu]': 'passed',
      'region[us]': 'passed',
      'slow-one': 'skipped',
      cleanup: 'passed',
    });
  });

  it('fails with the runner\'s block and shows the YAML at the failing assertion', () => {
    const msg = results().bad!.failureMessages.join('\n');
    expect(msg).toMatch(/FAIL bad › step 1 › assert #1 +plans\/mixed\.plan\.yaml:18/);
    expect(msg).toContain(`GET ${server.url}/nope`);
    expect(msg).toContain('assert status == 200 failed');
    expect(msg).toContain('status = 404');
    expect(msg).toMatch(/timing dns \S+ connect/);
    // The code frame is the YAML, at the assertion's line.
    expect(r.stderr).toMatch(/plans\/mixed\.plan\.yaml:18:13\n\s+16\|[^\n]*\n\s+17\|[^\n]*\n\s+18\|\s+- status == 200/);
  });

  it('gives a plan that does not load one failing test with the runner\'s load errors', () => {
    expect(results().load!.failureMessages.join('\n')).toContain(
      'plans/broken.plan.yaml:8: tasks[0].steps[0].assert[0]: column 1: unknown name stauts (did you mean status?): stauts == 200\nplans/broken.plan.yaml: 1 load error(s); nothing ran',
    );
  });

  it('skips blocked and tag-excluded tasks with their reasons', () => {
    // The duration Vitest prints beside a skipped test depends on load; the reason is what matters.
    expect(r.stdout).toMatch(/after-bad \d+ms \[blocked: needs bad, which failed\]/);
    expect(r.stdout).toMatch(/slow-one \d+ms \[skipped: tagged slow; run with --include-tag slow\]/);
  });

  it('writes the runner\'s JUnit, TAP, HTML and event log per plan', () => {
    for (const f of ['mixed.junit.xml', 'mixed.tap', 'mixed.html', 'mixed.events.jsonl']) expect(existsSync(join(out, f)), f).toBe(true);
    // A plan that did not load ran nothing, so it has no reports.
    expect(existsSync(join(out, 'broken.tap'))).toBe(false);
    const tap = readFileSync(join(out, 'mixed.tap'), 'utf8');
    expect(tap).toMatch(/^TAP version 14\n1\.\.8\n/);
    expect(tap).toContain('not ok 2 - bad');
    expect(tap).toContain('# SKIP blocked: needs bad, which failed');
    expect(readFileSync(join(out, 'mixed.junit.xml'), 'utf8')).toContain('<testcase name="bad"');
    expect(readFileSync(join(out, 'mixed.events.jsonl'), 'utf8').split('\n')[0]).toContain('"schema":"runner.events/v1"');
  });
});
