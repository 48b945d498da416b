import { describe, expect, it } from 'vitest';
import { loadPlanText } from './load.js';
import { renderDiagnostic } from './diagnostics.js';

const plan = (env: string) => `env:\n${env}\ntasks:\n  - name: t\n    steps:\n      - http: { url: "{{ env.base }}/x" }\n        assert: [status == 200]\n`;

function load(env: string, environ: Record<string, string | undefined>) {
  return loadPlanText(plan(env), 'plan.yaml', { cwd: '/p', environ });
}

describe('env entries read from the process environment', () => {
  it('takes the variable when it is set', () => {
    const r = load('  base: { fromEnv: TARGET_URL, default: "http://127.0.0.1:1" }', { TARGET_URL: 'http://svc:9' });
    if (!r.ok) throw new Error(r.errors.map(renderDiagnostic).join('\n'));
    const e = r.plan.env[0]!;
    expect(e).toMatchObject({ name: 'base', fromEnv: 'TARGET_URL', secret: false });
    expect(e.value.parts).toEqual([{ kind: 'text', text: 'http://svc:9' }]);
  });

  it('falls back to the default, templated, when the variable is unset or empty', () => {
    for (const environ of [{}, { TARGET_URL: '' }]) {
      const r = load('  host: 127.0.0.1\n  base: { fromEnv: TARGET_URL, default: "http://{{ env.host }}:1" }', environ);
      if (!r.ok) throw new Error(r.errors.map(renderDiagnostic).join('\n'));
      expect(r.plan.env[1]!.value.source).toBe('http://{{ env.host }}:1');
      expect(r.plan.env[1]!.value.parts.some((p) => p.kind === 'expr')).toBe(true);
    }
  });

  it('marks a secret entry', () => {
    const r = load('  base: x\n  key: { fromEnv: API_KEY, secret: true }', { API_KEY: 'sk_abc' });
    if (!r.ok) throw new Error(r.errors.map(renderDiagnostic).join('\n'));
    expect(r.plan.env[1]).toMatchObject({ name: 'key', secret: true });
  });

  it('refuses an unset variable without a default, naming it', () => {
    const r = load('  base: { fromEnv: TARGET_URL }', {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map(renderDiagnostic)).toEqual([
      'plan.yaml:2: env.base: the environment variable TARGET_URL is not set and the entry has no default',
    ]);
  });

  it('refuses unknown keys in the entry through the schema', () => {
    const r = load('  base: { fromEnv: TARGET_URL, defualt: x }', { TARGET_URL: 'x' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map(renderDiagnostic).join('\n')).toContain('defualt');
  });
});
