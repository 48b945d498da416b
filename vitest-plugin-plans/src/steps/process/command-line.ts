/**
 * How a command is shown (failure block, event log) and why it did not start:
 * the words a user can paste into a shell, and spawn errors in the step's terms.
 */
import { existsSync } from 'node:fs';

/** One argument as a POSIX shell would need it written. */
export function quoteArg(a: string): string {
  if (a === '') return "''";
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command line: command and arguments, quoted where a shell would need it.
 * @example commandLine('echo', ['a b']) // "echo 'a b'"
 */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(quoteArg).join(' ');
}

/**
 * The step error for a command that did not start, naming it.
 * @param what `exec` (the command) or `script` (the runtime)
 * @param resolved the path spawned, when the command names a file
 */
export function startError(what: 'exec' | 'script', command: string, resolved: string, err: { code: string; message: string }): string {
  const noun = what === 'exec' ? 'command' : 'runtime';
  if (err.code === 'ENOENT') {
    if (!command.includes('/')) return `${what}: no such ${noun}: ${command} (not found on PATH)`;
    // The file is there, so what is missing is the interpreter its #! line names.
    if (existsSync(resolved)) return `${what}: ${command}: the interpreter its #! line names was not found`;
    return `${what}: no such ${noun}: ${command} (no such file)`;
  }
  if (err.code === 'EACCES') return `${what}: ${command}: permission denied (is it an executable file?)`;
  if (err.code === 'ENOEXEC') return `${what}: ${command}: not an executable format (a script needs a #! line)`;
  return `${what}: cannot start ${command}: ${err.message}`;
}
