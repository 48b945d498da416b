/**
 * `runner run` and `vitest run` agree on every outcome: each golden run case
 * (test/run/cases/*) runs once through the CLI and once through the plugin,
 * each against its own fixture server (cases with answer sequences keep
 * state). Both event logs must end every task in the same state, and each
 * Vitest test must be in the state that task maps to.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { readRoutes, startFixtureServer, type FixtureServer } from '../run/fixture-server.js';
import { stageCase } from '../run/harness.js';
import { PLUGIN_ENTRY, runVitest, type JsonReport } from './run-vitest.js';

const CASES = fileURLToPath(new URL('../run/cases/', import.meta.url));
/** Cases whose flags have no plugin option, and why. */
const NOT_COMPARED: Record<string, string> = {
  only: '--only: a Vitest run narrows with -t, which selects tests, not what the engine runs',
  'only-finally': '--only: as for only',
  'repeat-flaky': '--repeat: a series of runs is a runner run feature; a Vitest run is one run (vitest --repeats reruns tests, not the plan)',
};

interface Case {
  name: string;
  args: string[];
  runnerDir: string;
  vitestDir: string;
}

/** `runner run` flags → plugin options (the flags the cases use). */
function pluginOptions(args: string[]): Record<string, unknown> {
  const o: Record<string, unknown> = { jobs: 1 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--jobs') o.jobs = Number(args[++i]);
    else if (a === '--timeout') o.timeout = args[++i];
    else if (a === '--strict-paths') o.strictPaths = true;
    else if (a === '--update-snapshots') o.updateSnapshots = true;
    else throw new Error(`no plugin option for ${a}`);
  }
  return o;
}

function taskStates(log: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of log.split('\n')) {
    if (!line) continue;
    const ev = JSON.parse(line) as { type: string; task?: string; state?: string };
    if (ev.type === 'task.end') out[ev.task!] = ev.state!;
  }
  return out;
}

const VITEST_STATE: Record<string, string> = {
  passed: 'passed',
  failed: 'failed',
  errored: 'failed',
  'timed out': 'failed',
  skipped: 'skipped',
  blocked: 'skipped',
  'not run': 'skipped',
};

describe('runner run and vitest run agree', () => {
  const servers: FixtureServer[] = [];
  const cases: Case[] = [];
  let report: JsonReport;
  let vitestOut = '';

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'plans-agree-'));
    const names = readdirSync(CASES).filter((n) => !(n in NOT_COMPARED)).sort();
    for (const name of names) {
      const dir = join(CASES, name);
      const routesFile = join(dir, 'routes.yaml');
      const routes = existsSync(routesFile) ? readRoutes(routesFile) : [];
      const argsFile = join(dir, 'args');
      const args = existsSync(argsFile) ? readFileSync(argsFile, 'utf8').trim().split(/\s+/).filter(Boolean) : ['--jobs', '1'];
      const a = await startFixtureServer({ routes });
      const b = await startFixtureServer({ routes });
      servers.push(a, b);
      cases.push({ name, args, runnerDir: stageCase(dir, a.url), vitestDir: stageCase(dir, b.url) });
    }
    // One Vitest process, one project per case (each with its case's flags as options).
    const projects = cases.map(
      (c) => `    { plugins: [plansPlugin(${JSON.stringify({ ...pluginOptions(c.args), exports: { events: 'vitest.events.jsonl' } })}, include: /plan\\.yaml$/ })], test: { name: ${JSON.stringify(c.name)}, root: ${JSON.stringify(c.vitestDir)}, include: ['plan.yaml'] } },`,
    );
    const config = join(root, 'vitest.config.ts');
    writeFileSync(
      config,
      [`import { plansPlugin } from ${JSON.stringify(PLUGIN_ENTRY)};`, 'export default { test: { projects: [', ...projects, '] } };', ''].join('\n').replace(/\}, include:/g, ', include:'),
    );
    // One at a time, and not beside the Vitest run: the timeout case measures wall time.
    for (const c of cases) await runCli(['run', ...c.args, '--events', 'runner.events.jsonl', 'plan.yaml'], memoryIo(c.runnerDir, {}));
    const reportFile = join(root, 'report.json');
    const r = await runVitest(['run', '--config', config, '--reporter=json', `--outputFile.json=${reportFile}`], root);
    vitestOut = r.stdout + r.stderr;
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('compares every golden case but the ones without a plugin option', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(readdirSync(CASES).filter((n) => !(n in NOT_COMPARED)).sort())('%s', (name) => {
    const c = cases.find((x) => x.name === name)!;
    const runner = taskStates(readFileSync(join(c.runnerDir, 'runner.events.jsonl'), 'utf8'));
    const logFile = join(c.vitestDir, 'vitest.events.jsonl');
    expect(existsSync(logFile), `no event log from the Vitest run of ${name}\n${vitestOut}`).toBe(true);
    const vitest = taskStates(readFileSync(logFile, 'utf8'));
    expect(vitest, 'task states (engine events)').toEqual(runner);

    const file = report.testResults.find((f) => f.name === join(c.vitestDir, 'plan.yaml'));
    expect(file, `no Vitest result for ${name}`).toBeDefined();
    const tests = Object.fromEntries(file!.assertionResults.map((t) => [t.title, t.status === 'pending' ? 'skipped' : t.status]));
    const expected = Object.fromEntries(Object.entries(runner).map(([task, state]) => [task, VITEST_STATE[state]]));
    expect(tests, 'test states').toEqual(expected);
  });
});
