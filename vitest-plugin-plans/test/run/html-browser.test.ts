/**
 * The HTML report as a reader's browser lays it out, not as its bytes read:
 * html-report.test.ts checks the markup, but an anchor that exists can still
 * land nowhere visible, a closed `<details>` can still take room, an SVG with
 * the right attributes can still collapse to nothing, and a print stylesheet
 * can lose to the user-agent one. So a real run (passed, failed, errored,
 * timed-out and blocked tasks at --jobs 2, then a --repeat 3 series) is opened
 * in headless chromium with JavaScript off, as the page promises to need none,
 * and with every request but the file itself refused and counted, as it
 * promises to load nothing. Facts are read through the browser's DOM and
 * layout (puppeteer's evaluate runs over CDP, which disabling page scripts
 * leaves working; the test asserts it does).
 *
 * Without chromium the suite is reported as skipped, by name, never passed:
 * CI (.ci/run) installs it.
 */
// The in-page readers below run in chromium, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { stageCase } from './harness.js';

const CHROMIUM = '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);

// One task per state the page treats differently. `hangs` and `refused` run
// beside the others (--jobs 2) so both worker lanes carry bars; `after-bad`
// never starts, so it has no bar. `bad` fails on its second assertion, so the
// highlight must sit on that line and not simply on the first.
const TASKS = `env:
  base: "__BASE__"
tasks:
  - name: ok
    steps:
      - http: { url: "{{ env.base }}/echo" }
        assert: [status == 200]
  - name: also-ok
    steps:
      - http: { url: "{{ env.base }}/slow?ms=60" }
        assert: [status == 200]
  - name: bad
    steps:
      - http: { url: "{{ env.base }}/nope" }
        assert:
          - status == 404
          - body.error == "not found"
  - name: refused
    steps:
      - http: { url: "http://127.0.0.1:9/" }
        assert: [status == 200]
  - name: hangs
    timeout: 300ms
    steps:
      - http: { url: "{{ env.base }}/slow?ms=3000" }
        assert: [status == 200]
  - name: after-bad
    needs: [bad]
    steps:
      - http: { url: "{{ env.base }}/echo" }
        assert: [status == 200]
`;

// The series adds a task that fails once in three runs: the flake report must name it.
const FLIP = `  - name: flip
    steps:
      - http: { url: "{{ env.base }}/flip" }
        assert: [status == 200]
`;

const STATES = { ok: 'passed', 'also-ok': 'passed', bad: 'failed', refused: 'errored', hangs: 'timed-out', 'after-bad': 'blocked' };

const VIEWPORT = { width: 1280, height: 600 };

type Event = Record<string, unknown>;

/** The `task.start` events of the run a page shows: the only run, or in a series the one `series.end` names. */
function startsShown(events: Event[]): Event[] {
  const shown = events.find((e) => e.type === 'series.end')?.shown;
  const out: Event[] = [];
  let current: unknown = null;
  for (const e of events) {
    if (e.type === 'run.start') current = e.runId;
    if (e.type === 'task.start' && (shown === undefined || current === shown)) out.push(e);
  }
  return out;
}

