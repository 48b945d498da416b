/**
 * The plugin's pure parts: VLQ and line maps, the generated module, env
 * overrides, export paths and the task-state → test mapping.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPlanText } from '../../src/plan/load.js';
import { applyEnvOverrides, envFromProcess } from '../../src/plan/env-overrides.js';
import { generateModule, LOAD_TEST } from '../../src/vitest/codegen.js';
import { resolveOptions, PlansOptionError } from '../../src/vitest/options.js';
import { testOutcome } from '../../src/vitest/outcome.js';
import { exportPath, planName } from '../../src/vitest/reporter.js';
import { buildLineMap, vlq } from '../../src/vitest/source-map.js';
import type { TaskReport } from '../../src/report/model.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const MIXED = `${FIXTURES}plans/mixed.plan.yaml`;

/** Decodes a mappings string back to [generated line, source line, source column] (0-based), for checking. */
function decode(mappings: string): Array<[number, number, number]> {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const out: Array<[number, number, number]> = [];
  let line = 0;
  let col = 0;
  mappings.split(';').forEach((seg, gen) => {
    if (!seg) return;
    const nums: number[] = [];
    let v = 0;
    let shift = 0;
    for (const ch of seg) {
      const d = B64.indexOf(ch);
      v += (d & 31) << shift;
      if (d & 32) shift += 5;
      else {
        nums.push(v & 1 ? -(v >> 1) : v >> 1);
        v = 0;
        shift = 0;
      }
    }
    line += nums[2]!;
    col += nums[3]!;
    out.push([gen, line, col]);
  });
  return out;
}

describe('source map', () => {
  it('encodes base64 VLQ', () => {
    expect([0, 1, -1, 15, 16, -16, 1000].map(vlq)).toEqual(['A', 'C', 'D', 'e', 'gB', 'hB', 'w+B']);
  });
  it('maps each marked generated line to its YAML line and column', () => {
    const map = buildLineMap('x.plan.yaml', 'x.plan.yaml', 'a: 1\n', [undefined, { line: 7, column: 5 }, undefined, { line: 3, column: 1 }]);
    expect(map.sources).toEqual(['x.plan.yaml']);
    expect(decode(map.mappings)).toEqual([
      [1, 6, 4],
      [3, 2, 0],
    ]);
  });
});

describe('generateModule', () => {
  const settings = resolveOptions({ jobs: 2 }).run;
  const gen = (text: string, strict = false) => generateModule({ id: MIXED, file: 'plans/mixed.plan.yaml', root: FIXTURES, text, strict, settings, runtime: '/rt.js' });

  it('writes one test per task, matrix rows and finally tasks included, each call on a line mapped to the task', () => {
    const out = gen(readFileSync(MIXED, 'utf8'));
    expect(out.tests).toEqual(['ok', 'bad', 'indented', 'after-bad', 'region[eu]', 'region[us]', 'slow-one', 'cleanup']);
    const lines = out.code.split('\n');
    const mapped = new Map(decode(out.map.mappings).map(([g, l, c]) => [g, `${l + 1}:${c + 1}`]));
    const at = (name: string) => mapped.get(lines.findIndex((l) => l.startsWith(`__test(${JSON.stringify(name)},`)));
    expect(at('ok')).toBe('7:5');
    expect(at('region[us]')).toBe('32:9');
    expect(at('cleanup')).toBe('43:5');
    expect(out.code).toContain('"jobs":2');
  });

  it('watches every file the plan names', () => {
    const text = 'tasks:\n  - name: a\n    steps:\n      - http: { url: "http://x/", method: POST, bodyFile: missing.json }\n        assert: [status == 200]\n';
    const out = gen(text);
    expect(out.watchFiles).toEqual([`${FIXTURES}plans/missing.json`]);
  });

  it('turns a plan that does not load into one failing test with the runner\'s text', () => {
    const out = gen('tasks:\n  - name: a\n    steps: []\n');
    expect(out.tests).toEqual([LOAD_TEST]);
    expect(out.code).toContain('plans/mixed.plan.yaml: 1 load error(s); nothing ran');
  });

  it('under strict, turns lint warnings into the load failure', () => {
    const text = 'lifecycle: { strategy: unique }\ntasks:\n  - name: a\n    steps:\n      - http: { url: "http://x/" }\n        assert: [status == 200]\n';
    expect(gen(text).tests).toEqual(['a']);
    const strict = gen(text, true);
    expect(strict.tests).toEqual([LOAD_TEST]);
    expect(strict.code).toContain('lint warning(s) are errors under --strict; nothing ran');
  });
});

