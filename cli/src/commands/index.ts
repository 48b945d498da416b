/**
 * The command registry. Adding a command is one line here: its name, its
 * one-line summary, and a lazy import of a module exporting `spec` and
 * `run` (see `CommandModule`). Modules load only when their command runs, so
 * `runner version` stays fast.
 */
import type { CommandSpec, ParsedArgs } from '../args.js';
import type { Io } from '../io.js';

/** What a command module exports. */
export interface CommandModule {
  spec: CommandSpec;
  /** Runs the command; returns the exit code. */
  run(args: ParsedArgs, io: Io): number | Promise<number>;
}

/** A registered command. */
export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<CommandModule>;
}

/** Every command, in the order the usage lists them. */
export const COMMANDS: CommandEntry[] = [
  { name: 'plan', summary: 'load a plan; print what it would send, its graph, or one task explained', load: () => import('./plan.js') },
  { name: 'run', summary: 'load and run a plan', load: () => import('./run.js') },
  { name: 'report', summary: 'render the HTML report from an event log', load: () => import('./report.js') },
  { name: 'import', summary: 'write a plan from a collection, a request file, a curl command line or an OpenAPI document', load: () => import('./import.js') },
  { name: 'version', summary: 'print build version, toolchain and commit', load: () => import('./version.js') },
];
