/**
 * The API key never shows in any output: the example plans plus a plan that
 * fails with the key in a header and in the response body, run with every
 * export through Vitest and through `runner run`; the keys are looked for in
 * the terminal output, Vitest's JSON report, and every file written.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
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
  // The examples' env marks the key secret, so the scrubber knows it by its env name first.
  expect(outputs['evaluator.events']).toContain('Bearer [secret:env.apiKey]');
});

it('keeps the keys out of everything runner run prints and writes', async () => {
  // A fresh service: the examples spend the rate key's budget for the minute.
  const ev2 = (await startEvaluator()) as Evaluator;
  try {
    const dir = mkdtempSync(join(tmpdir(), 'plans-secrets-cli-'));
    const env = { RUNNER_ENV_BASE: ev2.url, RUNNER_ENV_APIKEY: ev2.apiKey, RUNNER_ENV_RATEKEY: ev2.rateKey, RUNNER_ENV_SITE: SITE_ORIGIN };
    const outputs: Record<string, string> = {};
    const codes: Record<string, number> = {};
    for (const [name, plan] of [
      ['evaluator', 'examples/evaluator.plan.yaml'],
      ['leak', 'vitest-plugin-plans/test/vitest/fixtures/secret/leak.plan.yaml'],
    ] as const) {
      const io = memoryIo(REPO, env);
      const files = Object.fromEntries(['junit', 'tap', 'html', 'events'].map((k) => [k, join(dir, `${name}.${k}`)]));
      codes[name] = await runCli(['run', '--jobs', '8', ...Object.entries(files).flatMap(([k, f]) => [`--${k}`, f]), plan], io);
      outputs[`${name} stdout`] = io.stdout.join('\n');
      outputs[`${name} stderr`] = io.stderr.join('\n');
      for (const [k, f] of Object.entries(files)) outputs[`${name}.${k}`] = readFileSync(f, 'utf8');
    }
    expect(outputs['evaluator.events']).toContain(ev2.url);
    expect(codes, outputs['evaluator stdout']).toEqual({ evaluator: 0, leak: 1 });
    for (const [name, text] of Object.entries(outputs)) {
      expect(text.includes(ev2.apiKey), `the API key is in ${name}`).toBe(false);
      expect(text.includes(ev2.rateKey), `the rate key is in ${name}`).toBe(false);
    }
    expect(outputs['leak stdout']).toContain('> authorization: Bearer [secret:key]');
  } finally {
    await ev2.stop();
  }
}, 60_000);
