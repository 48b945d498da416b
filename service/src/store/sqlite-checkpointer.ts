/**
 * WAL checkpoints off the event loop. A checkpoint copies committed pages from the WAL into the
 * database file and fsyncs both: several ms, up to tens of ms on a busy disk. Run by SQLite's
 * automatic checkpoint it happens inside whichever commit crosses the threshold, on the HTTP
 * thread (better-sqlite3 is synchronous), and every request in flight waits. So `serve`'s
 * connection raises its threshold to a backstop (`BACKSTOP_PAGES`), and this worker thread, with
 * its own connection, runs a PASSIVE checkpoint after every `everyCommits` commits of the serving
 * connection: PASSIVE never waits for or blocks readers and writers.
 *
 * Not on a timer: once the WAL is fully copied, the next commit restarts it from the beginning,
 * and SQLite fsyncs the new WAL header inside that commit, on the event loop. Checkpointing by
 * commit count keeps those restarts as rare as SQLite's own threshold would (one per thousands of
 * pages) while the copying and its fsyncs move off the event loop.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/** Automatic checkpoint threshold of the serving connection: only if this worker falls behind. */
export const BACKSTOP_PAGES = 10_000;

/** Commits between two checkpoints (each commit adds at least one page to the WAL). */
export const CHECKPOINT_EVERY_COMMITS = 2_000;

/** A running checkpointer. */
export interface Checkpointer {
  /** Counts one commit of the serving connection; asks for a checkpoint every `everyCommits`. */
  noteCommit(): void;
  /** Stops the worker; idempotent. */
  stop(): Promise<void>;
}

// Plain CommonJS, eval'd: no worker entry file to locate from dist/ and from TypeScript sources.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
// Background work: on Linux a thread's own nice value yields the CPU to the HTTP thread.
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 10);
} catch {
  // Not Linux or not permitted: normal priority.
}
parentPort.on('message', (m) => {
  if (m === 'stop') {
    db.close();
    process.exit(0);
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // SQLITE_BUSY or a transient error: the next request tries again; the backstop remains.
  }
  parentPort.postMessage('done');
});
`;

/**
 * Starts a checkpointing worker thread for the WAL of `file`.
 * @example const cp = startCheckpointer('/data/evaluator.db'); cp.noteCommit(); ... await cp.stop();
 */
export function startCheckpointer(file: string, everyCommits = CHECKPOINT_EVERY_COMMITS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { driver, file } });
  // Never keeps the process alive, and a failure only leaves the backstop doing the work.
  worker.unref();
  worker.on('error', () => {});
  let commits = 0;
  let running = false;
  worker.on('message', () => {
    running = false;
  });
  let stopped: Promise<void> | null = null;
  return {
    noteCommit() {
      if (++commits < everyCommits || running || stopped) return;
      commits = 0;
      running = true;
      worker.postMessage('checkpoint');
    },
    stop() {
      return (stopped ??= new Promise<void>((resolve) => {
        if (worker.threadId === -1) return resolve();
        worker.once('exit', () => resolve());
        // Unref'd, the worker would not keep the loop alive long enough to exit cleanly.
        worker.ref();
        worker.postMessage('stop');
        // A worker stuck in a checkpoint still ends: terminate after a grace period.
        setTimeout(() => void worker.terminate(), 2_000).unref();
      }));
    },
  };
}
