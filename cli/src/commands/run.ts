/**
 * `runner run [flags] <plan>` (plan-runner.md §4 "runner run"). Order of
 * work: job and repeat counts checked, TLS flags checked, plan loaded,
 * `--only` resolved; then the run, its terminal report, and the exports
 * (`--events` streams while the run goes; JUnit, TAP and HTML are written
 * after it). `--repeat N` above 1 and `--compare-jobs` run a series instead
 * (the engine's `runSeries`; docs/run.md "Repeated runs"), whose exit code is
 * the worst of any run. `--openapi-coverage` loads its document with the
 * plan; the run session counts it (docs/run.md). Exit codes per plan-format.md.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { CommandSpec, ParsedArgs } from '../args.js';
import { EXIT_USAGE, type Io } from '../io.js';
import { closest } from '../suggest.js';
import { versionLine } from '../version-info.js';
import { fsReason } from 'vitest-plugin-plans/plan';
import { loadForCommand } from '../load-plan.js';
import { probeRuntime, runtimeLine } from '../runtimes.js';

/** Flags and arguments of `runner run`. */
export const spec: CommandSpec = {
  name: 'run',
  summary: 'load and run a plan',
  synopsis: 'run [flags] <plan>',
  description: [
    'Loads the plan and runs it: sends its requests, checks its assertions, reports the results.',
    'RUNNER_ENV_<NAME>=value in the environment replaces the plan\'s env.<name> (names match ignoring case).',
  ],
  flags: [
    { name: '--jobs', kind: 'string', metavar: 'N', help: 'tasks at once (default: the machine\'s processor parallelism); --jobs 1 runs in plan order' },
    { name: '--repeat', kind: 'string', metavar: 'N', help: 'run the whole plan N times (default 1)' },
    { name: '--compare-jobs', kind: 'bool', help: 'with --repeat: compare --jobs 1 with --jobs' },
    { name: '--timeout', kind: 'string', metavar: 'D', help: 'run deadline (default: the plan\'s timeout, or none)' },
    { name: '--finally-timeout', kind: 'string', metavar: 'D', help: 'deadline of the finally tasks (default 30s)' },
    { name: '--strict', kind: 'bool', help: 'lint warnings are load errors (exit 64)' },
    { name: '--strict-paths', kind: 'bool', help: 'fail a step when a path an assertion reads is absent and not in optional:' },
    { name: '--include-tag', kind: 'string', metavar: '<tag>', repeatable: true, help: 'run tasks with this tag (slow is left out by default)' },
    { name: '--only', kind: 'string', metavar: '<task>', repeatable: true, help: 'run this task and every task it needs' },
    { name: '--events', kind: 'string', metavar: '<path|->', help: 'write the event log (- is stdout; the report moves to stderr)' },
    { name: '--events-body-cap', kind: 'string', metavar: 'N', help: 'bytes of each body the event log carries (default 65536)' },
    { name: '--junit', kind: 'string', metavar: '<path>', help: 'also write JUnit XML' },
    { name: '--tap', kind: 'string', metavar: '<path>', help: 'also write TAP version 14' },
    { name: '--html', kind: 'string', metavar: '<path>', help: 'also write a one-file HTML report' },
    { name: '--openapi-coverage', kind: 'string', metavar: '<doc>', help: 'list which operations and documented statuses of this OpenAPI 3.1 document the run exercised' },
    { name: '--update-snapshots', kind: 'bool', help: 'write every snapshot file instead of comparing (exit 1)' },
    { name: '--insecure-skip-verify', kind: 'bool', help: 'skip TLS certificate verification' },
    { name: '--ca-cert', kind: 'string', metavar: '<path>', repeatable: true, help: 'also trust the PEM certificates in this file' },
    { name: '--client-cert', kind: 'string', metavar: '<path>', help: 'present this certificate (with --client-key)' },
    { name: '--client-key', kind: 'string', metavar: '<path>', help: 'key of --client-cert' },
  ],
  args: { min: 1, max: 1, what: 'plan file' },
};

/** Exit code when an export file could not be written. */
export const EXIT_EXPORT = 2;

function count(v: string | undefined): number | null | 'bad' {
  if (v === undefined) return null;
  if (!/^-?\d+$/.test(v.trim())) return 'bad';
  return Number(v);
}

