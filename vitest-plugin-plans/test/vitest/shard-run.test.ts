/**
 * `vitest --shard` over one large plan, as three CI machines would run it:
 * three child Vitests (`--shard 1/3`, `2/3`, `3/3`, each writing a blob and
 * a JSON report) against one real fixture server, then `vitest
 * --merge-reports` over the blobs. Every task must run exactly once (the
 * server counts each task's request), each needs-chain on one shard, no
 * shard empty, and the merged report must hold every task exactly once in
 * the state it ended in.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../run/fixture-server.js';
import { runVitest, type ChildResult, type JsonReport } from './run-vitest.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/shard/', import.meta.url));
const CONFIG = join(FIXTURE, 'vitest.config.ts');
const SHARDS = 3;
const PLAN = 'big.plan.yaml';

/** The plan's needs-chains, as written in the fixture (not as the plugin computes them). */
const CHAINS = [
  ['signup', 'login', 'profile', 'logout'],
  ['catalog', 'item[a]', 'item[b]', 'item[c]'],
  ['cart', 'checkout', 'receipt'],
  ['flag', 'guarded'],
  ['version', 'audit'],
];
const TASKS = [...CHAINS.flat(), 'health', 'ping', 'sweep'];
const FAILING = new Set(['ping']);
const expectedState = (t: string) => (FAILING.has(t) ? 'failed' : 'passed');

/** Vitest's JSON report, with the fields this test reads. */
interface Report {
  numTotalTests: number;
  numFailedTests: number;
  testResults: Array<{ name: string; assertionResults: Array<JsonReport['testResults'][number]['assertionResults'][number] & { ancestorTitles: string[] }> }>;
}
/** One test of a report: its plan (the describe), title, state, and the module it was reported under. */
interface Row {
  plan: string;
  title: string;
  status: string;
  module: string;
}
const rows = (r: Report): Row[] =>
  r.testResults.flatMap((f) => f.assertionResults.map((a) => ({ plan: a.ancestorTitles[0] ?? '', title: a.title, status: a.status, module: f.name.slice(FIXTURE.length) })));

describe('vitest --shard over the tasks of one plan', () => {
  let server: FixtureServer;
  let out: string;
  const shards: Array<{ run: ChildResult; report: Report }> = [];
  let merge: ChildResult;
  let merged: Report;

  beforeAll(async () => {
    server = await startFixtureServer({});
    out = mkdtempSync(join(tmpdir(), 'plans-shard-'));
    const blobs = join(out, 'blobs');
    mkdirSync(blobs);
    // At once, as separate machines would; one server stands in for the target they share.
    const runs = await Promise.all(
      Array.from({ length: SHARDS }, (_, i) =>
        runVitest(
          ['run', '--config', CONFIG, `--shard=${i + 1}/${SHARDS}`, '--reporter=blob', `--outputFile.blob=${join(blobs, `blob-${i + 1}.json`)}`, '--reporter=json', `--outputFile.json=${join(out, `shard-${i + 1}.json`)}`],
          FIXTURE,
          { RUNNER_ENV_BASE: server.url },
        ),
      ),
    );
    for (const [i, run] of runs.entries()) shards.push({ run, report: JSON.parse(readFileSync(join(out, `shard-${i + 1}.json`), 'utf8')) as Report });
    merge = await runVitest(['run', '--merge-reports', blobs, '--config', CONFIG, '--reporter=json', `--outputFile.json=${join(out, 'merged.json')}`], FIXTURE);
    merged = JSON.parse(readFileSync(join(out, 'merged.json'), 'utf8')) as Report;
  }, 300_000);
  afterAll(() => server?.close());

  const planRows = (r: Report) => rows(r).filter((x) => x.plan === PLAN);
  const where = () => {
    const at = new Map<string, number[]>();
    shards.forEach((s, i) => {
      for (const x of planRows(s.report)) if (x.status === 'passed' || x.status === 'failed') at.set(x.title, [...(at.get(x.title) ?? []), i + 1]);
    });
    return at;
  };

  it('runs every task on exactly one shard, none lost, none skipped as a stand-in', () => {
    const at = where();
    expect([...at.keys()].sort()).toEqual([...TASKS].sort());
    for (const t of TASKS) expect(at.get(t), t).toHaveLength(1);
    // A shard registers only its own tasks: nothing shows as skipped for "another shard".
    for (const s of shards) expect(planRows(s.report).filter((x) => x.status !== 'passed' && x.status !== 'failed')).toEqual([]);
    for (const s of shards) for (const x of planRows(s.report)) expect(x.status, x.title).toBe(expectedState(x.title));
  });

  it('sends each task\'s request once across all shards', () => {
    const sent = new Map<string, number>();
    for (const r of server.seen) {
      const t = new URL(r.url, 'http://x').searchParams.get('t');
      if (t) sent.set(t, (sent.get(t) ?? 0) + 1);
    }
    const byTask = Object.fromEntries(TASKS.map((t) => [t, sent.get(t.replace(/^item\[(\w)\]$/, 'item-$1')) ?? 0]));
    expect(byTask).toEqual(Object.fromEntries(TASKS.map((t) => [t, 1])));
  });

  it('keeps every needs-chain on one shard', () => {
    const at = where();
    for (const chain of CHAINS) expect(new Set(chain.map((t) => at.get(t)?.[0])).size, chain.join(' → ')).toBe(1);
  });

  it('leaves no shard empty, and reports each shard\'s part as its own module', () => {
    shards.forEach((s, i) => {
      const mine = planRows(s.report);
      expect(mine.length, `shard ${i + 1}: ${s.run.stdout}${s.run.stderr}`).toBeGreaterThan(0);
      expect(new Set(mine.map((x) => x.module))).toEqual(new Set([`${PLAN}?shard=${i + 1}/${SHARDS}`]));
    });
  });

  it('exits 1 on the shard whose task failed, 0 on the others', () => {
    const failing = where().get('ping')![0]!;
    expect(shards.map((s) => s.run.code)).toEqual(shards.map((_, i) => (i + 1 === failing ? 1 : 0)));
  });

  it('deals the ordinary test file to one shard, as Vitest does', () => {
    const plain = shards.map((s) => rows(s.report).filter((x) => x.title === 'plain').length);
    expect(plain.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('merges into a complete report: every task of the plan exactly once, in the state it ended in', () => {
    expect(merge.code, merge.stdout + merge.stderr).toBe(1);
    const tasks = planRows(merged);
    expect(tasks.map((x) => x.title).sort()).toEqual([...TASKS].sort());
    expect(Object.fromEntries(tasks.map((x) => [x.title, x.status]))).toEqual(Object.fromEntries(TASKS.map((t) => [t, expectedState(t)])));
    expect(merged.numTotalTests).toBe(TASKS.length + 1);
    expect(merged.numFailedTests).toBe(FAILING.size);
    // The merge keeps each shard's module beside the others (same path and project would collapse to one).
    expect(new Set(tasks.map((x) => x.module)).size).toBe(SHARDS);
    expect(merged.testResults.find((f) => f.assertionResults.some((a) => a.title === 'ping'))!.assertionResults.find((a) => a.title === 'ping')!.failureMessages.join('\n')).toContain('FAIL ping › step 1 › assert #1');
  });
});
