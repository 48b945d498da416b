/**
 * Runs a script step: `<runtime> <file> <args…>` with `{ env, tasks, run,
 * args }` as JSON on stdin and the NDJSON protocol read from fd 3, under the
 * same process rules as exec (process group, timeout, caps, leak line). The
 * checks become the step's assertions; ok with no check is unverified. Loaded
 * only when a script step runs.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { NIL, bool, list, map, str, type Value } from '../../expr/values.js';
import type { StepOf } from '../../plan/types.js';
import type { StepContext, StepOutcome } from '../types.js';
import { commandLine, quoteArg, startError } from '../process/command-line.js';
import { processExchange } from '../process/exchange.js';
import { reportLeaks } from '../process/leaks.js';
import { processNames } from '../process/names.js';
import { MARKER_VAR } from '../process/proc-scan.js';
import { runProcess } from '../process/spawn.js';
import { baseEnv } from '../process/base-env.js';
import { ProtocolReader } from './protocol.js';
import { scriptPath } from './source-file.js';
import type { ScriptRequest } from './types.js';

/** The JSON on the script's stdin; env, tasks and run keep their numbers as written. */
function input(q: ScriptRequest, ctx: StepContext, args: string[]): string {
  const r = ctx.render;
  return `{"env":${r.text(q.input.env)},"tasks":${r.text(q.input.tasks)},"run":${r.text(q.input.run)},"args":${JSON.stringify(args)}}\n`;
}

/** The command line as the block shows it: `node checks/a.js x`, or `node (inline source) x`. */
function shownCommand(q: ScriptRequest, args: string[]): string {
  if (q.file) return commandLine(q.runtime, [q.file.path, ...args]);
  return `${quoteArg(q.runtime)} (inline source)${args.map((a) => ` ${quoteArg(a)}`).join('')}`;
}

/** Runs one script step. */
export async function runScript(step: StepOf<ScriptRequest>, ctx: StepContext): Promise<StepOutcome> {
  const q = step.request;
  const planDir = ctx.resources.planDir;
  const args = q.args.map((t) => ctx.render.text(t));
  const stdin = input(q, ctx, args);
  const program = q.runtime.includes('/') ? resolve(planDir, q.runtime) : q.runtime;
  const file = scriptPath(q, ctx.resources);
  const marker = randomUUID();
  const reader = new ProtocolReader();
  const run = await runProcess({ command: program, args: [file, ...args], cwd: planDir, baseEnv: baseEnv(ctx.resources), env: {}, stdin, maxOutput: q.maxOutput, onFd3: (c) => reader.push(c), signal: ctx.signal, marker });
  const proto = reader.end();
  const error = run.spawnError ? startError('script', q.runtime, program, run.spawnError) : proto.error;
  const stdout = run.stdout.text();
  const stderr = run.stderr.text();
  const extra = { logs: proto.logs, checks: proto.checks.length, failedChecks: proto.checks.filter((c) => !c.ok).map((c) => c.name) };
  ctx.exchange(processExchange({ method: 'script', line: shownCommand(q, args), env: [[MARKER_VAR, marker]], stdin, run, stdoutText: stdout, stderrText: stderr, error, extra }));
  reportLeaks(run.left, marker, ctx);
  if (run.timedOut) return { names: {}, requests: 0, error: null, timedOut: { phase: 'waiting for the script to exit' } };
  if (error !== null) return { names: {}, requests: 0, error, timedOut: null };
  const ok = run.exitCode === 0 && proto.checks.every((c) => c.ok);
  const checks: Value[] = proto.checks.map((c) => map({ name: str(c.name), ok: bool(c.ok), detail: c.value }, 'record'));
  return {
    names: { ...processNames(run, stdout, stderr), ok: bool(ok), result: proto.result ?? NIL, checks: list(checks), logs: list(proto.logs.map(str)) },
    requests: 0,
    error: null,
    timedOut: null,
    checks: proto.checks.map(({ name, ok: held, detail }) => ({ name, ok: held, detail })),
    unverified: ok && proto.checks.length === 0,
  };
}
