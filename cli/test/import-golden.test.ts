/**
 * Import golden cases: each folder under golden/import/<source>-<case>/ holds
 * `args` (the command line after `runner`, e.g. `import collection input.json`),
 * the input files, and `expected.plan.yaml` (stdout), `expected.stderr`,
 * `expected.exit`. Each case runs through the same `runCli` the binary runs,
 * with the case folder as the working directory, compares exactly, and then
 * loads the printed plan the way `runner plan` would: an import must always
 * print a plan that loads. `UPDATE_GOLDEN=1` rewrites the expected files.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { memoryIo } from '../src/io.js';
import { linesText as text, splitArgs } from './golden-args.js';

const ROOT = fileURLToPath(new URL('./golden/import/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

describe('runner import golden cases', () => {
  const cases = readdirSync(ROOT).filter((d) => existsSync(join(ROOT, d, 'args'))).sort();
  it('has cases for every source', () => {
    for (const source of ['collection', 'requestfile', 'commandline', 'openapi']) expect(cases.filter((c) => c.startsWith(`${source}-`)).length).toBeGreaterThan(5);
  });
  for (const c of cases) {
    it(c, async () => {
      const dir = join(ROOT, c);
      const io = memoryIo(dir, {});
      const code = await runCli(splitArgs(readFileSync(join(dir, 'args'), 'utf8')), io);
      const norm = (lines: string[]) => text(lines).split(dir).join('.');
      const got = { plan: norm(io.stdout), stderr: norm(io.stderr), exit: `${code}\n` };
      if (UPDATE) {
        writeFileSync(join(dir, 'expected.plan.yaml'), got.plan);
        writeFileSync(join(dir, 'expected.stderr'), got.stderr);
        writeFileSync(join(dir, 'expected.exit'), got.exit);
      } else {
        const want = (f: string) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : '');
        expect(got.stderr).toBe(want('expected.stderr'));
        expect(got.plan).toBe(want('expected.plan.yaml'));
        expect(got.exit).toBe(want('expected.exit'));
      }
      if (code === 0 || code === 1) {
        // The printed plan, saved beside the input, loads with `runner plan` (exit 0).
        // No environment: secrets the importer moved to `env` must not stop the plan loading.
        const planFile = join(dir, '.imported.plan.yaml');
        writeFileSync(planFile, got.plan);
        try {
          const planIo = memoryIo(dir, {});
          const planCode = await runCli(['plan', '.imported.plan.yaml'], planIo);
          expect(planIo.stderr.filter((l) => !l.startsWith('warning:') && !l.startsWith('advice:'))).toEqual([]);
          expect(planCode).toBe(0);
        } finally {
          rmSync(planFile, { force: true });
        }
      }
    });
  }
});
