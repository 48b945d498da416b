/**
 * One run session: the one place that wires the engine to its consumers, for
 * `runner run` and the Vitest face alike. It owns the scrubber and the emitter
 * (the one scrub point, before any writer), the event log, the run model the
 * exports and test outcomes read, the terminal report, and the export files.
 */
import { writeExport, type OutputFailure } from './write-export.js';
import { createEmitter, DEFAULT_EVENTS_BODY_CAP, type Emitter } from '../events/emitter.js';
import { eventLine, openLogWriter, type LogWriter } from '../events/log.js';
import { createScrubber } from '../events/scrubber.js';
import type { ExchangeEvent, RunEvent } from '../events/types.js';
import { runPlan, type RunOptions, type RunOutcome } from '../engine/run.js';
import { renderHtml } from '../report/html.js';
import { renderJunit } from '../report/junit.js';
import { createRunModel, type RunModel, type TaskReport } from '../report/model.js';
import { renderTap } from '../report/tap.js';
import { createTerminalReporter, type TerminalOptions } from '../report/terminal.js';
import { stepModule } from '../steps/registry.js';
import { createCoverageTally, type CoverageDocument } from './openapi-coverage.js';

/** Export files, by absolute path. */
export interface ExportTargets {
  junit?: string;
  tap?: string;
  html?: string;
}

export interface RunSessionOptions {
  /** `--events-body-cap` (default 65536). */
  bodyCap?: number;
  /** `--events`: a path, or `-` with the function that writes a line to stdout. */
  events?: { target: string; stdout?: (line: string) => void };
  /** The human report, when wanted. */
  terminal?: TerminalOptions;
  exports?: ExportTargets;
  /** Keep every task's report in the model (exports need them). Default: when exports are asked for. */
  keepTasks?: boolean;
  /** Called with each task's report as it ends (the Vitest face settles its tests here). */
  onTaskEnd?: (task: TaskReport) => void;
  /** `--openapi-coverage`: tally the run's exchanges against this document; the result is an event before `run.end`. */
  openapiCoverage?: CoverageDocument;
}

export type { OutputFailure } from './write-export.js';

export interface RunSession {
  readonly emitter: Emitter;
  readonly model: RunModel;
  /** Runs the plan through the session's emitter. */
  run(options: Omit<RunOptions, 'emitter'>): Promise<RunOutcome>;
  /** Closes the log and writes the exports; returns what could not be written. */
  finish(): OutputFailure[];
}

/** The failure block's lines of an exchange, in its kind's own rendering. */
function renderExchange(ex: ExchangeEvent): string[] {
  return stepModule(ex.kind).renderExchange(ex);
}

/**
 * @example
 * const session = createRunSession({ terminal: { color: false, progress: false, write: (t) => process.stdout.write(t) } });
 * const outcome = await session.run({ plan, jobs: 4, version: 'x' });
 * session.finish();
 */
export function createRunSession(options: RunSessionOptions = {}): RunSession {
  const scrubber = createScrubber();
  const emitter = createEmitter({ scrubber, bodyCap: options.bodyCap ?? DEFAULT_EVENTS_BODY_CAP, renderExchange });
  const exports = options.exports ?? {};
  const keepTasks = options.keepTasks ?? Object.values(exports).some((x) => x !== undefined);
  const model = createRunModel({ keepTasks });
  // Parsing every line back costs time; only exports and test outcomes need the model.
  const feedModel = keepTasks || options.onTaskEnd !== undefined;
  if (options.terminal) emitter.onEvent(createTerminalReporter(options.terminal));
  const log: LogWriter | null = options.events ? openLogWriter(options.events.target, options.events.stdout) : null;
  emitter.onEvent((ev) => {
    const line = eventLine(ev);
    log?.writeLine(line, ev);
    // The model reads the very lines the log carries, so `runner report --html` equals `run --html`.
    if (!feedModel) return;
    const done = model.add(JSON.parse(line) as RunEvent);
    if (done) options.onTaskEnd?.(done);
  });
  // Coverage is counted once, here, from the scrubbed exchanges, and sent as one event just before run.end,
  // so the terminal prints it above the summary and the log carries it for `runner report`.
  const tally = options.openapiCoverage ? createCoverageTally(options.openapiCoverage) : null;
  if (tally) emitter.onEvent((ev) => tally.add(ev));
  const engineEmitter: Emitter = !tally
    ? emitter
    : {
        ...emitter,
        emit: (ev) => {
          if (ev.type === 'run.end') emitter.emit(tally.event());
          emitter.emit(ev);
        },
      };
  return {
    emitter,
    model,
    run: (o) => runPlan({ ...o, emitter: engineEmitter }),
    finish() {
      const failures: OutputFailure[] = [];
      const logError = log?.close();
      if (logError) failures.push({ target: options.events!.target, error: logError });
      const write = (target: string | undefined, render: () => string) => writeExport(target, render, failures);
      write(exports.junit, () => renderJunit(model));
      write(exports.tap, () => renderTap(model));
      write(exports.html, () => renderHtml(model));
      return failures;
    },
  };
}
