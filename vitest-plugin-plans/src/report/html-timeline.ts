/**
 * The HTML report's pictures, inline SVG with no script: the run's timeline
 * (one bar per task that started, on the worker lane that ran it, coloured by
 * state; time spent waiting for claims drawn apart, dashed; a time axis) and,
 * per task, the phases of its exchanges (dns, connect, tls, ttfb, transfer for
 * http-like ones). Every position comes from an event's `at`, `lane` and
 * `timing`, so `runner report --html` draws the same picture. Each shape has
 * a `<title>`: a reader hovering, or a screen reader, gets the words.
 */
import { formatMs } from '../events/format.js';
import type { RunModel, TaskReport, ExchangeTime } from './model.js';
import { cls, esc } from './html-parts.js';

const WIDTH = 960;
const GUTTER = 70;
const PAD = 16;
const PLOT = WIDTH - GUTTER - PAD;
const LANE_H = 24;
const WAIT_H = 12;
const AXIS_H = 26;

/** Tick step for a span: 1, 2 or 5 times a power of ten, about eight ticks. */
function tickStep(span: number): number {
  const raw = Math.max(span / 8, 0.001);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
}

const n = (x: number) => String(Math.round(x * 10) / 10);

/** Gridlines and labelled ticks from 0 to `span` along `y`, for a plot `top`..`y` high. */
function axis(span: number, top: number, y: number, x: (t: number) => number): string[] {
  const out = [`<line class="axis" x1="${n(GUTTER)}" y1="${n(y)}" x2="${n(WIDTH - PAD)}" y2="${n(y)}"/>`];
  const step = tickStep(span);
  // Multiples, not a running sum: no drift in the labels.
  for (let i = 0; i * step <= span * (1 + 1e-9); i++) {
    const t = i * step;
    const tx = x(t);
    out.push(`<line class="grid" x1="${n(tx)}" y1="${n(top)}" x2="${n(tx)}" y2="${n(y)}"/>`);
    out.push(`<text x="${n(tx)}" y="${n(y + 15)}" text-anchor="middle">${esc(formatMs(t))}</text>`);
  }
  return out;
}

/** Waits packed into as few rows as let none overlap. */
function packRows<T extends { from: number; to: number }>(items: T[]): Array<T & { row: number }> {
  const ends: number[] = [];
  return items
    .slice()
    .sort((a, b) => a.from - b.from)
    .map((it) => {
      let row = ends.findIndex((e) => e <= it.from);
      if (row < 0) row = ends.push(it.to) - 1;
      else ends[row] = it.to;
      return { ...it, row };
    });
}

/**
 * The run's timeline: lanes 1..J (the workers tasks ran on), one bar per task
 * that started, a link to the task below; then the claim waits, dashed.
 * `id` gives each task's anchor. Empty when no task started.
 */
export function timelineSvg(model: RunModel, id: (t: TaskReport) => string): string {
  const started = model.tasks.filter((t) => t.times.startedAt !== null && t.times.lane !== null);
  if (started.length === 0) return '';
  const ends = started.map((t) => t.times.endedAt ?? t.times.startedAt!);
  const span = Math.max(model.end?.wallMs ?? 0, ...ends, 1);
  const x = (t: number) => GUTTER + (Math.max(0, Math.min(t, span)) / span) * PLOT;
  const lanes = Math.max(...started.map((t) => t.times.lane!)) + 1;
  const waits = packRows(
    model.tasks
      .filter((t) => t.times.waits.length > 0)
      .map((t) => ({ t, from: t.times.waits[0]!.at, to: t.times.startedAt ?? t.times.endedAt ?? span })),
  );
  const waitRows = waits.length === 0 ? 0 : Math.max(...waits.map((w) => w.row)) + 1;
  const top = 4;
  const lanesBottom = top + lanes * LANE_H;
  const waitTop = lanesBottom + (waitRows > 0 ? 8 : 0);
  const plotBottom = waitTop + waitRows * WAIT_H;
  const height = plotBottom + AXIS_H;
  const out: string[] = [
    // No role="img": the bars are links to their tasks, and an image's children are not reachable.
    `<svg class="timeline" width="${WIDTH}" height="${n(height)}" viewBox="0 0 ${WIDTH} ${n(height)}">`,
    `<title>${esc(`timeline: ${started.length} task${started.length === 1 ? '' : 's'} on ${lanes} lane${lanes === 1 ? '' : 's'} over ${formatMs(span)}`)}</title>`,
  ];
  for (let l = 0; l < lanes; l++) {
    const y = top + l * LANE_H;
    out.push(`<rect class="lane" x="${n(GUTTER)}" y="${n(y + 2)}" width="${n(PLOT)}" height="${LANE_H - 4}"/>`);
    out.push(`<text x="${GUTTER - 6}" y="${n(y + LANE_H / 2 + 4)}" text-anchor="end">lane ${l + 1}</text>`);
  }
  if (waitRows > 0) out.push(`<text x="${GUTTER - 6}" y="${n(waitTop + WAIT_H - 2)}" text-anchor="end">waiting</text>`);
  out.push(...axis(span, top, plotBottom + 2, x));
  for (const t of started) {
    const from = t.times.startedAt!;
    const to = t.times.endedAt ?? from;
    const bx = x(from);
    const w = Math.max(1.5, x(to) - bx);
    const y = top + t.times.lane! * LANE_H + 4;
    const title = `${t.finally ? 'teardown › ' : ''}${t.name}: ${t.state}, lane ${t.times.lane! + 1}, ${formatMs(from)} → ${formatMs(to)} (${formatMs(to - from)})${t.requests > 0 ? `, ${t.requests} request${t.requests === 1 ? '' : 's'}` : ''}`;
    out.push(`<a href="#${id(t)}"><rect class="bar ${cls(t.state)}" x="${n(bx)}" y="${n(y)}" width="${n(w)}" height="${LANE_H - 8}" rx="2"><title>${esc(title)}</title></rect>`);
    // The name sits inside the bar only when it fits (about 6.6px a character at 11px).
    if (w > t.name.length * 6.6 + 8) out.push(`<text class="in" x="${n(bx + 4)}" y="${n(y + LANE_H / 2)}">${esc(t.name)}</text>`);
    out.push('</a>');
  }
  for (const wt of waits) {
    const bx = x(wt.from);
    const w = Math.max(1.5, x(wt.to) - bx);
    const what = wt.t.times.waits.map((c) => `${c.resource} (${c.mode}, held by ${c.heldBy.join(', ') || 'nobody'})`).join('; ');
    const title = `${wt.t.name} waited ${formatMs(wt.to - wt.from)} for ${what}`;
    out.push(`<a href="#${id(wt.t)}"><rect class="wait" x="${n(bx)}" y="${n(waitTop + wt.row * WAIT_H + 2)}" width="${n(w)}" height="${WAIT_H - 4}"><title>${esc(title)}</title></rect></a>`);
  }
  out.push('</svg>');
  return out.join('\n');
}

