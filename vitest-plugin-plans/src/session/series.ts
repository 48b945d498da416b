/**
 * A series of runs (`runner run --repeat N` above 1, `--compare-jobs`): one
 * run session per repeat on the one loaded plan, each run's events into one
 * series log (docs/events.md "Series") and into the flake report's tally.
 * Memory stays flat across repeats: a run's model is dropped when the run
 * ends, unless it is the first failing run (shown in full) or the latest.
 */
import { DEFAULT_EVENTS_BODY_CAP } from '../events/emitter.js';
import { eventLine, openLogWriter, type LogWriter } from '../events/log.js';
import { EVENTS_SCHEMA, type RunEvent, type SeriesEndEvent, type SeriesStartEvent } from '../events/types.js';
import type { RunOptions } from '../engine/run.js';
import { renderHtml } from '../report/html.js';
import { createRunModel, type RunModel } from '../report/model.js';
import { renderSeriesJunit, renderSeriesTap } from '../report/series-exports.js';
import { reportedPass, seriesReportLines, stoppedLine, type SeriesFacts } from '../report/series.js';
import { createPassTally } from '../report/series-tally.js';
import { summaryLine, type TerminalOptions } from '../report/terminal.js';
import type { CoverageDocument } from './openapi-coverage.js';
import { createRunSession, type ExportTargets } from './run-session.js';
import { writeExport, type OutputFailure } from './write-export.js';

export interface SeriesOptions {
  /** What each run is given (the one loaded plan among it); `jobs` is the wide series' `--jobs`. */
  run: Omit<RunOptions, 'emitter' | 'runId'>;
  /** `--repeat N`: runs per series. */
  repeat: number;
  /** `--compare-jobs`: N runs at `--jobs 1` first. */
  compareJobs: boolean;
  bodyCap?: number;
  /** `--events`: one log for the whole series. */
  events?: { target: string; stdout?: (line: string) => void };
  exports?: ExportTargets;
  /** The human report: run lines as runs end, then the flake report. */
  terminal: Pick<TerminalOptions, 'write' | 'color'>;
  /** `--openapi-coverage`: each run carries its own coverage event; the HTML page shows the shown run's. */
  openapiCoverage?: CoverageDocument;
}

export interface SeriesOutcome {
  /** The worst exit code of any run (plan-format.md: `--repeat`). */
  exitCode: number;
  /** Output files that could not be written. */
  failures: OutputFailure[];
}

/**
 * Run the plan `repeat` times (twice that under `--compare-jobs`), stopping
 * early on `run.stop`, and write the flake report and the exports.
 * @example
 * const { exitCode } = await runSeries({ run: { plan, jobs: 4, version }, repeat: 4, compareJobs: false, terminal: { write } });
 */
export async function runSeries(o: SeriesOptions): Promise<SeriesOutcome> {
  const { plan } = o.run;
  const exports = o.exports ?? {};
  const color = o.terminal.color ?? false;
  const say = (lines: string[]) => {
    if (lines.length > 0) o.terminal.write(lines.join('\n') + '\n');
  };
  const widths = o.compareJobs ? [1, o.run.jobs] : [o.run.jobs];
  const only = o.run.only?.selected;
  const order = [...plan.tasks.filter((t) => !only || only.has(t.name)).map((t) => t.name), ...plan.finallyTasks.map((t) => t.name)];
  const log: LogWriter | null = o.events ? openLogWriter(o.events.target, o.events.stdout) : null;
  // Every line the log carries is read back as the reports read the log, so `runner report --html` equals `run --html`.
  const record = (ev: RunEvent): RunEvent => {
    const line = eventLine(ev);
    log?.writeLine(line, ev);
    return JSON.parse(line) as RunEvent;
  };
  const start = record({
    type: 'series.start',
    schema: EVENTS_SCHEMA,
    version: o.run.version,
    plan: plan.file,
    repeat: o.repeat,
    jobs: widths,
    lifecycle: { strategy: plan.lifecycle.strategy, sharedTarget: plan.lifecycle.sharedTarget },
    startedAt: new Date().toISOString(),
  } satisfies SeriesStartEvent) as SeriesStartEvent;
  say([...(o.run.runtimes ?? []), ...(plan.lifecycle.sharedTarget ? ['caveat: lifecycle.sharedTarget is set: the target is shared with others, so no run can be deterministic'] : [])]);

  // The HTML page lists every task of the run it shows; the terminal, JUnit and TAP need only its failures.
  const keepTasks = exports.html !== undefined;
  const tallies = widths.map((w) => createPassTally(w, order));
  const firstFailing = new Map<string, RunModel>();
  let last: RunModel | null = null;
  let worst = 0;
  let signal: string | null = null;
  const stop = o.run.stop;
  series: for (const [p, jobs] of widths.entries()) {
    if (widths.length > 1) say([`${p === 0 ? 'serial' : 'parallel'} runs at --jobs ${jobs}:`]);
    for (let i = 1; i <= o.repeat; i++) {
      if (stop?.aborted) {
        signal = String(stop.reason ?? 'SIGINT');
        break series;
      }
      // One session per run: its own scrubber and emitter, nothing carried from the run before.
      const session = createRunSession({ bodyCap: o.bodyCap ?? DEFAULT_EVENTS_BODY_CAP, ...(o.openapiCoverage ? { openapiCoverage: o.openapiCoverage } : {}) });
      const model = createRunModel({ keepTasks });
      let failing = false;
      let interrupted = false;
      session.emitter.onEvent((ev) => {
        const parsed = record(ev);
        model.add(parsed);
        const r = tallies[p]!.add(parsed);
        if (r && parsed.type === 'run.end') {
          say([`run ${i}/${o.repeat} ${r.runId} ${summaryLine(parsed, color)}`]);
          failing = r.exitCode !== 0 && !r.interrupted;
          interrupted = r.interrupted;
        }
      });
      const outcome = await session.run({ ...o.run, jobs });
      session.finish();
      worst = Math.max(worst, outcome.exitCode);
      if (failing && tallies[p]!.result().firstFailing?.runId === outcome.runId) firstFailing.set(outcome.runId, model);
      last = model;
      if (interrupted || stop?.aborted) {
        signal = String(stop?.reason ?? 'SIGINT');
        break series;
      }
    }
  }

  const passes = tallies.map((t) => t.result());
  const endEv: SeriesEndEvent = { type: 'series.end', exitCode: worst, passes, signal, shown: null };
  const ff = reportedPass(endEv).firstFailing ?? passes.find((x) => x.firstFailing)?.firstFailing ?? null;
  const lastModel = last as RunModel | null;
  endEv.shown = ff?.runId ?? lastModel?.start?.runId ?? null;
  const end = record(endEv) as SeriesEndEvent;
  const facts: SeriesFacts = { start, end };
  const shown = (ff ? firstFailing.get(ff.runId) : lastModel) ?? null;

  const stopped = stoppedLine(end, o.repeat);
  say(['', ...(stopped ? [stopped] : []), ...(passes.some((x) => x.runs.length > 0) ? seriesReportLines(facts, shown, color) : [])]);

  const failures: OutputFailure[] = [];
  const logError = log?.close();
  if (logError) failures.push({ target: o.events!.target, error: logError });
  const write = (target: string | undefined, render: () => string) => writeExport(target, render, failures);
  write(exports.junit, () => renderSeriesJunit(facts, shown));
  write(exports.tap, () => renderSeriesTap(facts, shown));
  write(exports.html, () => renderHtml(shown ?? createRunModel(), facts));
  return { exitCode: worst, failures };
}