/** What the page looks like, read in the page (a plain function: it is serialised over CDP). */
function readLayout() {
  // Rendered at all: not display:none, not in a skipped (closed details) subtree, not visibility:hidden, not transparent.
  const shown = (el: Element) => el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true });
  const rect = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  };
  const tasks = [...document.querySelectorAll('details.task')].map((d) => {
    const summary = d.querySelector(':scope > summary')!;
    const style = getComputedStyle(d);
    const border = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const rest = [...d.children].filter((c) => c !== summary);
    const block = d.querySelector('pre.block');
    const phases = d.querySelector('svg.phases');
    return {
      id: d.id,
      state: d.classList[1],
      open: (d as HTMLDetailsElement).open,
      // What the details takes beyond its summary: the body as laid out, whatever its children report.
      bodyHeight: rect(d).height - border - rect(summary).height,
      bodyVisible: rest.map((c) => shown(c)),
      block: block ? { text: (block as HTMLElement).innerText, visible: shown(block), ...rect(block) } : null,
      marks: [...d.querySelectorAll('mark.assert')].map((m) => ({ text: m.textContent, visible: shown(m), ...rect(m) })),
      phases: phases
        ? {
            visible: shown(phases),
            ...rect(phases),
            bars: [...phases.querySelectorAll('rect')].map((r) => ({ cls: r.getAttribute('class'), width: r.getBoundingClientRect().width, height: r.getBoundingClientRect().height })),
          }
        : null,
    };
  });
  const svg = document.querySelector('svg.timeline');
  const timeline = svg
    ? {
        ...rect(svg),
        visible: shown(svg),
        lanes: [...svg.querySelectorAll('rect.lane')].map(rect),
        bars: [...svg.querySelectorAll('rect.bar')].map((b) => ({ title: b.querySelector('title')?.textContent ?? '', state: b.classList[1], ...rect(b) })),
      }
    : null;
  const pre = document.querySelector('pre');
  const mark = document.querySelector('mark.assert');
  return {
    title: document.title,
    scripts: document.scripts.length,
    scriptingNone: matchMedia('(scripting: none)').matches,
    // Every link on the page, the contents' and the timeline bars' (SVG <a> too).
    links: [...document.querySelectorAll('a')].map((a) => {
      const href = a.getAttribute('href') ?? '';
      const target = href.startsWith('#') ? document.getElementById(decodeURIComponent(href.slice(1))) : null;
      return { href, inToc: !!a.closest('nav#contents'), lands: target !== null };
    }),
    tasks,
    timeline,
    flake: (() => {
      const f = document.querySelector('#flake-report pre');
      return f ? { text: (f as HTMLElement).innerText, visible: shown(f), ...rect(f) } : null;
    })(),
    preBackground: pre ? getComputedStyle(pre).backgroundColor : null,
    markDecoration: mark ? getComputedStyle(mark).textDecorationLine : null,
  };
}

type Layout = ReturnType<typeof readLayout>;

/** Where a link's target sits after following it, and where the page scrolled. */
function readTarget(id: string) {
  const t = document.getElementById(id)!.getBoundingClientRect();
  return {
    hash: location.hash,
    target: document.querySelector(':target')?.id ?? null,
    top: t.top,
    scrollY,
    maxScroll: document.documentElement.scrollHeight - innerHeight,
    innerHeight,
  };
}

