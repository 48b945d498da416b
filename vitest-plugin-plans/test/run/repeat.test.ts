/**
 * `runner run --repeat N` and `--compare-jobs` (plan-runner.md §4): the
 * compare report and its hint against a server whose answer depends on
 * requests in flight, usage errors, exit codes, `runner report --html` from a
 * series log, and a signal that ends the series. The golden terminal, JUnit
 * and TAP of a plain `--repeat 4` are the case folder cases/repeat-flaky.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { loadPlan, parseEventLog, runSeries } from '../../src/index.js';
import { mask, stageCase } from './harness.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

/**
 * `/orders`: a GET is held 100 ms; a POST is held 100 ms and, when a GET was
 * in flight during it, answers 409 every other time such a conflict happens
 * (201 otherwise): deterministic flakes that only parallel runs can cause.
 */
function startOrdersServer(): Promise<{ url: string; close(): Promise<void> }> {
  let listsInFlight = 0;
  let conflicts = 0;
  const creates = new Set<{ conflicted: boolean }>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.sendDate = false;
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const answer = (status: number) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status }));
      };
      if (path === '/orders' && req.method === 'GET') {
        listsInFlight++;
        for (const c of creates) c.conflicted = true;
        setTimeout(() => {
          listsInFlight--;
          answer(200);
        }, 100);
      } else if (path === '/orders' && req.method === 'POST') {
        const c = { conflicted: listsInFlight > 0 };
        creates.add(c);
        setTimeout(() => {
          creates.delete(c);
          answer(c.conflicted && conflicts++ % 2 === 0 ? 409 : 201);
        }, 100);
      } else answer(200);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

const ORDERS_PLAN = (base: string) => `env:
  base: "${base}"
tasks:
  - name: orders-list
    steps:
      - http: { url: "{{ env.base }}/orders" }
        assert: [status == 200]
  - name: orders-create
    steps:
      - http: { method: POST, url: "{{ env.base }}/orders" }
        assert: [status == 201]
  - name: health
    steps:
      - http: { url: "{{ env.base }}/health" }
        assert: [status == 200]
`;

let orders: { url: string; close(): Promise<void> };
let fixture: FixtureServer;
beforeAll(async () => {
  orders = await startOrdersServer();
  fixture = await startFixtureServer({ routes: [{ path: '/flaky', sequence: [{ status: 200 }, { status: 503 }, { status: 200 }, { status: 503 }] }] });
});
afterAll(async () => {
  await orders.close();
  await fixture.close();
});

function ordersDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'runner-repeat-'));
  writeFileSync(join(dir, 'plan.yaml'), ORDERS_PLAN(orders.url));
  return dir;
}

describe('runner run --compare-jobs', () => {
  it('prints the wide flake report, both pass rates and a holds hint naming the overlapping task and path', async () => {
    const dir = ordersDir();
    const io = memoryIo(dir, {});
    const code = await runCli(['run', '--repeat', '2', '--jobs', '3', '--compare-jobs', '--events', 'series.jsonl', '--html', 'run.html', 'plan.yaml'], io);
    const out = mask(io.stdout.join('\n'), orders.url, dir);
    expect(code).toBe(1);
    const lines = out.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'serial runs at --jobs 1:',
      'run 1/2 <ULID> 3 passed 0 failed 0 errored 0 timed out 0 skipped 0 blocked 0 not run (3 tasks, 3 requests, <dur>)',
      'run 2/2 <ULID> 3 passed 0 failed 0 errored 0 timed out 0 skipped 0 blocked 0 not run (3 tasks, 3 requests, <dur>)',
      'parallel runs at --jobs 3:',
      'run 1/2 <ULID> 2 passed 1 failed 0 errored 0 timed out 0 skipped 0 blocked 0 not run (3 tasks, 3 requests, <dur>)',
      'run 2/2 <ULID> 3 passed 0 failed 0 errored 0 timed out 0 skipped 0 blocked 0 not run (3 tasks, 3 requests, <dur>)',
    ]);
    expect(out).toContain(
      [
        '2 runs of plan.yaml at --jobs 3, lifecycle unique:',
        'orders-list 2/2 passed',
        'orders-create 1/2 passed FLAKY',
        '  run 1: assert status == 201 failed: status = 409',
        'health 2/2 passed',
        '',
        'first failing run at --jobs 3, 1/2 (<ULID>):',
        'FAIL orders-create › step 1 › assert #1',
      ].join('\n'),
    );
    expect(out.endsWith(
      [
        'pass rates at --jobs 1 and --jobs 3:',
        'orders-list serial 2/2, --jobs 3 2/2',
        'orders-create serial 2/2, --jobs 3 1/2',
        'health serial 2/2, --jobs 3 2/2',
        '',
        'hint: orders-create flakes at --jobs 3 but not at --jobs 1; it overlapped orders-list on /orders; declare a resource and hold it in both (holds: [orders])',
      ].join('\n'),
    )).toBe(true);

    // The series log: series.start, four runs, series.end; report --html from it writes the same page.
    const events = parseEventLog(readFileSync(join(dir, 'series.jsonl'), 'utf8'));
    expect(events[0]!.type).toBe('series.start');
    expect(events.filter((e) => e.type === 'run.start')).toHaveLength(4);
    expect(events[events.length - 1]!.type).toBe('series.end');
    // Every evaluation's values are in the log, held or not.
    const held = events.find((e) => e.type === 'assert' && e.outcome === 'held');
    expect(held && held.type === 'assert' ? held.values : []).toEqual([{ path: 'status', value: '200' }]);
    expect(await runCli(['report', '--html', 'again.html', 'series.jsonl'], memoryIo(dir, {}))).toBe(0);
    const page = readFileSync(join(dir, 'run.html'), 'utf8');
    expect(readFileSync(join(dir, 'again.html'), 'utf8')).toBe(page);
    expect(page).toContain('<section id="flake-report">');
    expect(page).not.toMatch(/<script|src=|href="(?!#)|url\(|@import/i);
    expect(page).toContain('hint: orders-create flakes at --jobs 3');
  }, 30_000);

  it('needs --jobs 2 or more (usage error, exit 64)', async () => {
    const io = memoryIo(ordersDir(), {});
    expect(await runCli(['run', '--compare-jobs', '--jobs', '1', '--repeat', '3', 'plan.yaml'], io)).toBe(64);
    expect(io.stderr).toEqual(['runner run: --compare-jobs needs --jobs 2 or more']);
  });
});

