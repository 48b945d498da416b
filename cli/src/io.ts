/**
 * The streams and working directory a command sees. `main.ts` binds them to
 * the process; tests capture them in memory and run the same code.
 */
export interface Io {
  /** Writes one line (a newline is added) to stdout. */
  out(line: string): void;
  /** Writes one line (a newline is added) to stderr. */
  err(line: string): void;
  /** Directory relative paths on the command line resolve against. */
  cwd: string;
  /** Environment variables. */
  env: Record<string, string | undefined>;
}

/** An Io on the real process streams. */
export function processIo(): Io {
  return {
    out: (l) => process.stdout.write(l + '\n'),
    err: (l) => process.stderr.write(l + '\n'),
    cwd: process.cwd(),
    env: process.env,
  };
}

/** An Io that records what was written (for tests). */
export function memoryIo(cwd: string, env: Record<string, string | undefined> = {}): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), cwd, env };
}

/** Exit code of usage errors, load errors and lints under --strict (spec §7). */
export const EXIT_USAGE = 64;
