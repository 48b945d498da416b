/**
 * Runs Vitest in a child process (the plugin under test runs there as a
 * user's config would load it), with the parent test's own VITEST_* state
 * removed from the environment.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const VITEST_BIN = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
/** The plugin's source entry, for configs the tests write. */
export const PLUGIN_ENTRY = fileURLToPath(new URL('../../src/vitest/index.ts', import.meta.url));

export interface ChildResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `vitest <args>` in `cwd`; resolves when it exits. */
export function runVitest(args: string[], cwd: string, env: Record<string, string> = {}): Promise<ChildResult> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith('VITEST') || k === 'NODE_OPTIONS' || k === 'TEST' || k.startsWith('RUNNER_ENV_')) continue;
    base[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST_BIN, ...args], { cwd, env: { ...base, NO_COLOR: '1', CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Vitest's JSON report (the fields the tests read). */
export interface JsonReport {
  testResults: Array<{
    name: string;
    assertionResults: Array<{ title: string; fullName: string; status: string; failureMessages: string[]; location?: { line: number; column: number } }>;
  }>;
}
