/**
 * The HTML report's structure, read from the page a real run wrote: well-formed
 * markup with unique ids, contents whose links all land, passed tasks closed
 * and failures open, one timeline bar (with a title) per task that started,
 * claim waits drawn apart, the failing assertion highlighted, long bodies
 * wrapped with their full size, a print stylesheet, everything escaped, no
 * script and nothing loaded from elsewhere; `--openapi-coverage` in the
 * terminal and in the page; and `runner report --html` writing the same bytes.
 * (A browser-level check lives in html.test.ts and needs chromium.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { stageCase } from './harness.js';

const PLAN = `env:
  base: "__BASE__"
resources:
  orders: exclusive
tasks:
  - name: holder
    holds: [orders]
    steps:
      - http: { url: "{{ env.base }}/slow?ms=40" }
        assert: [status == 200]
  - name: waiter
    holds: [orders]
    steps:
      - http: { url: "{{ env.base }}/orders/7" }
        assert: [status == 200]
  - name: big
    steps:
      - http: { url: "{{ env.base }}/big" }
        assert: [status == 201]
  - name: after-big
    needs: [big]
    steps:
      - http: { url: "{{ env.base }}/echo" }
        assert: [status == 200]
  - name: tagged
    steps:
      - http: { url: "{{ env.base }}/tag" }
        assert: ['body == "<b>" and status < 300']
finally:
  - name: cleanup
    steps:
      - http: { method: DELETE, url: "{{ env.base }}/orders/7" }
        assert: [status == 200]
`;

const API = `openapi: 3.1.0
info: { title: shop, version: "1" }
paths:
  /orders/{id}:
    get:
      responses: { "200": { description: one }, "404": { description: none } }
    delete:
      responses: { "204": { description: gone } }
  /slow:
    get:
      responses: { "201": { description: late } }
  /health:
    get:
      responses: { "204": { description: fine } }
`;

const VOID = new Set(['meta', 'br', 'hr', 'img', 'input', 'link', 'wbr']);

/** Checks the markup nests (void and self-closed SVG elements aside) and returns every id; throws on the first fault. */
function wellFormed(page: string): string[] {
  const stack: string[] = [];
  const ids: string[] = [];
  // The stylesheet and the title are text, not markup.
  const text = page.replace(/<style>[\s\S]*?<\/style>/, '<style></style>').replace(/^<!doctype html>\n/, '');
  for (const m of text.matchAll(/<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="[^"<>]*")?)*)\s*(\/?)>/g)) {
    const [, close, name, attrs, self] = m;
    for (const a of attrs!.matchAll(/\sid="([^"]*)"/g)) ids.push(a[1]!);
    if (self || VOID.has(name!.toLowerCase())) continue;
    if (!close) {
      stack.push(name!);
      continue;
    }
    const open = stack.pop();
    if (open !== name) throw new Error(`</${name}> closes <${open ?? '(nothing)'}> near offset ${m.index}`);
  }
  if (stack.length > 0) throw new Error(`unclosed: ${stack.join(' > ')}`);
  // A `<` in text that is not a tag would have been left out above: escaped text has none.
  expect(text.replace(/<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="[^"<>]*")?)*)\s*(\/?)>/g, '')).not.toContain('<');
  return ids;
}

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({
    routes: [
      { path: '/big', headers: { 'content-type': 'text/plain' }, body: 'y'.repeat(5000) },
      { path: '/tag', headers: { 'content-type': 'text/html' }, body: '<script>alert(1)</script>' },
      { method: 'DELETE', path: '/orders/7', status: 204 },
      { path: '/orders/7', json: { id: 7 } },
    ],
  });
});
afterAll(() => server.close());