describe('env overrides', () => {
  const plan = () => {
    const l = loadPlanText('env:\n  base: http://a\n  api_key: none\n  url: "{{ env.base }}/v1"\ntasks:\n  - name: t\n    steps:\n      - http: { url: "{{ env.url }}" }\n        assert: [status == 200]\n', 'p.plan.yaml');
    if (!l.ok) throw new Error('fixture plan does not load');
    return l.plan;
  };
  const values = (p: ReturnType<typeof plan>) => Object.fromEntries(p.env.map((e) => [e.name, e.value.parts.map((x) => (x.kind === 'text' ? x.text : '{{}}')).join('')]));

  it('reads RUNNER_ENV_<NAME>, ignoring case', () => {
    const o = envFromProcess({ RUNNER_ENV_BASE: 'http://b', RUNNER_ENV_API_KEY: 'k', OTHER: 'x' });
    expect(values(applyEnvOverrides(plan(), o))).toEqual({ base: 'http://b', api_key: 'k', url: '{{}}/v1' });
  });
  it('lets later layers win and ignores names the plan does not declare', () => {
    expect(values(applyEnvOverrides(plan(), { base: 'one', nope: 'x' }, { BASE: 'two' }))).toMatchObject({ base: 'two' });
    const p = plan();
    expect(applyEnvOverrides(p, { nope: 'x' })).toBe(p);
  });
});

describe('options and exports', () => {
  it('applies the runner\'s defaults', () => {
    const o = resolveOptions({});
    expect(o.run).toMatchObject({ includeTags: [], strictPaths: false, updateSnapshots: false, eventsBodyCap: 65536 });
    expect(o.run.jobs).toBeGreaterThanOrEqual(1);
    expect(o.strict).toBe(false);
    expect(resolveOptions({ timeout: '1m30s' }).run.timeoutMs).toBe(90_000);
  });
  it('refuses bad values by option name', () => {
    expect(() => resolveOptions({ jobs: 0 })).toThrow(PlansOptionError);
    expect(() => resolveOptions({ timeout: '5x' })).toThrow('plansPlugin: timeout "5x": want a duration');
  });
  it('names export files per plan', () => {
    expect(planName('/a/b/eval.plan.yaml')).toBe('eval');
    expect(exportPath('out/[name].xml', 'eval', 3)).toBe('out/eval.xml');
    expect(exportPath('out/report.xml', 'eval', 1)).toBe('out/report.xml');
    expect(exportPath('out/report.xml', 'eval', 2)).toBe('out/report.eval.xml');
  });
});

describe('testOutcome', () => {
  const t = (state: TaskReport['state'], reason: string | null = null): TaskReport => ({ name: 'x', finally: false, state, reason, step: null, durationMs: 0, requests: 0, file: 'p.yaml', line: 4, failure: null });
  it('maps the seven states', () => {
    expect(testOutcome(t('passed'))).toEqual({ kind: 'pass' });
    expect(testOutcome(t('blocked', 'needs a, which failed'))).toEqual({ kind: 'skip', reason: 'blocked: needs a, which failed' });
    expect(testOutcome(t('not run', 'run deadline 1s reached'))).toEqual({ kind: 'skip', reason: 'not run: run deadline 1s reached' });
    expect(testOutcome(t('skipped', 'tagged slow'))).toMatchObject({ kind: 'skip' });
    for (const s of ['failed', 'errored', 'timed out'] as const) expect(testOutcome(t(s, 'why'))).toMatchObject({ kind: 'fail', line: 4, taskLine: 4 });
    expect(testOutcome(t('errored', 'boom'))).toMatchObject({ message: expect.stringMatching(/^ERROR x +p\.yaml:4\n  boom$/) });
  });
});
