/**
 * WAL checkpoints off the event loop. A checkpoint copies committed pages from the WAL into the
 * database file and fsyncs both: several ms, up to tens of ms on a busy disk. Run by SQLite's
 * automatic checkpoint it happens inside whichever commit crosses the threshold, on the HTTP
 * thread (better-sqlite3 is synchronous), and every request in flight waits. So `serve`'s
 * connection raises its threshold to a backstop (`BACKSTOP_PAGES`), and this worker thread, with
 * its own connection, runs a PASSIVE checkpoint every `intervalMs`: PASSIVE never waits for or
 * blocks readers and writers, and the next writer restarts the WAL once it is fully copied.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/** Automatic checkpoint threshold of the serving connection: only if this worker falls behind. */
export const BACKSTOP_PAGES = 10_000;

/** A running checkpointer. */
export interface Checkpointer {
  /** Stops the worker; idempotent. */
  stop(): Promise<void>;
}

// Plain CommonJS, eval'd: no worker entry file to locate from dist/ and from TypeScript sources.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const tick = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // SQLITE_BUSY or a transient error: the next tick tries again; the backstop remains.
  }
};
setInterval(tick, workerData.intervalMs);
parentPort.on('message', () => {
  db.close();
  process.exit(0);
});
`;

/**
 * Starts checkpointing the WAL of `file` every `intervalMs` in a worker thread.
 * @example const cp = startCheckpointer('/data/evaluator.db'); ... await cp.stop();
 */
export function startCheckpointer(file: string, intervalMs = 250): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
  // Never keeps the process alive, and a failure only leaves the backstop doing the work.
  worker.unref();
  worker.on('error', () => {});
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      return (stopped ??= new Promise<void>((resolve) => {
        if (worker.threadId === -1) return resolve();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
        // A worker stuck in a checkpoint still ends: terminate after a grace period.
        setTimeout(() => void worker.terminate(), 2_000).unref();
      }));
    },
  };
}
