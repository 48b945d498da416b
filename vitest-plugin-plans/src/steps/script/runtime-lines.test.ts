/** `runner plan` on script steps: one `runtime <name>: <path> <version>` line per runtime, or `not found on PATH`; nothing runs. */
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from '../../../../cli/src/cli.js';
import { memoryIo } from '../../../../cli/src/io.js';

it('runner plan prints a runtime line per runtime and runs no script', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'runner-runtimes-'));
  try {
    const touched = join(dir, 'ran');
    writeFileSync(join(dir, 'plan.yaml'), [
      'tasks:',
      '  - name: a',
      '    steps:',
      `      - script: { runtime: node, source: "require('fs').writeFileSync('${touched}', '')" }`,
      '        assert: [ok == true]',
      '      - script: { runtime: python9-not-here, source: "1" }',
      '        assert: [ok == true]',
      '',
    ].join('\n'));
    const io = memoryIo(dir, { PATH: process.env.PATH });
    expect(await runCli(['plan', 'plan.yaml'], io), io.stderr.join('\n')).toBe(0);
    const out = io.stdout.join('\n');
    expect(out).toContain('the plan sends at most 0 HTTP requests');
    expect(out).toMatch(new RegExp(`^runtime node: \\S+/node ${process.version.replace(/\./g, '\\.')}$`, 'm'));
    expect(out).toMatch(/^runtime python9-not-here: not found on PATH$/m);
    expect(existsSync(touched)).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
