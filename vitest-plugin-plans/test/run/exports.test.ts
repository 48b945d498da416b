/**
 * Exports and command-line behaviour of `runner run` / `runner report`:
 * secrets scanned in every output, report --html equal to run --html byte
 * for byte, the event log contract, export failures, usage errors.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { stageCase } from './harness.js';

const CASES = fileURLToPath(new URL('./cases/', import.meta.url));
let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({
    routes: [
      { method: 'POST', path: '/login', json: { token: 'tok-S3CR3T-value-42', user: 'ann' } },
      { path: '/big', headers: { 'content-type': 'text/plain' }, body: 'y'.repeat(5000) },
    ],
  });
});
afterAll(() => server.close());

async function runner(dir: string, ...argv: string[]) {
  const io = memoryIo(dir, {});
  const exit = await runCli(argv, io);
  return { exit, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe('secret scrubbing', () => {
  const SECRET = 'tok-S3CR3T-value-42';
  const forms = [SECRET, encodeURIComponent(SECRET), JSON.stringify(SECRET).slice(1, -1), Buffer.from(SECRET).toString('base64')];

  it('keeps a secret result out of every output of a run', async () => {
    const dir = stageCase(join(CASES, 'secrets'), server.url);
    // A third task reflects the secret in base64 and URL-encoded forms as well.
    writeFileSync(
      join(dir, 'plan.yaml'),
      readFileSync(join(dir, 'plan.yaml'), 'utf8') +
        `  - name: reflect
    steps:
      - http:
          method: POST
          url: "${server.url}/echo"
          headers: { x-b64: "${Buffer.from(SECRET).toString('base64')}", x-url: "{{ tasks.login.results.token }}" }
          body: "{{ tasks.login.results.token }}"
        assert: [status == 500]
`,
    );
    const r = await runner(dir, 'run', '--jobs', '1', '--events', 'ev.jsonl', '--junit', 'j.xml', '--tap', 't.tap', '--html', 'h.html', 'plan.yaml');
    expect(r.exit).toBe(1);
    const outputs: Record<string, string> = {
      terminal: r.out,
      stderr: r.err,
      events: readFileSync(join(dir, 'ev.jsonl'), 'utf8'),
      junit: readFileSync(join(dir, 'j.xml'), 'utf8'),
      tap: readFileSync(join(dir, 't.tap'), 'utf8'),
      html: readFileSync(join(dir, 'h.html'), 'utf8'),
    };
    for (const [name, text] of Object.entries(outputs)) {
      for (const f of forms) expect(text.includes(f), `${name} holds ${f}`).toBe(false);
      if (name !== "stderr") expect(text.length).toBeGreaterThan(0);
    }
    expect(outputs.terminal).toContain('[secret:token]');
    expect(outputs.events).toContain('"secret":true');
    // The secret still reached the server: scrubbing is of output only.
    expect(server.seen.some((s) => s.headers.authorization === `Bearer ${SECRET}`)).toBe(true);
  });

  it('refuses to write a snapshot holding a secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-snap-'));
    writeFileSync(
      join(dir, 'plan.yaml'),
      `tasks:
  - name: login
    steps:
      - http: { method: POST, url: "${server.url}/login" }
        assert: [status == 200]
        results:
          token: { secret: body.token }
      - http: { method: POST, url: "${server.url}/login" }
        assert: ['body matches snapshot "snaps/login.json"']
`,
    );
    const r = await runner(dir, 'run', '--jobs', '1', '--update-snapshots', 'plan.yaml');
    expect(r.exit).toBe(1);
    expect(r.out).toContain('snapshot snaps/login.json not written: the value holds the secret token');
    expect(existsSync(join(dir, 'snaps/login.json'))).toBe(false);
  });
});

describe('snapshots', () => {
  it('--update-snapshots writes indented JSON, creating folders, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-snap-'));
    writeFileSync(join(dir, 'plan.yaml'), `tasks:\n  - name: s\n    steps:\n      - http: { url: "${server.url}/fixtures/graphql", method: POST, json: { query: "{ x }" } }\n        assert: ['body matches snapshot "a/b/c.json"']\n`);
    const w = await runner(dir, 'run', '--jobs', '1', '--update-snapshots', 'plan.yaml');
    expect(w.exit).toBe(1);
    expect(w.out).toContain('snapshot a/b/c.json written, not compared');
    expect(readFileSync(join(dir, 'a/b/c.json'), 'utf8')).toMatch(/^\{\n {2}"data": \{\n/);
    const c = await runner(dir, 'run', '--jobs', '1', 'plan.yaml');
    expect(c.exit).toBe(0);
  });
});

describe('runner report --html', () => {
  it.each(readdirSync(CASES).sort())('renders the page run --html wrote, byte for byte (%s)', async (name) => {
    const dir = stageCase(join(CASES, name), server.url);
    const args = existsSync(join(dir, 'args')) ? readFileSync(join(dir, 'args'), 'utf8').trim().split(/\s+/) : ['--jobs', '1'];
    // The shared server lacks each case's own routes: the run differs from the golden one, the equality must not.
    await runner(dir, 'run', ...args, '--events', 'ev.jsonl', '--html', 'run.html', 'plan.yaml');
    const r = await runner(dir, 'report', '--html', 'report.html', 'ev.jsonl');
    expect(r.exit).toBe(0);
    const page = readFileSync(join(dir, 'run.html'), 'utf8');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe(page);
    // One self-contained file: no script, nothing loaded from elsewhere; links only to anchors on the page.
    expect(page).not.toMatch(/<script|<link|<img|<iframe|src=|href="(?!#)|@import|url\(/i);
    expect(page).toMatch(/<h1 class="exit-\w+">exit [01]: /);
  });

  it('marks bodies the log cut', async () => {
    const dir = stageCase(join(CASES, 'basic'), server.url);
    writeFileSync(join(dir, 'plan.yaml'), `tasks:\n  - name: big\n    steps:\n      - http: { url: "${server.url}/big" }\n        assert: [status == 201]\n`);
    const run = await runner(dir, 'run', '--jobs', '1', '--events', 'ev.jsonl', '--events-body-cap', '100', '--html', 'run.html', 'plan.yaml');
    expect(run.exit).toBe(1);
    const log = readFileSync(join(dir, 'ev.jsonl'), 'utf8');
    const ex = log.split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((e) => e.type === 'exchange');
    expect(ex.response.bodyTruncated).toBe(true);
    expect(ex.response.body).toHaveLength(100);
    expect(ex.response.bodySize).toBe(5000);
    await runner(dir, 'report', '--html', 'report.html', 'ev.jsonl');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('(body truncated)');
  });

  it.each([
    ['another schema', (l: string) => l.replace('runner.events/v1', 'vero.events/v2'), 'event 1: schema "vero.events/v2" is not runner.events/v1'],
    ['an unknown event type', (l: string) => l + '{"type":"nope"}\n', 'unknown event type "nope"'],
    ['an unknown field', (l: string) => l.replace('"type":"run.end",', '"type":"run.end","extra":1,'), 'unknown field "extra" in run.end'],
  ])('refuses a log with %s, naming the event (exit 64)', async (_n, edit, msg) => {
    const dir = stageCase(join(CASES, 'basic'), server.url);
    await runner(dir, 'run', '--jobs', '1', '--events', 'ev.jsonl', 'plan.yaml');
    writeFileSync(join(dir, 'bad.jsonl'), edit(readFileSync(join(dir, 'ev.jsonl'), 'utf8')));
    const r = await runner(dir, 'report', '--html', 'x.html', 'bad.jsonl');
    expect(r.exit).toBe(64);
    expect(r.err).toMatch(/^runner report: bad\.jsonl: event \d+: /);
    expect(r.err).toContain(msg);
  });

  it('requires --html', async () => {
    const r = await runner(tmpdir(), 'report', 'ev.jsonl');
    expect(r).toMatchObject({ exit: 64, err: 'runner report: --html is required' });
  });
});

describe('runner run exports and usage', () => {
  it('--events - writes the log on stdout and the report on stderr', async () => {
    const dir = stageCase(join(CASES, 'basic'), server.url);
    const r = await runner(dir, 'run', '--jobs', '1', '--events', '-', 'plan.yaml');
    const lines = r.out.split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'run.start', schema: 'runner.events/v1' });
    expect(lines.every((l) => l.startsWith('{'))).toBe(true);
    expect(r.err).toMatch(/^run [0-9A-Z]{26} plan\.yaml --jobs 1 lifecycle unique/);
    expect(r.err).toContain('BLOCKED after-bad needs bad, which failed');
  });

  it('a file that cannot be written raises the exit code to 2', async () => {
    const dir = stageCase(join(CASES, 'only'), server.url);
    mkdirSync(join(dir, 'taken'));
    const r = await runner(dir, 'run', '--jobs', '1', '--junit', 'taken', 'plan.yaml');
    expect(r.exit).toBe(2);
    expect(r.err).toBe('runner run: open taken: is a directory');
  });

  it('creates the folders of every export, as Vitest and Jest do', async () => {
    const dir = stageCase(join(CASES, 'only'), server.url);
    const r = await runner(dir, 'run', '--jobs', '1', '--junit', 'out/a/j.xml', '--tap', 'out/b/t.tap', '--html', 'out/c/r.html', '--events', 'out/d/e.jsonl', 'plan.yaml');
    expect(r.err).toBe('');
    for (const f of ['out/a/j.xml', 'out/b/t.tap', 'out/c/r.html', 'out/d/e.jsonl']) expect(readFileSync(join(dir, f), 'utf8').length, f).toBeGreaterThan(0);
    expect(r.exit).not.toBe(2);
  });

  it.each([
    [['--jobs', '0'], 'runner run: --jobs and --repeat must be at least 1'],
    [['--repeat', '0'], 'runner run: --jobs and --repeat must be at least 1'],
    [['--only', 'bb'], 'runner run: --only bb: no task named bb (did you mean b?)'],
    [['--client-cert', 'x.pem'], 'runner run: --client-cert and --client-key go together; pass both or neither'],
    [['--ca-cert', 'plan.yaml'], 'runner run: --ca-cert plan.yaml: no PEM certificate in the file'],
  ])('%j is a usage error (exit 64)', async (flags, msg) => {
    const dir = stageCase(join(CASES, 'only'), server.url);
    const r = await runner(dir, 'run', ...flags, 'plan.yaml');
    expect(r).toMatchObject({ exit: 64, err: msg });
    expect(r.out).toBe('');
  });

  it('checks the job count before the plan loads, and loads before --only', async () => {
    const r = await runner(tmpdir(), 'run', '--jobs', '0', 'missing.plan.yaml');
    expect(r.err).toBe('runner run: --jobs and --repeat must be at least 1');
    const l = await runner(tmpdir(), 'run', '--only', 'x', 'missing.plan.yaml');
    expect(l.exit).toBe(64);
    expect(l.err).toContain('missing.plan.yaml: 1 load error(s); nothing ran');
  });
});
