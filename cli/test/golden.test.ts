/**
 * Golden cases: each folder under golden/plan/<case>/ holds `args` (the
 * command line after `runner`), the plan and files it names, and
 * `expected.stdout`, `expected.stderr`, `expected.exit`. Every case runs
 * through the same `runCli` the binary runs, with the case folder as the
 * working directory, and compares exactly. `UPDATE_GOLDEN=1` rewrites the
 * expected files (review the diff before committing).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { memoryIo } from '../src/io.js';
import { linesText as text, splitArgs } from './golden-args.js';

const ROOT = fileURLToPath(new URL('./golden/plan/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

describe('runner golden cases', () => {
  const cases = readdirSync(ROOT).filter((d) => existsSync(join(ROOT, d, 'args'))).sort();
  it('has cases', () => expect(cases.length).toBeGreaterThan(10));
  for (const c of cases) {
    it(c, async () => {
      const dir = join(ROOT, c);
      // A case's bin/ comes first on PATH (fake script runtimes); its absolute path prints as `.`.
      const io = memoryIo(dir, { PATH: `${join(dir, 'bin')}${delimiter}${process.env.PATH ?? ''}` });
      const code = await runCli(splitArgs(readFileSync(join(dir, 'args'), 'utf8')), io);
      const norm = (lines: string[]) => text(lines).split(dir).join('.');
      const got = { stdout: norm(io.stdout), stderr: norm(io.stderr), exit: `${code}\n` };
      if (UPDATE) {
        writeFileSync(join(dir, 'expected.stdout'), got.stdout);
        writeFileSync(join(dir, 'expected.stderr'), got.stderr);
        writeFileSync(join(dir, 'expected.exit'), got.exit);
        return;
      }
      const want = (f: string) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : '');
      expect(got.stderr).toBe(want('expected.stderr'));
      expect(got.stdout).toBe(want('expected.stdout'));
      expect(got.exit).toBe(want('expected.exit'));
    });
  }
});
