/**
 * Golden run cases (style.md: integration cases are folders). Each folder
 * under cases/ holds plan.yaml, optional routes.yaml and args, and the
 * expected terminal output, JUnit, TAP and exit code. UPDATE_GOLDEN=1
 * rewrites the expected files from the current output. Every JUnit file, as
 * written (unmasked), must also validate against junit-10.xsd.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Parser } from 'tap-parser';
import { runCase } from './harness.js';
import { checkJunitFile } from './junit-schema.js';

const CASES = fileURLToPath(new URL('./cases/', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

function golden(dir: string, name: string, actual: string): void {
  const file = join(dir, name);
  if (update || !existsSync(file)) {
    writeFileSync(file, actual);
    return;
  }
  expect(actual, `${name} of ${dir}`).toBe(readFileSync(file, 'utf8'));
}

describe('golden run cases', () => {
  for (const name of readdirSync(CASES).sort()) {
    it(name, async () => {
      const dir = join(CASES, name);
      const out = await runCase(dir);
      try {
        golden(dir, 'expected.terminal', out.terminal);
        golden(dir, 'expected.junit', out.junit);
        golden(dir, 'expected.tap', out.tap);
        golden(dir, 'expected.exit', `${out.exit}\n`);
        if (existsSync(join(dir, 'expected.stderr')) || out.stderr.trim() !== '') golden(dir, 'expected.stderr', out.stderr + '\n');
        // TAP 14 as a TAP consumer reads it.
        const parsed = await new Promise<{ ok: boolean; count: number; pass: number; fail: number; skip: number }>((resolve) => {
          const p = new Parser((r) => resolve(r as never));
          p.end(out.tap);
        });
        const tasks = (out.tap.match(/^(?:not )?ok \d+/gm) ?? []).length;
        expect(parsed.count).toBe(tasks);
        expect(parsed.fail).toBe((out.tap.match(/^not ok \d+ - /gm) ?? []).length);
        expect(parsed.skip).toBe((out.tap.match(/^ok \d+ - .*# SKIP/gm) ?? []).length);
        expect(parsed.ok).toBe(out.exit === 0);
        // What CI servers parse: Jenkins/Surefire's junit-10.xsd.
        const junitFile = join(out.dir, 'out.junit.xml');
        expect(existsSync(junitFile), `${name} wrote no JUnit`).toBe(true);
        expect(checkJunitFile(junitFile)).toEqual({ valid: true, messages: `${junitFile} validates` });
      } finally {
        await out.server.close();
      }
    });
  }
});
