/** `runner` command line: binds the dispatcher to the process. */
import { runCli } from './cli.js';
import { processIo } from './io.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());
