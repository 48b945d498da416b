/**
 * Bounded fuzz of the loader (fixed seed): random and mutated plans always
 * end in a loaded plan or in load errors with file and line, never an
 * exception or a hang.
 */
import { describe, expect, it } from 'vitest';
import { loadPlanText } from './load.js';
import { renderDiagnostic } from './diagnostics.js';
import type { FileAccess } from './context.js';

function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE = `env:
  base: http://127.0.0.1:8080
lifecycle: { strategy: unique }
resources: { db: exclusive }
tasks:
  - name: login
    steps:
      - http: { method: POST, url: "{{ env.base }}/login", json: { u: "{{ run.id }}" } }
        assert: [status == 200, body.token != nil]
        results: { token: { secret: body.token } }
  - name: orders
    needs: [login]
    holds: [db]
    matrix: [{ name: eu, r: 1 }, { name: us, r: 2 }]
    when: env.base != ""
    steps:
      - graphql: { url: "{{ env.base }}/g", query: "query Q { a }", variables: { r: "{{ matrix.r }}" } }
        assert: ["body.data.a all (.qty > 0)", "tasks.login.results.token != nil"]
      - waitFor: { http: { url: "{{ env.base }}/h" }, until: status == 200, attempts: 3 }
      - http: { url: "{{ env.base }}/o" }
        repeat: { count: 3, mode: parallel }
        assert: [responses count 3]
finally:
  - name: cleanup
    steps:
      - exec: { command: echo, args: [done] }
        assert: [exitCode == 0]
`;

const TOKENS = ['{{', '}}', ':', '- ', '[', ']', '{', '}', '"', "'", '\t', '\n', '  ', '&a', '*a', '!!str', '#', '|', '>', 'tasks', 'needs: [x]', 'assert: []', 'http:', 'name: a', '\u0000', '😀', '%', '@', '`', '---\n', '...'];

function mutate(text: string, r: () => number): string {
  let s = text;
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(r() * (s.length + 1));
    const op = Math.floor(r() * 5);
    if (op === 0) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 8));
    else if (op === 1) s = s.slice(0, at) + TOKENS[Math.floor(r() * TOKENS.length)] + s.slice(at);
    else if (op === 2) {
      const lines = s.split('\n');
      const a = Math.floor(r() * lines.length);
      const b = Math.floor(r() * lines.length);
      [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      s = lines.join('\n');
    } else if (op === 3) {
      const lines = s.split('\n');
      const a = Math.floor(r() * lines.length);
      lines.splice(a, 0, lines[a]!);
      s = lines.join('\n');
    } else s = s.slice(0, at) + String.fromCharCode(32 + Math.floor(r() * 95)) + s.slice(at);
  }
  return s;
}

function randomText(r: () => number): string {
  let s = '';
  const n = Math.floor(r() * 200);
  for (let i = 0; i < n; i++) s += r() < 0.3 ? TOKENS[Math.floor(r() * TOKENS.length)] : String.fromCharCode(32 + Math.floor(r() * 95));
  return s;
}

const NO_FILES: FileAccess = {
  size: () => { throw Object.assign(new Error('x'), { code: 'ENOENT' }); },
  read: () => { throw Object.assign(new Error('x'), { code: 'ENOENT' }); },
};

describe('loader fuzz', () => {
  it('ends every case in a plan or positioned load errors', () => {
    const r = rng(20261122);
    const started = Date.now();
    let failed = 0;
    for (let i = 0; i < 400; i++) {
      const text = i % 4 === 3 ? randomText(r) : mutate(BASE, r);
      let out;
      try {
        out = loadPlanText(text, 'fuzz.yaml', { files: NO_FILES, cwd: '/tmp' });
      } catch (e) {
        throw new Error(`case ${i} threw ${(e as Error).stack}\n--- plan ---\n${text}`);
      }
      if (!out.ok) {
        failed++;
        expect(out.errors.length).toBeGreaterThan(0);
        for (const d of out.errors) {
          expect(renderDiagnostic(d), text).toMatch(/^fuzz\.yaml:[1-9]\d*: \S+: \S/);
          expect(d.message).not.toMatch(/^must (NOT )?(have|match|be) /); // no raw Ajv text
        }
      }
    }
    expect(failed).toBeGreaterThan(100);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('refuses an alias bomb instead of expanding it', () => {
    let y = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 10; i++) y += `a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]\n`;
    const out = loadPlanText(y + 'tasks: *a9\n', 'bomb.yaml', { files: NO_FILES, cwd: '/tmp' });
    expect(out.ok).toBe(false);
    expect(!out.ok && renderDiagnostic(out.errors[0]!)).toMatch(/^bomb\.yaml:1: plan: YAML: the document expands to more than/);
  });
});
