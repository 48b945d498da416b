/**
 * `evaluator` command line: a small dispatcher. Each subcommand is imported lazily so that
 * `evaluator eval` never loads the HTTP stack and `serve` never loads what it does not use.
 * Every subcommand module exports `<name>Command(argv): Promise<number>` (the exit code).
 */
const USAGE = `usage: evaluator <command> [flags]

commands:
  serve   run the HTTP service
  keys    create, revoke or list API keys
  eval    evaluate Scheme files without HTTP
`;

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve-command.js')).serveCommand,
  keys: async () => (await import('./keys-command.js')).keysCommand,
  eval: async () => (await import('./eval-command.js')).evalCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  const load = name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (load === undefined) {
    process.stderr.write(name === undefined ? USAGE : `evaluator: unknown command ${JSON.stringify(name)}\n${USAGE}`);
    return 64;
  }
  return (await load())(rest);
}

process.exitCode = await main(process.argv.slice(2));
