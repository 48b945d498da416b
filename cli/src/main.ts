/** `runner` command line: binds the dispatcher to the process. */
import { runCli } from './cli.js';
import { processIo } from './io.js';

// A reader that goes away (`runner plan --graph | head`) is not an error of ours:
// stop quietly, as Unix tools do, instead of dying on an unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await runCli(process.argv.slice(2), processIo());
