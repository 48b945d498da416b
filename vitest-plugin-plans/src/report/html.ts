/**
 * The one-file HTML report: inline CSS only, no script, nothing loaded from
 * elsewhere (plan-runner.md §4). It opens with the exit code and its meaning,
 * then the contents by state, the flake report after `--repeat`, the
 * timeline, `--openapi-coverage`, and the tasks under their states with
 * failures in full. A pure function of the run model, so `runner report
 * --html` from a log writes the same bytes as `run --html`.
 */
import { exitMeaning } from '../events/types.js';
import { blockText, renderBlock } from './block.js';
import { CSS, createTaskIds, esc } from './html-parts.js';
import { taskSections, tocStates } from './html-tasks.js';
import { timelineLegend, timelineSvg } from './html-timeline.js';
import { RESET_TASK, type RunModel, type TaskReport } from './model.js';
import { coverageSection } from './openapi-coverage.js';
import { summaryLine } from './terminal.js';
import { seriesReportLines, stoppedLine, type SeriesFacts } from './series.js';

/** The flake report section of a series page: run lines, the report, rates and hints. */
function flakeSection(series: SeriesFacts): string {
  const { start: s, end: e } = series;
  const run = e.passes.flatMap((p) => p.runs.map((r) => ({ p, r }))).find((x) => x.r.runId === e.shown);
  const what = run ? `run ${run.r.index}/${s.repeat} at --jobs ${run.p.jobs}${run.p.firstFailing?.runId === run.r.runId ? ', the first failing run' : ''}` : 'no run';
  const report = [...e.passes.flatMap((p) => [...(e.passes.length > 1 ? [`at --jobs ${p.jobs}:`] : []), ...p.runs.map((r) => `run ${r.index}/${s.repeat} ${r.runId} ${r.summary}`)])];
  const stopped = stoppedLine(e, s.repeat);
  if (stopped) report.push(stopped);
  report.push('', ...seriesReportLines(series, null));
  return `<section id="flake-report"><h2>flake report: --repeat ${s.repeat}${s.jobs.length > 1 ? ' --compare-jobs' : ''}</h2><p class="meta">below: ${esc(what)}, in full</p><pre>${esc(report.join('\n'))}</pre></section>`;
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
  const ids = createTaskIds();
  const id = (t: TaskReport) => ids(t.name, t.finally);
  const main = model.tasks.filter((t) => !t.finally);
  const fin = model.tasks.filter((t) => t.finally);
  const notes = model.notices.filter((n) => n.kind !== 'caveat');
  const reset = model.lifecycle.find((l) => l.state !== 'passed');
  const timeline = timelineSvg(model, id);
  const coverage = model.coverage.map((c, i) => ({ c, anchor: `openapi-coverage${i === 0 ? '' : `-${i + 1}`}` }));

  const body: string[] = [];
  body.push(`<header><h1 class="${code === 0 ? 'exit-0' : 'exit-bad'}">exit ${code}: ${esc(exitMeaning(code))}</h1>`);
  if (start) body.push(`<p class="meta">run ${esc(start.runId)} ${esc(start.plan)} --jobs ${start.jobs} lifecycle ${esc(start.lifecycle.strategy)} · version ${esc(start.version)} · started ${esc(start.startedAt)}</p>`);
  for (const n of model.notices.filter((x) => x.kind === 'caveat')) body.push(`<p class="meta">caveat: ${esc(n.text)}</p>`);
  if (end) body.push(`<p class="summary">${esc(summaryLine(end))}</p>`);
  if (end?.teardown) body.push(`<p class="summary">teardown: ${end.teardown.passed} passed ${end.teardown.failed} failed${end.teardown.errored ? ` ${end.teardown.errored} errored` : ''}</p>`);
  body.push('</header>');

  // Contents: what the page holds, then every state in the summary's order with links to its tasks.
  const toc: string[] = [];
  if (series) toc.push('<li><a href="#flake-report">flake report</a></li>');
  if (reset) toc.push('<li><a href="#lifecycle">lifecycle reset failed</a></li>');
  if (timeline) toc.push('<li><a href="#timeline">timeline</a></li>');
  for (const { c, anchor } of coverage) toc.push(`<li><a href="#${anchor}">openapi coverage: ${esc(c.document)}</a></li>`);
  toc.push(...tocStates(main, false, id));
  if (fin.length > 0) toc.push(...tocStates(fin, true, id));
  if (notes.length > 0) toc.push('<li><a href="#notices">notices</a></li>');
  body.push(`<nav id="contents" aria-label="contents"><h2>contents</h2><ul>${toc.join('\n')}</ul></nav>`);

  if (series) body.push(flakeSection(series));
  if (reset) {
    const f = model.resetFailure;
    const block = blockText(renderBlock(RESET_TASK, f?.end?.state === 'timed out' ? 'timed out' : f?.end?.state === 'errored' ? 'errored' : 'failed', reset.reason, f, start?.plan ?? '', f?.start.line ?? 0));
    body.push(`<section id="lifecycle"><h2 class="failed">LIFECYCLE RESET FAILED: no task ran</h2><pre>${esc(block.join('\n'))}</pre></section>`);
  }
  if (timeline) body.push(`<section id="timeline"><h2>timeline</h2><figure>${timeline}${timelineLegend()}</figure></section>`);
  for (const { c, anchor } of coverage) body.push(coverageSection(c, anchor));
  body.push(...taskSections(main, false, id, model.tasks.length));
  if (fin.length > 0) body.push(...taskSections(fin, true, id, model.tasks.length));
  if (notes.length > 0) {
    body.push('<section id="notices"><h2>notices</h2><ul>');
    for (const n of notes) body.push(`<li>${esc(`${n.kind}: ${n.text}`)}</li>`);
    body.push('</ul></section>');
  }
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${esc(title)}</title>\n<style>${CSS}</style>\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;
}
