/** `evaluator` command line: dispatches to the subcommands. */
const USAGE = `usage: evaluator <command> [flags]

commands:
  serve   run the HTTP service
  keys    create, revoke or list API keys
  eval    evaluate Scheme files without HTTP
`;
process.stderr.write(USAGE);
process.exitCode = 64;