async function runner(dir: string, ...argv: string[]) {
  const io = memoryIo(dir, {});
  const exit = await runCli(argv, io);
  return { exit, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe('HTML report structure', () => {
  let dir: string;
  let page: string;
  let terminal: string;
  let events: Array<Record<string, unknown>>;
  beforeAll(async () => {
    dir = stageCase(fileURLToPath(new URL('./cases/basic/', import.meta.url)), server.url);
    writeFileSync(join(dir, 'plan.yaml'), PLAN.replace('__BASE__', server.url));
    writeFileSync(join(dir, 'api.yaml'), API);
    const r = await runner(dir, 'run', '--jobs', '2', '--openapi-coverage', 'api.yaml', '--events', 'ev.jsonl', '--html', 'out/r.html', 'plan.yaml');
    expect(r.exit).toBe(1);
    terminal = r.out;
    page = readFileSync(join(dir, 'out/r.html'), 'utf8');
    events = readFileSync(join(dir, 'ev.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  });

  it('is well-formed, with unique ids, and every link lands on one', () => {
    const ids = wellFormed(page);
    expect(new Set(ids).size).toBe(ids.length);
    const targets = [...page.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(targets.length).toBeGreaterThan(10);
    for (const t of targets) expect(ids, `link #${t}`).toContain(t);
  });

  it('has no script and loads nothing from elsewhere', () => {
    expect(page).not.toMatch(/<script|<link|<img|<iframe|<object|<embed|\ssrc=|href="(?!#)|url\(|@import/i);
    expect(page).not.toMatch(/(?:src|href)="?https?:/i);
  });

  it('opens with the exit code and its meaning, then contents with every state in the summary order', () => {
    expect(page).toMatch(/<body>\n<header><h1 class="exit-bad">exit 1: a task failed, errored, timed out, was blocked or not run, or a snapshot was written<\/h1>/);
    const nav = /<nav id="contents"[\s\S]*?<\/nav>/.exec(page)![0];
    const states = [...nav.matchAll(/(?:<span class="state [\w-]+">|<li class="none">)(\d+) ((?:teardown )?[a-z ]+?)</g)].map((m) => `${m[1]} ${m[2]}`);
    expect(states).toEqual(['2 passed', '2 failed', '0 errored', '0 timed out', '0 skipped', '1 blocked', '0 not run', '1 teardown failed']);
    for (const name of ['holder', 'waiter', 'big', 'after-big', 'tagged', 'cleanup']) expect(nav).toContain(`>${name}</a>`);
  });

  it('puts passed tasks in closed details and failures in open ones', () => {
    const details = Object.fromEntries([...page.matchAll(/<details class="task ([\w-]+)" id="task-([^"]+)"( open)?>/g)].map((m) => [m[2], `${m[1]}${m[3] ?? ''}`]));
    expect(details).toEqual({ holder: 'passed', waiter: 'passed', big: 'failed open', 'after-big': 'blocked open', tagged: 'failed open', cleanup: 'failed open' });
  });

  it('draws one timeline bar, with its title, per task that started, and the claim wait apart', () => {
    const svg = /<section id="timeline">[\s\S]*?<\/section>/.exec(page)![0];
    expect(svg).toContain('<svg class="timeline" width="960"');
    const started = events.filter((e) => e.type === 'task.start');
    expect(started).toHaveLength(5);
    const bars = [...svg.matchAll(/<rect class="bar ([\w-]+)" x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="16" rx="2"><title>([^<]+)<\/title><\/rect>/g)];
    expect(bars).toHaveLength(started.length);
    expect(bars.every((b) => Number(b[2]) > 0)).toBe(true);
    expect(bars.find((b) => b[3]!.startsWith('big: '))?.[1]).toBe('failed');
    expect(svg).toMatch(/<rect class="wait" [^>]*><title>waiter waited [^<]+ for orders \(exclusive, held by holder\)<\/title>/);
    expect(svg).toMatch(/<text x="[\d.]+" y="[\d.]+" text-anchor="middle">0ms<\/text>/);
    // Per-task phases: an http exchange shows ttfb and transfer at least.
    expect(page).toMatch(/<rect class="ttfb" [^>]*><title>step 1: GET [^<]*\/big → 200: ttfb /);
  });

  it('highlights the assertion that failed and shows a long body wrapped, with its full size, escaped', () => {
    expect(page).toContain('<mark class="assert">  assert status == 201 failed');
    expect(page).toMatch(/pre\{[^}]*white-space:pre-wrap;overflow-wrap:anywhere/);
    expect(page).toContain('<summary>response body: 5000 bytes</summary>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('assert body == &quot;&lt;b&gt;&quot; and status &lt; 300 failed');
  });

  it('carries a print stylesheet: details expanded, no backgrounds, no break inside a task', () => {
    const print = /@media print\{[\s\S]*?\n\}/.exec(page)?.[0] ?? '';
    expect(print).toContain('details::details-content{content-visibility:visible');
    expect(print).toContain('background:transparent!important');
    expect(print).toMatch(/details\.task,[^{]*\{break-inside:avoid/);
  });

  it('reports --openapi-coverage above the summary and as a table, from an event the log carries', () => {
    const lines = terminal.split('\n');
    const at = lines.findIndex((l) => l.startsWith('openapi coverage api.yaml: '));
    expect(lines[at]).toBe('openapi coverage api.yaml: 3/4 operations, 2/5 documented responses; 1 answer with an undocumented status, 2 answers to no operation');
    expect(lines[at + 2]).toMatch(/^2 passed 2 failed /);
    const cov = events.find((e) => e.type === 'openapi.coverage')!;
    expect(events.indexOf(cov)).toBe(events.length - 2);
    expect(page).toContain('<tr class="covered"><td><code>GET /orders/{id}</code></td><td>1</td><td><span class="seen" title="seen 1×">200 ✓1</span> <span class="unseen" title="not seen">404</span></td><td>1/2</td></tr>');
    expect(page).toContain('<tr class="uncovered"><td><code>GET /health</code></td>');
    expect(page).toContain('<tr><td><code>GET /slow</code></td><td>200</td><td>1</td></tr>');
  });

  it('records where tasks ran: at and lane on task.start, at on task.end, claim.wait and exchange', () => {
    const start = events.find((e) => e.type === 'task.start' && e.task === 'waiter')!;
    const wait = events.find((e) => e.type === 'claim.wait')!;
    expect(start.lane).toBeTypeOf('number');
    expect(wait.at as number).toBeLessThanOrEqual(start.at as number);
    expect(events.filter((e) => e.type === 'exchange').every((e) => typeof e.at === 'number')).toBe(true);
    expect(events.filter((e) => e.type === 'task.end').every((e) => typeof e.at === 'number')).toBe(true);
  });

  it('renders the same bytes from the log with runner report --html', async () => {
    const r = await runner(dir, 'report', '--html', 'again.html', 'ev.jsonl');
    expect(r.exit).toBe(0);
    expect(readFileSync(join(dir, 'again.html'), 'utf8')).toBe(page);
  });

  it('refuses --openapi-coverage naming a document that does not load (exit 64, nothing sent)', async () => {
    const seen = server.seen.length;
    const r = await runner(dir, 'run', '--jobs', '1', '--openapi-coverage', 'missing.yaml', 'plan.yaml');
    expect(r.exit).toBe(64);
    expect(r.err).toBe('runner run: --openapi-coverage missing.yaml: open missing.yaml: no such file or directory');
    expect(server.seen.length).toBe(seen);
  });

  it('keeps the series page (--repeat) well-formed, its contents leading to the flake report', async () => {
    const r = await runner(dir, 'run', '--jobs', '2', '--repeat', '2', '--openapi-coverage', 'api.yaml', '--events', 'series.jsonl', '--html', 'series.html', 'plan.yaml');
    expect(r.exit).toBe(1);
    const series = readFileSync(join(dir, 'series.html'), 'utf8');
    const ids = wellFormed(series);
    for (const m of series.matchAll(/href="#([^"]+)"/g)) expect(ids).toContain(m[1]);
    expect(series).toContain('<li><a href="#flake-report">flake report</a></li>');
    expect(series).toContain('<section id="openapi-coverage">');
    await runner(dir, 'report', '--html', 'series-again.html', 'series.jsonl');
    expect(readFileSync(join(dir, 'series-again.html'), 'utf8')).toBe(series);
  });
});
