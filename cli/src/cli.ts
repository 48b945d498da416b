/**
 * The `runner` dispatcher: usage, help, command lookup, flag parsing and
 * the exit codes of usage errors (spec §4, §7). Commands do the rest.
 */
import { commandHelp, isUsageError, parseArgs } from './args.js';
import { COMMANDS } from './commands/index.js';
import { EXIT_USAGE, type Io } from './io.js';
import { closest } from './suggest.js';

/** The top-level usage text. */
export function usage(): string[] {
  const w = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: runner <command> [flags] [arguments]',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`),
    '',
    "run 'runner <command> --help' for a command's flags",
  ];
}

/**
 * Runs `runner` with arguments (without the program name); returns the exit code.
 * @example await runCli(['plan', '--graph', 'shop.plan.yaml'], processIo())
 */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    usage().forEach((l) => io.err(l));
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    if (topic !== undefined) {
      const entry = COMMANDS.find((c) => c.name === topic);
      if (!entry) return unknownCommand(topic, io);
      commandHelp((await entry.load()).spec).forEach((l) => io.out(l));
      return 0;
    }
    usage().forEach((l) => io.out(l));
    return 0;
  }
  if (first.startsWith('-')) {
    io.err(`runner: unknown flag ${first}; flags go after the command`);
    io.err("run 'runner --help' for usage");
    return EXIT_USAGE;
  }
  const entry = COMMANDS.find((c) => c.name === first);
  if (!entry) return unknownCommand(first, io);
  const mod = await entry.load();
  const parsed = parseArgs(mod.spec, rest);
  if (isUsageError(parsed)) {
    io.err(`runner ${entry.name}: ${parsed.message}`);
    io.err(`run 'runner ${entry.name} --help' for usage`);
    return EXIT_USAGE;
  }
  if (parsed.help) {
    commandHelp(mod.spec).forEach((l) => io.out(l));
    return 0;
  }
  return mod.run(parsed, io);
}

function unknownCommand(name: string, io: Io): number {
  const hint = closest(name, COMMANDS.map((c) => c.name));
  io.err(`runner: unknown command ${name}${hint ? ` (did you mean ${hint}?)` : ''}`);
  io.err("run 'runner --help' for usage");
  return EXIT_USAGE;
}
