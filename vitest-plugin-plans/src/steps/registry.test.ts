/**
 * Walks the registry: every kind has every part of a step module and at least
 * one conformance case, and every case holds against its real peer.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STEP_REGISTRY } from './registry.js';
import { fill, missingInOrder, runConformanceCase, type ConformanceCase } from './conformance.test-utils.js';

const folderOf = (kind: string) => kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

async function casesOf(kind: string): Promise<ConformanceCase[]> {
  const file = new URL(`./${folderOf(kind)}/${kind}.conformance.ts`, import.meta.url);
  if (!existsSync(file)) return [];
  return ((await import(file.href)) as { cases: ConformanceCase[] }).cases;
}

describe.each(STEP_REGISTRY.map((m) => [m.kind, m] as const))('step kind %s', (kind, mod) => {
  it('has every part of a step module', () => {
    expect(mod.kind).toBe(kind);
    for (const fn of ['load', 'scope', 'autoAssertions', 'count', 'describe', 'timeoutMs', 'renderExchange', 'run'] as const) {
      expect(typeof mod[fn], `${kind}.${fn}`).toBe('function');
    }
    expect((mod.schema as { type?: string }).type).toBe('object');
    expect(mod.phases.length).toBeGreaterThan(0);
    expect(mod.phases[mod.phases.length - 1]).toBe('total');
    const names = mod.scope({});
    expect(Object.keys((names.duration as { fields: Record<string, unknown> }).fields)).toEqual([...mod.phases]);
    expect(typeof mod.keys.retry).toBe('boolean');
    expect(typeof mod.sendsRequests).toBe('boolean');
  });

  it('has at least one conformance case', async () => {
    expect((await casesOf(kind)).length).toBeGreaterThan(0);
  });
});

describe('conformance cases', async () => {
  const all = (await Promise.all(STEP_REGISTRY.map(async (m) => (await casesOf(m.kind)).map((c) => [`${m.kind}: ${c.name}`, c] as const)))).flat();
  it.each(all)('%s', async (_name, c) => {
    const r = await runConformanceCase(c);
    const missing = missingInOrder(r.stdout, c.output.map((l) => fill(l, r.vars)));
    expect(missing, `missing in the output:\n${r.stdout}\n${r.stderr}`).toBeNull();
    expect(missingInOrder(r.stderr, (c.errors ?? []).map((l) => fill(l, r.vars))), `missing in stderr:\n${r.stderr}`).toBeNull();
    for (const a of c.absent ?? []) expect(r.stdout).not.toContain(a);
    expect(r.exit, r.stdout + '\n' + r.stderr).toBe(c.exit);
    if (r.events.length > 0) {
      // Every export of every kind: the report rebuilt from the log is the same page.
      expect(r.reportHtml === r.html, 'runner report --html differs from run --html').toBe(true);
      const tasks = r.events.filter((e) => e.type === 'task.end').length;
      expect(r.junit.match(/<testcase /g)?.length ?? 0).toBe(tasks);
      expect(r.tap.startsWith('TAP version 14\n')).toBe(true);
      const failing = r.events.filter((e) => e.type === 'task.end' && e.state !== 'passed' && e.state !== 'skipped');
      for (const f of failing) expect(r.html).toContain(String(f.task));
    }
  });
});
