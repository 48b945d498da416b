/** Writes one export file (JUnit, TAP, HTML) for a run or a series, creating its folders; a failure is collected, not thrown. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A failure to write an output file. */
export interface OutputFailure {
  /** The path as the session was given it. */
  target: string;
  error: Error;
}

/**
 * Renders and writes `target` when it is set. Like Vitest and Jest, an export
 * into a folder that does not exist yet creates it.
 */
export function writeExport(target: string | undefined, render: () => string, failures: OutputFailure[]): void {
  if (target === undefined) return;
  try {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, render());
  } catch (e) {
    failures.push({ target, error: e as Error });
  }
}
