/**
 * The one-file HTML report: inline CSS only, no script, nothing loaded from
 * elsewhere. It opens with the exit code and its meaning, then lists tasks
 * under their states with failures in full. A pure function of the run model,
 * so `runner report --html` from a log writes the same bytes as `run --html`.
 */
import { exitMeaning, TASK_STATES, type TaskState } from '../events/types.js';
import { blockText, renderBlock } from './block.js';
import { formatMs } from '../events/format.js';
import { xml as esc } from './junit.js';
import { RESET_TASK, type RunModel, type TaskReport } from './model.js';
import { summaryLine } from './terminal.js';
import { seriesReportLines, stoppedLine, type SeriesFacts } from './series.js';

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:24px 32px;color:#1d232a;background:#fff}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d8dee4;padding-bottom:4px}
.exit-0{color:#1a7f37}.exit-bad{color:#cf222e}
.meta,.summary{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px;margin:4px 0}
ul{list-style:none;padding:0;margin:0}li{padding:2px 0;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
.state{display:inline-block;min-width:76px;font-weight:600}
.passed{color:#1a7f37}.failed,.errored,.timed-out{color:#cf222e}.skipped,.blocked,.not-run{color:#9a6700}
pre{background:#f6f8fa;border:1px solid #d8dee4;border-radius:6px;padding:10px 12px;overflow-x:auto;font-size:12.5px;line-height:1.4;margin:6px 0 14px}
.reason{color:#57606a}
`.trim();

const cls = (s: TaskState) => s.replace(' ', '-');

function taskItem(t: TaskReport): string {
  const reason = t.reason && t.state !== 'passed' ? ` <span class="reason">${esc(t.reason)}</span>` : '';
  const head = `<li><span class="state ${cls(t.state)}">${esc(t.state)}</span> ${esc(t.name)} <span class="reason">(${esc(formatMs(t.durationMs))})</span>${reason}`;
  if (t.state === 'failed' || t.state === 'errored' || t.state === 'timed out') {
    const block = blockText(renderBlock(t.name, t.state, t.reason, t.failure, t.file, t.line)).join('\n');
    return `${head}<pre>${esc(block)}</pre></li>`;
  }
  return `${head}</li>`;
}

function sections(tasks: TaskReport[], prefix: string): string[] {
  const out: string[] = [];
  const order: TaskState[] = ['failed', 'errored', 'timed out', 'blocked', 'not run', 'skipped', 'passed'];
  for (const s of order) {
    const list = tasks.filter((t) => t.state === s);
    if (list.length === 0) continue;
    out.push(`<section id="${prefix}${cls(s)}"><h2 class="${cls(s)}">${esc(prefix ? `teardown ${s}` : s)} (${list.length})</h2><ul>`);
    for (const t of list) out.push(taskItem(t));
    out.push('</ul></section>');
  }
  return out;
}

/**
 * Render the HTML page from a complete model. With `series` (`--repeat`), the
 * page opens with the series' exit code, carries the flake report after the
 * summary, and shows in full the run the model holds (the first failing one).
 */
export function renderHtml(model: RunModel, series?: SeriesFacts): string {
  const start = model.start;
  const end = model.end;
  const code = series ? series.end.exitCode : (end?.exitCode ?? 1);
  const title = `runner ${start?.plan ?? ''}: exit ${code}`;
  const body: string[] = [];
  body.push(`<header><h1 class="${code === 0 ? 'exit-0' : 'exit-bad'}">exit ${code}: ${esc(exitMeaning(code))}</h1>`);
  if (start) body.push(`<p class="meta">run ${esc(start.runId)} ${esc(start.plan)} --jobs ${start.jobs} lifecycle ${esc(start.lifecycle.strategy)} · version ${esc(start.version)} · started ${esc(start.startedAt)}</p>`);
  for (const n of model.notices.filter((x) => x.kind === 'caveat')) body.push(`<p class="meta">caveat: ${esc(n.text)}</p>`);
  if (end) body.push(`<p class="summary">${esc(summaryLine(end))}</p>`);
  if (end?.teardown) body.push(`<p class="summary">teardown: ${end.teardown.passed} passed ${end.teardown.failed} failed${end.teardown.errored ? ` ${end.teardown.errored} errored` : ''}</p>`);
  body.push('</header>');
  if (series) {
    const { start: s, end: e } = series;
    const run = e.passes.flatMap((p) => p.runs.map((r) => ({ p, r }))).find((x) => x.r.runId === e.shown);
    const what = run ? `run ${run.r.index}/${s.repeat} at --jobs ${run.p.jobs}${run.p.firstFailing?.runId === run.r.runId ? ', the first failing run' : ''}` : 'no run';
    const report = [...e.passes.flatMap((p) => [...(e.passes.length > 1 ? [`at --jobs ${p.jobs}:`] : []), ...p.runs.map((r) => `run ${r.index}/${s.repeat} ${r.runId} ${r.summary}`)])];
    const stopped = stoppedLine(e, s.repeat);
    if (stopped) report.push(stopped);
    report.push('', ...seriesReportLines(series, null));
    body.push(`<section id="flake-report"><h2>flake report: --repeat ${s.repeat}${s.jobs.length > 1 ? ' --compare-jobs' : ''}</h2><p class="meta">below: ${esc(what)}, in full</p><pre>${esc(report.join('\n'))}</pre></section>`);
  }
  const reset = model.lifecycle.find((l) => l.state !== 'passed');
  if (reset) {
    const f = model.resetFailure;
    const block = blockText(renderBlock(RESET_TASK, f?.end?.state === 'timed out' ? 'timed out' : f?.end?.state === 'errored' ? 'errored' : 'failed', reset.reason, f, start?.plan ?? '', f?.start.line ?? 0));
    body.push(`<section id="lifecycle"><h2 class="failed">LIFECYCLE RESET FAILED: no task ran</h2><pre>${esc(block.join('\n'))}</pre></section>`);
  }
  body.push(...sections(model.tasks.filter((t) => !t.finally), ''));
  const fin = model.tasks.filter((t) => t.finally);
  if (fin.length > 0) body.push(...sections(fin, 'teardown-'));
  const notes = model.notices.filter((n) => n.kind !== 'caveat');
  if (notes.length > 0) {
    body.push('<section id="notices"><h2>notices</h2><ul>');
    for (const n of notes) body.push(`<li>${esc(`${n.kind}: ${n.text}`)}</li>`);
    body.push('</ul></section>');
  }
  void TASK_STATES;
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${esc(title)}</title>\n<style>${CSS}</style>\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;
}