describe.skipIf(!HAS_CHROMIUM)(
  HAS_CHROMIUM ? 'HTML report in headless chromium, JavaScript off, network refused' : `HTML report in headless chromium: SKIPPED, no chromium at ${CHROMIUM} (.ci/run installs it)`,
  () => {
    let server: FixtureServer;
    let browser: Browser;
    let dir: string;

    beforeAll(async () => {
      server = await startFixtureServer({ routes: [{ path: '/flip', sequence: [{ status: 200 }, { status: 503 }, { status: 200 }] }] });
      dir = stageCase(fileURLToPath(new URL('./cases/basic/', import.meta.url)), server.url);
      writeFileSync(join(dir, 'plan.yaml'), TASKS.replace('__BASE__', server.url));
      writeFileSync(join(dir, 'series.yaml'), (TASKS + FLIP).replace('__BASE__', server.url));
      const [run, series] = await Promise.all([
        runCli(['run', '--jobs', '2', '--events', 'run.jsonl', '--html', 'run.html', 'plan.yaml'], memoryIo(dir, {})),
        runCli(['run', '--jobs', '2', '--repeat', '3', '--events', 'series.jsonl', '--html', 'series.html', 'series.yaml'], memoryIo(dir, {})),
        puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--headless', '--disable-gpu'] }).then((b) => (browser = b)),
      ]);
      expect(run).toBe(1);
      expect(series).toBe(1);
    }, 40_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    /** Open a report with scripts off and every request but the file's refused; `refused` fills as the page asks. */
    async function open(file: string): Promise<{ page: Page; fileRequests: number; refused: string[] }> {
      const page = await browser.newPage();
      await page.setViewport(VIEWPORT);
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      const url = pathToFileURL(join(dir, file)).href;
      const seen = { page, fileRequests: 0, refused: [] as string[] };
      page.on('request', (r) => {
        if (r.url() === url) {
          seen.fileRequests++;
          void r.continue();
        } else {
          seen.refused.push(r.url());
          void r.abort();
        }
      });
      await page.goto(url, { waitUntil: 'load' });
      return seen;
    }

    /** Follow a link to `id` (in `within`) with a real click; returns where the target sat before and after. */
    async function followLink(page: Page, id: string, within: string) {
      await page.evaluate(() => window.scrollTo(0, 0));
      const before = await page.evaluate(readTarget, id);
      await page.click(`${within} a[href="#${id}"]`);
      let after = await page.evaluate(readTarget, id);
      // A fragment navigation scrolls on the next frame; nothing in the page can be waited on (no script).
      for (let i = 0; i < 20 && (after.hash !== `#${id}` || after.scrollY === 0); i++) {
        await new Promise((r) => setTimeout(r, 25));
        after = await page.evaluate(readTarget, id);
      }
      return { before, after };
    }

    /** Everything both pages must show on screen and in print. */
    async function checkPage(file: string, events: Event[], states: Record<string, string>): Promise<Layout> {
      const { page, fileRequests, refused } = await open(file);
      const screen = await page.evaluate(readLayout);

      // The page loaded through the interception (so the count below means something), asked for nothing else,
      // and evaluate works with scripts off: the page reports scripting as none.
      expect(fileRequests).toBe(1);
      expect(screen.title).toMatch(/^runner (plan|series)\.yaml: exit 1$/);
      expect(screen.scriptingNone).toBe(true);
      expect(screen.scripts).toBe(0);

      // Every link lands on an element with its id; the contents link every task.
      expect(screen.links.length).toBeGreaterThan(10);
      expect(screen.links.filter((l) => !l.lands)).toEqual([]);
      const tocTargets = new Set(screen.links.filter((l) => l.inToc).map((l) => l.href));
      for (const name of Object.keys(states)) expect(tocTargets, `contents link to ${name}`).toContain(`#task-${name}`);

      // Passed tasks closed, taking no room beyond their summary, nothing inside rendered; the rest open.
      expect(Object.fromEntries(screen.tasks.map((t) => [t.id.replace(/^task-/, ''), `${t.state}${t.open ? ' open' : ''}`]))).toEqual(
        Object.fromEntries(Object.entries(states).map(([n, s]) => [n, s === 'passed' ? s : `${s} open`])),
      );
      for (const t of screen.tasks.filter((x) => x.state === 'passed')) {
        expect(t.bodyHeight, `${t.id} body height`).toBeLessThan(1);
        expect(t.bodyVisible, `${t.id} body visible`).not.toContain(true);
      }
      for (const t of screen.tasks.filter((x) => x.state !== 'passed')) {
        expect(t.bodyHeight, `${t.id} body height`).toBeGreaterThan(10);
        expect(t.bodyVisible, `${t.id} body visible`).not.toContain(false);
      }

      // Failures in full, visible; the failing assertion (the second of bad's) highlighted and visible.
      const byName = (n: string) => screen.tasks.find((t) => t.id === `task-${n}`)!;
      const bad = byName('bad');
      expect(bad.block).toMatchObject({ visible: true });
      expect(bad.block!.height).toBeGreaterThan(50);
      expect(bad.block!.text).toContain('FAIL bad › step 1 › assert #2');
      expect(bad.marks).toHaveLength(1);
      expect(bad.marks[0]!.text).toMatch(/^ {2}assert body\.error == "not found" failed/);
      expect(bad.marks[0]!.visible).toBe(true);
      expect(bad.marks[0]!.width).toBeGreaterThan(100);
      expect(bad.marks[0]!.height).toBeGreaterThan(8);
      expect(byName('refused').block?.text).toContain('ERROR refused › step 1');
      expect(byName('hangs').block?.text).toContain('TIMEOUT hangs › step 1');
      for (const n of ['refused', 'hangs']) expect(byName(n).block).toMatchObject({ visible: true });

      // The timeline: laid out with a size, one bar per task that started, each bar inside its worker's lane.
      const starts = startsShown(events);
      const t = screen.timeline!;
      expect(t.visible).toBe(true);
      expect(t.width).toBeGreaterThan(500);
      expect(t.height).toBeGreaterThan(40);
      expect(t.bars).toHaveLength(starts.length);
      expect(new Set(t.bars.map((b) => b.title.split(':')[0]))).toEqual(new Set(starts.map((s) => s.task)));
      expect(t.lanes).toHaveLength(Math.max(...starts.map((s) => s.lane as number)) + 1);
      expect(t.lanes).toHaveLength(2);
      for (const b of t.bars) {
        expect(b.width, b.title).toBeGreaterThan(0);
        expect(b.height, b.title).toBeGreaterThan(0);
        const lane = t.lanes[Number(/, lane (\d+),/.exec(b.title)![1]) - 1]!;
        const mid = (b.top + b.bottom) / 2;
        expect(mid, b.title).toBeGreaterThan(lane.top);
        expect(mid, b.title).toBeLessThan(lane.bottom);
      }
      expect(t.bars.find((b) => b.title.startsWith('bad: '))?.state).toBe('failed');

      // Phase bars of the failed exchange render with a width; the others' too wherever a task is open.
      expect(bad.phases).not.toBeNull();
      for (const x of screen.tasks.filter((x) => x.phases && x.open)) {
        expect(x.phases!.visible, x.id).toBe(true);
        expect(x.phases!.width, x.id).toBeGreaterThan(500);
        expect(x.phases!.bars.length, x.id).toBeGreaterThan(0);
        for (const r of x.phases!.bars) expect(r.width, `${x.id} ${r.cls}`).toBeGreaterThan(0);
      }
      expect(bad.phases!.bars.map((r) => r.cls)).toContain('ttfb');

      // Following the contents to each failure (and a timeline bar, an SVG link, to one) scrolls it into view:
      // at the top, or as far as the page scrolls.
      const follow: Array<[string, string]> = [['bad', 'nav#contents'], ['hangs', 'svg.timeline'], ['refused', 'nav#contents'], ['hangs', 'nav#contents']];
      for (const [name, within] of follow) {
        const { before, after } = await followLink(page, `task-${name}`, within);
        expect(before.top, `${name} starts below the fold`).toBeGreaterThan(before.innerHeight);
        expect(after.hash).toBe(`#task-${name}`);
        expect(after.target).toBe(`task-${name}`);
        expect(after.top).toBeGreaterThan(-2);
        expect(after.top).toBeLessThan(after.innerHeight - 20);
        if (Math.abs(after.top) >= 2) expect(after.scrollY).toBeGreaterThanOrEqual(after.maxScroll - 1);
      }

      // Print: the stylesheet expands closed details (their bodies take room and render), drops backgrounds,
      // underlines the highlighted assertion; the timeline still has its size.
      await page.emulateMediaType('print');
      const print = await page.evaluate(readLayout);
      expect(screen.preBackground).toBe('rgb(246, 248, 250)');
      expect(print.preBackground).toBe('rgba(0, 0, 0, 0)');
      expect(screen.markDecoration).toBe('none');
      expect(print.markDecoration).toBe('underline');
      const passed = print.tasks.filter((x) => x.state === 'passed');
      expect(passed.length).toBeGreaterThan(0);
      for (const x of passed) {
        expect(x.open, x.id).toBe(false);
        expect(x.bodyHeight, `${x.id} body height in print`).toBeGreaterThan(10);
        expect(x.bodyVisible, `${x.id} body visible in print`).not.toContain(false);
        if (x.phases) for (const r of x.phases.bars) expect(r.width, `${x.id} ${r.cls} in print`).toBeGreaterThan(0);
      }
      expect(print.timeline!.width).toBeGreaterThan(500);
      expect(print.timeline!.height).toBeGreaterThan(40);

      const pdf = Buffer.from(await page.pdf({ format: 'A4' }));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(10_000);
      expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');

      // Still nothing asked for after clicks, print and PDF.
      expect(refused).toEqual([]);
      await page.close();
      return screen;
    }

    const readEvents = (f: string): Event[] => readFileSync(join(dir, f), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Event);

    it('lays out the run page: links land, details as their states want, timeline and phases drawn, print expands', async () => {
      await checkPage('run.html', readEvents('run.jsonl'), STATES);
    });

    it('lays out the --repeat 3 page the same, the flake report visible and naming the flaky task', async () => {
      const layout = await checkPage('series.html', readEvents('series.jsonl'), { ...STATES, flip: 'passed' });
      expect(layout.links.filter((l) => l.inToc).map((l) => l.href)).toContain('#flake-report');
      expect(layout.flake).toMatchObject({ visible: true });
      expect(layout.flake!.height).toBeGreaterThan(50);
      expect(layout.flake!.text).toMatch(/^flip 2\/3 passed FLAKY$/m);
      expect(layout.flake!.text).toMatch(/^bad 0\/3 passed/m);
    });
  },
);
