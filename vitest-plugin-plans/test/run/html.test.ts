/**
 * The HTML report in a real browser: headless chromium (when installed) with
 * network requests refused renders the page; the DOM it built carries the
 * exit code, the states and the failure in full.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { stageCase } from './harness.js';
// @ts-expect-error plain .mjs script without types
import { renderReport } from '../../scripts/html-shot.mjs';

const hasChromium = (() => {
  try {
    execFileSync('chromium', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

describe.skipIf(!hasChromium)('HTML report in headless chromium', () => {
  it('renders offline, opening with the exit code, failures in full', async () => {
    const dir = stageCase(fileURLToPath(new URL('./cases/basic/', import.meta.url)), server.url);
    const code = await runCli(['run', '--jobs', '1', '--html', 'r.html', 'plan.yaml'], memoryIo(dir, {}));
    expect(code).toBe(1);
    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    expect(html).not.toMatch(/<script|src=|href="(?!#)|url\(|@import/i);
    const dom: string = renderReport(join(dir, 'r.html'), join(dir, 'r.png'));
    const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(dom)?.[1];
    expect(h1).toBe('exit 1: a task failed, errored, timed out, was blocked or not run, or a snapshot was written');
    expect(dom).toContain('<h2 class="failed">failed (1)</h2>');
    expect(dom).toContain('<h2 class="blocked">blocked (1)</h2>');
    expect(dom).toContain('FAIL bad › step 1 › assert #1');
    expect(dom).toContain('body.error = "no route"');
    expect(readFileSync(join(dir, 'r.png')).subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);
});