function fsMessage(e: unknown, path: string): string {
  return `open ${path}: ${fsReason(e)}`;
}

/** Runs `runner run`. */
export async function run(args: ParsedArgs, io: Io): Promise<number> {
  const fail = (msg: string, code = EXIT_USAGE) => {
    io.err(`runner run: ${msg}`);
    return code;
  };
  // 1. job and repeat counts
  const jobsArg = count(args.value('--jobs'));
  const repeatArg = count(args.value('--repeat'));
  if (jobsArg === 'bad') return fail(`--jobs ${args.value('--jobs')}: want a whole number`);
  if (repeatArg === 'bad') return fail(`--repeat ${args.value('--repeat')}: want a whole number`);
  if ((jobsArg !== null && jobsArg < 1) || (repeatArg !== null && repeatArg < 1)) return fail('--jobs and --repeat must be at least 1');
  const jobs = jobsArg ?? availableParallelism();
  const repeat = repeatArg ?? 1;
  const compareJobs = args.has('--compare-jobs');
  if (compareJobs && jobs < 2) return fail('--compare-jobs needs --jobs 2 or more');

  const engine = await import('vitest-plugin-plans');
  const ms = (flag: string): number | undefined | string => {
    const v = args.value(flag);
    if (v === undefined) return undefined;
    const d = engine.parseDuration(v.trim());
    if (!d) return `${flag} ${v}: want a duration such as 30s or 1m30s`;
    return d.toNumber() / 1e6;
  };
  const timeoutMs = ms('--timeout');
  if (typeof timeoutMs === 'string') return fail(timeoutMs);
  const finallyMs = ms('--finally-timeout');
  if (typeof finallyMs === 'string') return fail(finallyMs);
  const capArg = count(args.value('--events-body-cap'));
  if (capArg === 'bad' || (capArg !== null && capArg < 0)) return fail(`--events-body-cap ${args.value('--events-body-cap')}: want a whole number of bytes`);

  // 2. TLS flags
  const abs = (p: string) => resolve(io.cwd, p);
  let tls;
  try {
    const t = engine.loadTlsOptions({
      insecureSkipVerify: args.has('--insecure-skip-verify'),
      caCerts: args.values('--ca-cert').map(abs),
      clientCert: args.value('--client-cert') && abs(args.value('--client-cert')!),
      clientKey: args.value('--client-key') && abs(args.value('--client-key')!),
    });
    tls = t.options;
    for (const w of t.warnings) io.err(w.replace(abs(args.value('--client-key') ?? ''), args.value('--client-key') ?? ''));
  } catch (e) {
    if (e instanceof engine.TlsFlagError) {
      // Messages name the files as the user wrote them, not as resolved.
      let msg = e.message;
      for (const p of [...args.values('--ca-cert'), args.value('--client-cert'), args.value('--client-key')]) {
        if (p !== undefined) msg = msg.split(abs(p)).join(p);
      }
      return fail(msg);
    }
    throw e;
  }

  // 3. plan loaded
  const file = args.positional[0]!;
  const loaded = await loadForCommand(file, io, args.has('--strict'));
  if (loaded === null) return EXIT_USAGE;
  // RUNNER_ENV_<NAME> points a plan at a target without editing it (docs/vitest.md, docs/run.md).
  const plan = engine.applyEnvOverrides(loaded, engine.envFromProcess(io.env));
  // Loaded with the plan, before anything is sent: a document that does not load is a usage error.
  const coverageArg = args.value('--openapi-coverage');
  let openapiCoverage;
  if (coverageArg !== undefined) {
    const c = engine.loadCoverageDocument(coverageArg, io.cwd);
    if (!c.ok) return fail(c.message);
    openapiCoverage = c.document;
  }

  // 4. --only resolved
  let only: { selected: Set<string>; notice: string } | undefined;
  const onlyNames = args.values('--only');
  if (onlyNames.length > 0) {
    const sel = engine.selectOnly(plan, onlyNames);
    if (sel.unknown.length > 0) {
      const name = sel.unknown[0]!;
      const hint = closest(name, [...plan.tasks.map((t) => t.name), ...plan.matrices.keys()]);
      return fail(`--only ${name}: no task named ${name}${hint ? ` (did you mean ${hint}?)` : ''}`);
    }
    const main = plan.tasks.filter((t) => sel.selected.has(t.name));
    const left = plan.tasks.filter((t) => !sel.selected.has(t.name)).map((t) => t.name);
    only = {
      selected: sel.selected,
      notice: `--only ${onlyNames.join(', ')}: ${main.length} of ${plan.tasks.length} tasks selected; left out: ${left.length > 0 ? left.join(', ') : 'none'}`,
    };
  }

  // The run: one session (one scrubber, one emitter); every output is a consumer of its events.
  const eventsTarget = args.value('--events');
  const human = eventsTarget === '-' ? io.err : io.out;
  const humanStream = eventsTarget === '-' ? process.stderr : process.stdout;
  const onProcess = io.env === process.env;
  const tty = onProcess && humanStream.isTTY === true;
  const target = (flag: string) => (args.value(flag) === undefined ? undefined : abs(args.value(flag)!));
  const write = (text: string) => {
    if (text.startsWith('\r')) {
      humanStream.write(text);
      return;
    }
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    for (const l of lines) human(l);
  };
  const asWritten = new Map<string, string>();
  for (const flag of ['--events', '--junit', '--tap', '--html']) {
    const v = args.value(flag);
    if (v !== undefined) asWritten.set(v === '-' ? '-' : abs(v), v);
  }
  const stop = new AbortController();
  const runOptions = {
    plan,
    jobs,
    version: versionLine(),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(finallyMs !== undefined ? { finallyTimeoutMs: finallyMs } : {}),
    includeTags: args.values('--include-tag'),
    ...(only ? { only } : {}),
    strictPaths: args.has('--strict-paths'),
    updateSnapshots: args.has('--update-snapshots'),
    tls,
    stop: stop.signal,
    runtimes: plan.runtimes.map((r) => runtimeLine(probeRuntime(r, io.env, plan.dir))),
  };
  const exportFailed = (failures: Array<{ target: string; error: Error }>, code: number) => {
    for (const f of failures) {
      io.err(`runner run: ${fsMessage(f.error, asWritten.get(f.target) ?? f.target)}`);
      code = Math.max(code, EXIT_EXPORT);
    }
    return code;
  };

  // A signal stops the run, or ends the series after the run it cuts short.
  const onSignal = (sig: NodeJS.Signals) => () => stop.abort(sig);
  const sigint = onSignal('SIGINT');
  const sigterm = onSignal('SIGTERM');
  if (onProcess) {
    process.once('SIGINT', sigint);
    process.once('SIGTERM', sigterm);
  }

  // A series (docs/run.md "Repeated runs"): one run session per repeat on this loaded plan.
  if (repeat > 1 || compareJobs) {
    try {
      const series = await engine.runSeries({
        run: runOptions,
        repeat,
        compareJobs,
        bodyCap: capArg ?? engine.DEFAULT_EVENTS_BODY_CAP,
        ...(eventsTarget !== undefined ? { events: { target: eventsTarget === '-' ? '-' : abs(eventsTarget), stdout: io.out } } : {}),
        exports: { junit: target('--junit'), tap: target('--tap'), html: target('--html') },
        terminal: { color: tty && io.env.NO_COLOR === undefined, write },
        ...(openapiCoverage ? { openapiCoverage } : {}),
      });
      return exportFailed(series.failures, series.exitCode);
    } finally {
      if (onProcess) {
        process.off('SIGINT', sigint);
        process.off('SIGTERM', sigterm);
      }
    }
  }

  const session = engine.createRunSession({
    bodyCap: capArg ?? engine.DEFAULT_EVENTS_BODY_CAP,
    ...(eventsTarget !== undefined ? { events: { target: eventsTarget === '-' ? '-' : abs(eventsTarget), stdout: io.out } } : {}),
    exports: { junit: target('--junit'), tap: target('--tap'), html: target('--html') },
    terminal: {
      color: tty && io.env.NO_COLOR === undefined,
      progress: tty,
      write,
    },
    ...(openapiCoverage ? { openapiCoverage } : {}),
  });

  let outcome;
  try {
    outcome = await session.run(runOptions);
  } finally {
    if (onProcess) {
      process.off('SIGINT', sigint);
      process.off('SIGTERM', sigterm);
    }
  }

  // Exports, after the run. The exit code never reads them, except that a write failure raises it.
  return exportFailed(session.finish(), outcome.exitCode);
}
