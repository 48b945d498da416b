/**
 * JUnit and TAP of a series (`--repeat N` above 1): one test per task of the
 * reported series, failing when the task did not pass every counted run, with
 * `k/N passed` and the FLAKY note; the whole flake report rides along
 * (JUnit `system-out`, TAP comment lines).
 */
import { blockText, renderBlock } from './block.js';
import { xml } from './junit.js';
import type { RunModel } from './model.js';
import { failureLines, isFlaky, reportedPass, seriesReportLines, stoppedLine, type SeriesFacts } from './series.js';
import { countedRuns } from './series-tally.js';
import type { SeriesTask } from '../events/types.js';

const secs = (ms: number) => (ms / 1000).toFixed(3);

function rate(t: SeriesTask): string {
  return `${t.passed}/${t.runs} passed${t.skipped > 0 ? ` (${t.skipped} skipped)` : ''}${isFlaky(t) ? ' FLAKY' : ''}`;
}

/** Not ok in some counted run. */
function notOk(t: SeriesTask): boolean {
  return t.passed + t.skipped < t.runs;
}

/** Detail of a task that did not pass every run: its failing runs, and its block from the run shown in full when it failed there. */
function detail(t: SeriesTask, shown: RunModel | null): string[] {
  const lines = t.failures.flatMap(failureLines);
  if (t.moreFailures > 0) lines.push(`and ${t.moreFailures} more failing runs`);
  const inShown = shown?.tasks.find((x) => x.name === t.task && x.state !== 'passed' && x.state !== 'skipped');
  if (inShown && (inShown.state === 'failed' || inShown.state === 'errored' || inShown.state === 'timed out')) {
    lines.push('', ...blockText(renderBlock(inShown.name, inShown.state, inShown.reason, inShown.failure, inShown.file, inShown.line)));
  }
  return lines;
}

/** JUnit XML of a series. */
export function renderSeriesJunit(facts: SeriesFacts, shown: RunModel | null): string {
  const { start, end } = facts;
  const pass = reportedPass(end);
  const tasks = pass.tasks;
  const failures = tasks.filter(notOk).length;
  const skipped = tasks.filter((t) => t.skipped === t.runs).length;
  const time = secs(tasks.reduce((a, t) => a + t.durationMs, 0));
  const name = `${start.plan} --repeat ${start.repeat} --jobs ${pass.jobs}`;
  const report = [...(stoppedLine(end, start.repeat) ? [stoppedLine(end, start.repeat)!] : []), ...seriesReportLines(facts, null)];
  const props = [
    `      <property name="repeat" value="${start.repeat}"/>`,
    `      <property name="runs" value="${countedRuns(pass)}"/>`,
    `      <property name="jobs" value="${pass.jobs}"/>`,
    ...pass.runs.map((r) => `      <property name="run.${r.index}" value="${xml(`${r.runId} ${r.summary}`)}"/>`),
  ];
  const cases = tasks.map((t) => {
    const open = `    <testcase name="${xml(t.task)}" classname="${xml(start.plan)}" time="${secs(t.durationMs)}">`;
    const out = `      <system-out>${xml(rate(t))}</system-out>`;
    if (t.runs > 0 && t.skipped === t.runs) return `${open}\n      <skipped message="skipped ${t.skipped}/${t.runs}"/>\n${out}\n    </testcase>`;
    if (!notOk(t)) return `${open}\n${out}\n    </testcase>`;
    const type = isFlaky(t) ? 'flaky' : 'failed';
    return `${open}\n      <failure message="${xml(rate(t))}" type="${type}">${xml(detail(t, shown).join('\n'))}</failure>\n${out}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // junit-10.xsd (Jenkins/Surefire) has no `skipped` on <testsuites>; it sits on <testsuite>.
    `<testsuites name="runner" tests="${tasks.length}" failures="${failures}" errors="0" time="${time}">`,
    `  <testsuite name="${xml(name)}" tests="${tasks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}" timestamp="${xml(start.startedAt)}">`,
    '    <properties>',
    ...props,
    '    </properties>',
    ...cases,
    `    <system-out>${xml(report.join('\n'))}</system-out>`,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** TAP 14 of a series: the flake report as a comment block, then one test point per task. */
export function renderSeriesTap(facts: SeriesFacts, shown: RunModel | null): string {
  const { start, end } = facts;
  const tasks = reportedPass(end).tasks;
  const stopped = stoppedLine(end, start.repeat);
  const report = [...(stopped ? [stopped] : []), ...seriesReportLines(facts, null)];
  const lines = ['TAP version 14', ...report.map((l) => (l === '' ? '#' : `# ${l}`)), `1..${tasks.length}`];
  tasks.forEach((t, i) => {
    const name = t.task.replace(/\\/g, '\\\\').replace(/#/g, '\\#');
    if (t.runs > 0 && t.skipped === t.runs) {
      lines.push(`ok ${i + 1} - ${name} # SKIP skipped ${t.skipped}/${t.runs}`);
      return;
    }
    if (!notOk(t)) {
      lines.push(`ok ${i + 1} - ${name}: ${rate(t)}`);
      return;
    }
    lines.push(`not ok ${i + 1} - ${name}: ${rate(t)}`, '  ---', `  message: ${JSON.stringify(rate(t))}`, '  runs: |-', ...detail(t, shown).map((l) => (l === '' ? '' : `    ${l}`)), '  ...');
  });
  return lines.join('\n') + '\n';
}
