/**
 * `runner report --html <out> <events>`: renders the HTML report from an
 * event log, byte for byte what `run --html` wrote for that run (or series,
 * after `--repeat`). A log with
 * an unknown event type or field, or another schema, is refused with the
 * event's number (exit 64).
 */
import { fsReason } from 'vitest-plugin-plans/plan';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandSpec, ParsedArgs } from '../args.js';
import { EXIT_USAGE, type Io } from '../io.js';

/** Flags and arguments of `runner report`. */
export const spec: CommandSpec = {
  name: 'report',
  summary: 'render the HTML report from an event log',
  synopsis: 'report --html <out> <events>',
  description: ['Reads an event log written by `runner run --events` and writes the HTML report.'],
  flags: [{ name: '--html', kind: 'string', metavar: '<out>', help: 'where to write the HTML report (required)' }],
  args: { min: 1, max: 1, what: 'event log' },
};

/** Runs `runner report`. */
export async function run(args: ParsedArgs, io: Io): Promise<number> {
  const out = args.value('--html');
  if (out === undefined) {
    io.err('runner report: --html is required');
    return EXIT_USAGE;
  }
  const engine = await import('vitest-plugin-plans');
  const file = args.positional[0]!;
  let text: string;
  try {
    const abs = resolve(io.cwd, file);
    // A device or pipe (`/dev/zero`) would never end.
    const st = statSync(abs);
    if (!st.isFile() && !st.isDirectory()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
    text = readFileSync(abs, 'utf8');
  } catch (e) {
    io.err(`runner report: open ${file}: ${fsReason(e)}`);
    return EXIT_USAGE;
  }
  let events;
  try {
    events = engine.parseEventLog(text);
  } catch (e) {
    if (e instanceof engine.EventLogError) {
      io.err(`runner report: ${file}: ${e.message}`);
      return EXIT_USAGE;
    }
    throw e;
  }
  // A series log (`run --repeat N`) renders its flake report and the run it shows in full.
  const series = engine.seriesFromEvents(events);
  let html: string;
  if (series) html = engine.renderHtml(series.model, series.facts);
  else {
    const model = engine.createRunModel();
    for (const ev of events) model.add(ev);
    html = engine.renderHtml(model);
  }
  try {
    writeFileSync(resolve(io.cwd, out), html);
  } catch (e) {
    io.err(`runner report: open ${out}: ${fsReason(e)}`);
    return 2;
  }
  return 0;
}
