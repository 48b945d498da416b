/**
 * The API key never shows in any output of a Vitest run: the example plans
 * plus a plan that fails with the key in a header and in the response body,
 * run with every export; the key is looked for in Vitest's output, its JSON
 * report, and every file the reporter wrote.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module shared with `npm run demo`.
import { SITE_ORIGIN, startEvaluator } from '../../../examples/start-evaluator.mjs';
import { PLUGIN_ENTRY, REPO, runVitest, type ChildResult } from './run-vitest.js';

interface Evaluator {
  url: string;
  apiKey: string;
  rateKey: string;
  stop(): Promise<void>;
}

let ev: Evaluator;
let out: string;
let r: ChildResult;

beforeAll(async () => {
  ev = (await startEvaluator()) as Evaluator;
  out = mkdtempSync(join(tmpdir(), 'plans-secrets-'));
  const config = join(out, 'vitest.config.ts');
  const env = { base: ev.url, apiKey: ev.apiKey, rateKey: ev.rateKey, site: SITE_ORIGIN };
  const exports = Object.fromEntries(['junit', 'tap', 'html', 'events'].map((k) => [k, join(out, `[name].${k}`)]));
  writeFileSync(
    config,
    `import { plansPlugin } from ${JSON.stringify(PLUGIN_ENTRY)};
export default {
  plugins: [plansPlugin(${JSON.stringify({ jobs: 8, env, exports })})],
  test: { root: ${JSON.stringify(REPO)}, include: ['examples/*.plan.yaml', 'vitest-plugin-plans/test/vitest/fixtures/secret/*.plan.yaml'] },
};
`,
  );
  r = await runVitest(['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${join(out, 'report.json')}`], REPO);
}, 120_000);
afterAll(async () => {
  await ev?.stop();
});

it('runs the examples green and the leak plan red', () => {
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { numFailedTests: number; numPassedTests: number };
  expect(report.numFailedTests, r.stdout + r.stderr).toBe(1);
  expect(report.numPassedTests).toBeGreaterThan(20);
  expect(r.stderr).toContain('FAIL echo-key › step 1 › assert #2');
});

it('shows [secret:key] wherever the key was, and the key nowhere', () => {
  const outputs: Record<string, string> = { stdout: r.stdout, stderr: r.stderr };
  for (const f of readdirSync(out)) if (f !== 'vitest.config.ts') outputs[f] = readFileSync(join(out, f), 'utf8');
  expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['leak.junit', 'leak.tap', 'leak.html', 'leak.events', 'evaluator.events', 'report.json']));
  for (const [name, text] of Object.entries(outputs)) {
    expect(text.includes(ev.apiKey), `the API key is in ${name}`).toBe(false);
    expect(text.includes(ev.rateKey), `the rate key is in ${name}`).toBe(false);
  }
  expect(r.stderr).toContain('> authorization: Bearer [secret:key]');
  expect(outputs['leak.junit']).toContain('[secret:key]');
  expect(outputs['evaluator.events']).toContain('Bearer [secret:key]');
});