describe('runner run --repeat', () => {
  it('refuses --repeat 0 and a count that is not a number', async () => {
    const a = memoryIo(ordersDir(), {});
    expect(await runCli(['run', '--repeat', '0', 'plan.yaml'], a)).toBe(64);
    expect(a.stderr).toEqual(['runner run: --jobs and --repeat must be at least 1']);
    const b = memoryIo(ordersDir(), {});
    expect(await runCli(['run', '--repeat', 'x', 'plan.yaml'], b)).toBe(64);
  });

  it('exits 0 when every run passed, and names no first failing run', async () => {
    const io = memoryIo(ordersDir(), {});
    expect(await runCli(['run', '--repeat', '3', '--jobs', '1', 'plan.yaml'], io)).toBe(0);
    const out = io.stdout.join('\n');
    expect(out).toContain('3 runs of plan.yaml at --jobs 1, lifecycle unique:\norders-list 3/3 passed\norders-create 3/3 passed\nhealth 3/3 passed');
    expect(out).not.toContain('first failing run');
  });

  it('renders the same HTML from the series log as run --repeat --html wrote', async () => {
    const dir = stageCase(fileURLToPath(new URL('./cases/repeat-flaky/', import.meta.url)), fixture.url);
    const server = await startFixtureServer({ routes: [{ path: '/orders', sequence: [{ status: 200 }, { status: 503 }, { status: 200 }] }] });
    writeFileSync(join(dir, 'plan.yaml'), readFileSync(join(dir, 'plan.yaml'), 'utf8').split(fixture.url).join(server.url));
    try {
      expect(await runCli(['run', '--repeat', '3', '--jobs', '1', '--events', 'e.jsonl', '--html', 'r.html', 'plan.yaml'], memoryIo(dir, {}))).toBe(1);
      expect(await runCli(['report', '--html', 'again.html', 'e.jsonl'], memoryIo(dir, {}))).toBe(0);
      const page = readFileSync(join(dir, 'r.html'), 'utf8');
      expect(readFileSync(join(dir, 'again.html'), 'utf8')).toBe(page);
      expect(page).toContain('create 2/3 passed FLAKY');
      expect(page).toMatch(/<h1 class="exit-bad">exit 1:/);
    } finally {
      await server.close();
    }
  });

  it('a signal ends the series and reports the runs so far; the worst exit code stands', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-repeat-'));
    writeFileSync(join(dir, 'plan.yaml'), `tasks:\n  - name: flaky\n    steps:\n      - http: { url: "${fixture.url}/flaky" }\n        assert: [status == 200]\n`);
    const load = loadPlan('plan.yaml', { cwd: dir });
    if (!load.ok) throw new Error('plan did not load');
    const stop = new AbortController();
    const text: string[] = [];
    const outcome = await runSeries({
      run: { plan: load.plan, jobs: 1, version: 'test', stop: stop.signal },
      repeat: 5,
      compareJobs: false,
      terminal: {
        write: (t) => {
          text.push(t);
          // SIGINT as run 2 ends: run 3 never starts.
          if (t.startsWith('run 2/5')) stop.abort('SIGINT');
        },
      },
    });
    const out = text.join('');
    expect(out).toContain('run 1/5 ');
    expect(out).toContain('run 2/5 ');
    expect(out).not.toContain('run 3/5');
    expect(out).toContain('SIGINT: the series stopped\n2 runs of plan.yaml at --jobs 1, lifecycle unique:\nflaky 1/2 passed FLAKY\n  run 2: assert status == 200 failed: status = 503');
    expect(outcome.exitCode).toBe(1);
  });

  it('a signal in the middle of a run prints that run, counts its exit code, and leaves it out of the rates', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-repeat-'));
    writeFileSync(join(dir, 'plan.yaml'), `tasks:\n  - name: slow\n    steps:\n      - http: { url: "${fixture.url}/slow?ms=400" }\n        assert: [status == 200]\n`);
    const load = loadPlan('plan.yaml', { cwd: dir });
    if (!load.ok) throw new Error('plan did not load');
    const stop = new AbortController();
    const text: string[] = [];
    const outcome = await runSeries({
      run: { plan: load.plan, jobs: 1, version: 'test', stop: stop.signal, finallyTimeoutMs: 1000 },
      repeat: 3,
      compareJobs: false,
      terminal: {
        write: (t) => {
          text.push(t);
          // SIGTERM 100 ms into run 2, while its one request waits.
          if (t.startsWith('run 1/3')) setTimeout(() => stop.abort('SIGTERM'), 100);
        },
      },
    });
    const out = text.join('');
    expect(out).toMatch(/run 2\/3 \S+ 0 passed 0 failed 0 errored 1 timed out 0 skipped 0 blocked 0 not run/);
    expect(out).not.toContain('run 3/3');
    expect(out).toContain('SIGTERM: the series stopped during run 2/3 at --jobs 1; that run is not counted\n1 run of plan.yaml at --jobs 1, lifecycle unique:\nslow 1/1 passed\n');
    expect(outcome.exitCode).toBe(1);
  });
});
