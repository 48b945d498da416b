/**
 * JUnit and TAP list tasks in plan order, not in the order they ended: the
 * golden case cases/plan-order runs at `--jobs 4` with its slow tasks written
 * first. The order comes from `run.start`, so exports rendered from the event
 * log alone (what `runner report` reads) equal the files the run wrote.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseEventLog } from '../../src/events/log.js';
import { createRunModel, renderJunit, renderTap } from '../../src/report/index.js';
import { runCase } from './harness.js';

const CASE = fileURLToPath(new URL('./cases/plan-order/', import.meta.url));
const PLAN_ORDER = ['slow-first', 'rows[slow]', 'rows[quick]', 'quick', 'after-slow', 'cleanup-slow', 'cleanup-quick'];

describe('export order', () => {
  it('follows the plan under --jobs 4, whatever ended first, in JUnit and TAP alike', async () => {
    const out = await runCase(CASE);
    try {
      const events = parseEventLog(out.events);
      const start = events[0]!;
      expect(start.type === 'run.start' && start.order).toEqual(PLAN_ORDER);
      // The case must reorder, or this test shows nothing.
      const ended = events.flatMap((e) => (e.type === 'task.end' ? [e.task] : []));
      expect(ended).not.toEqual(PLAN_ORDER);
      expect(ended.indexOf('quick')).toBeLessThan(ended.indexOf('slow-first'));
      expect(ended.indexOf('rows[quick]')).toBeLessThan(ended.indexOf('rows[slow]'));
      expect(ended.indexOf('cleanup-quick')).toBeLessThan(ended.indexOf('cleanup-slow'));

      expect([...out.junit.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1])).toEqual(PLAN_ORDER);
      expect([...out.tap.matchAll(/^(?:not )?ok \d+ - (?:teardown › )?(\S+)/gm)].map((m) => m[1])).toEqual(PLAN_ORDER);

      // From the log alone, as `runner report` builds its model.
      const model = createRunModel();
      for (const e of events) model.add(e);
      expect(renderJunit(model)).toBe(readFileSync(join(out.dir, 'out.junit.xml'), 'utf8'));
      expect(renderTap(model)).toBe(readFileSync(join(out.dir, 'out.tap'), 'utf8'));
    } finally {
      await out.server.close();
    }
  });
});
