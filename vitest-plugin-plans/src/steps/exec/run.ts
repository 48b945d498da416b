/**
 * Runs an exec step: renders command, args, env and stdin, runs the command
 * (no shell, its own process group; process/spawn.ts), records the exchange,
 * reports what it left running, and reads the outcome into names. Loaded only
 * when an exec step runs.
 */
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { StepOf } from '../../plan/types.js';
import type { StepContext, StepOutcome } from '../types.js';
import { commandLine, startError } from '../process/command-line.js';
import { processExchange } from '../process/exchange.js';
import { reportLeaks } from '../process/leaks.js';
import { processNames } from '../process/names.js';
import { MARKER_VAR } from '../process/proc-scan.js';
import { runProcess } from '../process/spawn.js';
import { baseEnv } from '../process/base-env.js';
import type { ExecRequest } from './types.js';

const errored = (error: string): StepOutcome => ({ names: {}, requests: 0, error, timedOut: null });

/** Runs one exec step. */
export async function runExec(step: StepOf<ExecRequest>, ctx: StepContext): Promise<StepOutcome> {
  const q = step.request;
  const planDir = ctx.resources.planDir;
  const command = ctx.render.text(q.command);
  const args = q.args.map((t) => ctx.render.text(t));
  const env: Array<[string, string]> = q.env.map((e) => [e.name, ctx.render.text(e.value)]);
  const stdin = q.stdin === undefined ? undefined : ctx.render.text(q.stdin);
  if (command.trim() === '') return errored(`exec: the command is empty (it rendered from ${JSON.stringify(q.command.source)})`);
  const cwd = resolve(planDir, q.cwd ?? '.');
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) return errored(`exec: cwd ${q.cwd} is not a directory (${cwd})`);
  // A command naming a file is relative to the plan, like every path a plan names; a bare name is looked up on PATH.
  const program = command.includes('/') ? resolve(planDir, command) : command;
  const marker = randomUUID();
  const run = await runProcess({ command: program, args, cwd, baseEnv: baseEnv(ctx.resources), env: Object.fromEntries(env), ...(stdin !== undefined ? { stdin } : {}), maxOutput: q.maxOutput, signal: ctx.signal, marker });
  const error = run.spawnError ? startError('exec', command, program, run.spawnError) : null;
  const stdout = run.stdout.text();
  const stderr = run.stderr.text();
  ctx.exchange(processExchange({ method: 'exec', line: commandLine(command, args), env: [...env, [MARKER_VAR, marker]], stdin: stdin ?? null, run, stdoutText: stdout, stderrText: stderr, error }));
  reportLeaks(run.left, marker, ctx);
  if (run.timedOut) return { names: {}, requests: 0, error: null, timedOut: { phase: 'waiting for the command to exit' } };
  if (error !== null) return errored(error);
  return { names: processNames(run, stdout, stderr), requests: 0, error: null, timedOut: null };
}
