/**
 * The names a process step puts in scope (spec §2 "Names in scope", exec):
 * `exitCode` (nil when a signal ended it), `signal` (the signal's name, else
 * nil), `stdout`, `stderr`, `truncated.stdout`, `truncated.stderr`,
 * `duration.total`. Script steps add theirs on top.
 */
import { durationFromMs } from '../../expr/duration.js';
import { BOOL, NUM, STR, phases, record, type Type } from '../../expr/types.js';
import { NIL, bool, dur, map, num, str, type Value } from '../../expr/values.js';
import type { ProcessRun } from './spawn.js';

/** Timing phases of exec and script steps. */
export const PROCESS_PHASES: readonly string[] = ['total'];

/** Types of the process names. */
export function processScope(): Record<string, Type> {
  return { exitCode: NUM, signal: STR, stdout: STR, stderr: STR, truncated: record('truncated', { stdout: BOOL, stderr: BOOL }), duration: phases(PROCESS_PHASES) };
}

/** Values of the process names. */
export function processNames(run: ProcessRun, stdout: string, stderr: string): Record<string, Value> {
  return {
    exitCode: run.exitCode === null ? NIL : num(run.exitCode),
    signal: run.signal === null ? NIL : str(run.signal),
    stdout: str(stdout),
    stderr: str(stderr),
    truncated: map({ stdout: bool(run.stdout.truncated), stderr: bool(run.stderr.truncated) }, 'record'),
    duration: map({ total: dur(durationFromMs(run.durationMs)) }, 'phases'),
  };
}