/** The timeline's legend: state colours and the dashed claim wait. */
export function timelineLegend(): string {
  const item = (c: string, text: string) => `<i class="${c}"></i>${esc(text)}`;
  return `<p class="legend">${item('passed', 'passed')}${item('failed', 'failed')}${item('errored', 'errored')}${item('timed-out', 'timed out')}${item('other', 'skipped, blocked, not run')}${item('wait', 'waiting for a claim (holds)')}</p>`;
}

const HTTP_PHASES = ['dns', 'connect', 'tls', 'ttfb'] as const;

/** An exchange's segments: the http phases then `transfer` (the rest of total: writing the request, reading the body, earlier redirect hops); else one `total`. */
function segments(ex: ExchangeTime): Array<{ phase: string; ms: number }> {
  const total = ex.timing.total ?? 0;
  if (!('ttfb' in ex.timing)) return [{ phase: 'total', ms: total }];
  const out: Array<{ phase: string; ms: number }> = [];
  let used = 0;
  for (const p of HTTP_PHASES) {
    const ms = ex.timing[p];
    if (typeof ms !== 'number') continue;
    out.push({ phase: p, ms });
    used += ms;
  }
  out.push({ phase: 'transfer', ms: Math.max(0, total - used) });
  return out;
}

/** The phases of a task's exchanges, one row each, on the task's own time span. Empty without exchanges. */
export function phasesSvg(t: TaskReport): string {
  const exs = t.times.exchanges;
  if (exs.length === 0) return '';
  const from = Math.min(t.times.startedAt ?? Infinity, ...exs.map((e) => e.at));
  const to = Math.max(t.times.endedAt ?? 0, ...exs.map((e) => e.at + (e.timing.total ?? 0)));
  const span = Math.max(to - from, 0.001);
  const x = (ms: number) => GUTTER + (Math.max(0, ms) / span) * PLOT;
  const ROW = 16;
  const height = 4 + exs.length * ROW + AXIS_H;
  const out = [
    `<svg class="phases" role="img" width="${WIDTH}" height="${n(height)}" viewBox="0 0 ${WIDTH} ${n(height)}">`,
    `<title>${esc(`${t.name}: ${exs.length} exchange${exs.length === 1 ? '' : 's'} by phase`)}</title>`,
  ];
  out.push(...axis(span, 4, 4 + exs.length * ROW + 2, x));
  exs.forEach((ex, i) => {
    const y = 4 + i * ROW;
    const label = `step ${ex.step}${ex.index !== null ? ` #${ex.index}` : ''}${ex.attempt > 1 ? ` try ${ex.attempt}` : ''}`;
    const head = `${label}: ${ex.label} → ${ex.status ?? 'no answer'}`;
    out.push(`<text x="${GUTTER - 6}" y="${n(y + ROW / 2 + 3)}" text-anchor="end">${esc(label)}</text>`);
    let cur = ex.at - from;
    for (const s of segments(ex)) {
      const bx = x(cur);
      const w = Math.max(s.ms > 0 ? 1 : 0.5, x(cur + s.ms) - bx);
      out.push(`<rect class="${s.phase}" x="${n(bx)}" y="${n(y + 2)}" width="${n(w)}" height="${ROW - 4}"><title>${esc(`${head}: ${s.phase} ${formatMs(s.ms)}`)}</title></rect>`);
      cur += s.ms;
    }
  });
  out.push('</svg>');
  return out.join('\n');
}

/** The phase legend, with the count of exchanges not drawn. */
export function phasesLegend(t: TaskReport): string {
  const item = (c: string, text: string) => `<i class="${c}"></i>${esc(text)}`;
  const more = t.times.moreExchanges > 0 ? ` · ${t.times.moreExchanges} more exchange${t.times.moreExchanges === 1 ? '' : 's'} not drawn` : '';
  return `<p class="legend">${item('dns', 'dns')}${item('connect', 'connect')}${item('tls', 'tls')}${item('ttfb', 'ttfb')}${item('transfer', 'transfer (rest of total)')}${item('total', 'total (other kinds)')}${esc(more)}</p>`;
}
