import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { memoryIo } from '../src/io.js';
import { versionLine } from '../src/version-info.js';

describe('runner version', () => {
  it('prints version and toolchain, module path, and commit', async () => {
    const io = memoryIo(process.cwd());
    expect(await runCli(['version'], io)).toBe(0);
    expect(io.stderr).toEqual([]);
    const [first, module, commit, ...rest] = io.stdout;
    expect(first).toMatch(/^runner \d+\.\d+\.\d+ node v\d+\.\d+\.\d+$/);
    expect(first).toBe(versionLine());
    expect(module).toMatch(/^module \/.*cli$/);
    expect(commit).toMatch(/^commit ([0-9a-f]{40}( \(modified\))?|\(no build info: not a git checkout\))$/);
    expect(rest).toEqual([]);
  });

  it('takes --help', async () => {
    const io = memoryIo(process.cwd());
    expect(await runCli(['version', '--help'], io)).toBe(0);
    expect(io.stdout[0]).toBe('usage: runner version');
  });
});
