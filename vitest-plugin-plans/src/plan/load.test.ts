import { describe, expect, it } from 'vitest';
import { loadPlanText } from './load.js';
import { renderDiagnostic, formatPath } from './diagnostics.js';
import type { FileAccess } from './context.js';
import type { LoadedPlan } from './types.js';

function files(map: Record<string, string | number>, reads: string[] = []): FileAccess {
  const get = (abs: string) => {
    const k = Object.keys(map).find((p) => abs.endsWith('/' + p));
    if (k === undefined) throw Object.assign(new Error('nope'), { code: 'ENOENT' });
    return map[k]!;
  };
  return {
    size: (abs) => {
      const v = get(abs);
      return typeof v === 'number' ? v : Buffer.byteLength(v);
    },
    read: (abs) => {
      reads.push(abs);
      return Buffer.from(String(get(abs)));
    },
  };
}

function ok(text: string, fs: FileAccess = files({})): LoadedPlan {
  const r = loadPlanText(text, '/p/plan.yaml', { files: fs });
  if (!r.ok) throw new Error(r.errors.map(renderDiagnostic).join('\n'));
  return r.plan;
}

function errors(text: string, fs: FileAccess = files({})): string[] {
  const r = loadPlanText(text, 'plan.yaml', { files: fs, cwd: '/p' });
  if (r.ok) throw new Error('loaded');
  return r.errors.map(renderDiagnostic);
}

const http = (extra = '') => `      - http: { url: "http://x/{{ env.base }}" ${extra} }\n        assert: [status == 200]\n`;

describe('loadPlanText', () => {
  it('expands matrix rows by name or 1-based index', () => {
    const p = ok(`env: { base: a }\ntasks:\n  - name: m\n    matrix: [{ name: eu, r: 1 }, { name: us, r: 2 }]\n    steps:\n${http()}  - name: n\n    matrix: [{ r: 1 }, { r: 2 }]\n    steps:\n${http()}`);
    expect(p.tasks.map((t) => t.name)).toEqual(['m[eu]', 'm[us]', 'n[1]', 'n[2]']);
    expect(p.matrices.get('n')).toEqual(['n[1]', 'n[2]']);
    expect(p.tasks[1]!.matrixRow).toEqual({ label: 'us', index: 2, values: { name: 'us', r: 2 } });
  });

  it('derives edges from templates and guards, with their origin', () => {
    const p = ok(`env: { base: a }
tasks:
  - name: a
    steps:
      - http: { url: http://x }
        assert: [status == 200]
        results: { id: body.id }
  - name: b
    when: tasks.a.results.id != nil
    needs: [a]
    steps:
      - http: { url: "http://x/{{ tasks.a.results.id }}" }
        assert: [status == 200]
`);
    expect(p.edges.map((e) => `${e.from}->${e.to} ${e.kind} ${e.origin}`)).toEqual([
      'a->b explicit tasks[1].needs[0]',
      'a->b derived:when tasks[1].when',
      'a->b derived:template tasks[1].steps[0].http.url',
    ]);
  });

  it('gives claims the default mode unless written', () => {
    const p = ok(`env: { base: a }\nresources: { db: exclusive, api: shared }\ntasks:\n  - name: a\n    holds: [db, { resource: api, mode: exclusive }]\n    steps:\n${http()}`);
    expect(p.tasks[0]!.holds.map((h) => [h.resource, h.mode, h.explicitMode])).toEqual([['db', 'exclusive', false], ['api', 'exclusive', true]]);
  });

  it('keeps numbers as written in json bodies', () => {
    const p = ok(`env: { base: a }\ntasks:\n  - name: a\n    steps:\n${http(', json: { total: 10.10, n: 10000000000000001 }')}`);
    const s = p.tasks[0]!.steps[0]!;
    expect(s.kind === 'http' && s.request.json).toMatchObject({ kind: 'object', entries: [['total', { kind: 'number', text: '10.10' }], ['n', { kind: 'number', text: '10000000000000001' }]] });
  });

  it('adds the graphql assertion unless one reads body.errors', () => {
    const base = (a: string) => `tasks:\n  - name: q\n    steps:\n      - graphql: { url: http://x, query: "query Q { a }" }\n        assert: [${a}]\n`;
    const s1 = ok(base('status == 200')).tasks[0]!.steps[0]!;
    expect(s1.assertions.map((a) => [a.source, a.auto])).toEqual([['status == 200', false], ['body.errors == nil or len(body.errors) == 0', true]]);
    expect(s1.kind === 'graphql' && s1.request.operations).toEqual(['Q']);
    const s2 = ok(base('len(body.errors) == 1')).tasks[0]!.steps[0]!;
    expect(s2.assertions).toHaveLength(1);
  });

  it('reads a named file once and caps it at 8 MiB', () => {
    const reads: string[] = [];
    const step = `      - http: { url: http://x, bodyFile: b.json }\n        assert: [status == 200]\n`;
    const p = ok(`tasks:\n  - name: a\n    steps:\n${step}${step}`, files({ 'b.json': '{"a":1}' }, reads));
    expect(reads).toHaveLength(1);
    expect(p.tasks[0]!.steps).toHaveLength(2);
    expect(errors(`tasks:\n  - name: a\n    steps:\n${step}`, files({ 'b.json': 9 * 1024 * 1024 }))[0]).toMatch(/bodyFile b\.json: is 9437184 bytes, over the 8 MiB cap/);
  });

  it('collects every error, in line order', () => {
    const e = errors(`tasks:\n  - name: a\n    steps:\n      - http: { url: http://x }\n        assert: [stauts == 1]\n  - name: b\n    needs: [zz]\n    steps: []\n`);
    expect(e).toEqual([
      'plan.yaml:5: tasks[0].steps[0].assert[0]: column 1: unknown name stauts (did you mean status?): stauts == 1',
      'plan.yaml:7: tasks[1].needs[0]: no task named zz',
      'plan.yaml:8: tasks[1].steps: task b has no steps',
    ]);
  });

  it('lets an env entry use entries above it only', () => {
    expect(errors(`env:\n  a: "{{ env.b }}"\n  b: x\ntasks: []\n`)[0]).toMatch(/^plan\.yaml:2: env\.a: column \d+: unknown name env\.b/);
    expect(ok(`env:\n  a: x\n  b: "{{ env.a }}-{{ run.id }}"\ntasks: []\n`).env.map((e) => e.name)).toEqual(['a', 'b']);
  });
});

describe('formatPath', () => {
  it('writes keys, indexes and quoted keys', () => {
    expect(formatPath(['tasks', 0, 'steps', 1, 'http', 'headers', 'x-id'])).toBe('tasks[0].steps[1].http.headers.x-id');
    expect(formatPath(['env', 'a b'])).toBe('env["a b"]');
    expect(formatPath([])).toBe('plan');
  });
});
