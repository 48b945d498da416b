/** `runner` command line. */
process.stderr.write('usage: runner <command> [flags]\n');
process.exitCode = 64;
