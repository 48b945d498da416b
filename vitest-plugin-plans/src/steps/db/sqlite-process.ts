/**
 * The runner's side of one SQLite worker process (sqlite-host.ts): spawn it
 * in its own process group (a terminal's Ctrl-C reaches the runner, which
 * decides what happens, not the worker), send requests over IPC, match the
 * replies, and kill it to stop a statement. Its IPC channel holds the event
 * loop only while a request is in flight.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SqliteReady, SqliteReply, SqliteRequest } from './sqlite-protocol.js';
import { DbError, MAX_ROWS } from './types.js';

/** How long the worker may take to start (tsx compiles it when the runner runs from source). */
const START_TIMEOUT_MS = 30_000;

/** A request without its id (the process numbers them). */
export type Request = SqliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** A request in flight, with its caller's ends. */
export interface Pending {
  msg: Request;
  resolve(r: SqliteReply): void;
  reject(e: Error): void;
}

/** `node <host>` (or `node --import tsx <host>.ts` when running from source under Vitest). */
function hostArgs(file: string): string[] {
  const self = import.meta.url;
  const fromSource = self.endsWith('.ts');
  const host = fileURLToPath(new URL(`./sqlite-host.${fromSource ? 'ts' : 'js'}`, self));
  const args = [host, file, String(MAX_ROWS)];
  if (!fromSource) return args;
  // tsx is a dev dependency: only the TypeScript sources need it; dist/ runs plain JavaScript.
  return ['--import', pathToFileURL(createRequire(self).resolve('tsx')).href, ...args];
}

/** One running worker for one database file. */
export class SqliteProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly ready: Promise<void>;
  private nextId = 1;
  private stderr = '';
  /** Set when the worker exited or was killed: the session starts a new one. */
  dead = false;
  private killed = false;

  constructor(private readonly display: string, file: string) {
    this.child = spawn(process.execPath, hostArgs(file), { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', detached: true });
    this.child.stderr?.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString('utf8')).slice(-2000)));
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new DbError('connect', `cannot open ${display}: the SQLite worker did not start within ${START_TIMEOUT_MS / 1000}s`)), START_TIMEOUT_MS);
      this.child.once('message', (m: SqliteReady) => {
        clearTimeout(timer);
        if (m?.ready) resolve();
      });
      this.child.once('exit', () => {
        clearTimeout(timer);
        reject(this.exitError());
      });
      this.child.once('error', (e) => {
        clearTimeout(timer);
        reject(new DbError('connect', `cannot open ${display}: ${e.message}`));
      });
    });
    this.ready.catch(() => undefined);
    this.child.on('message', (m: SqliteReply | SqliteReady) => {
      if ('ready' in m) return;
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      this.idle();
      p?.resolve(m);
    });
    this.child.on('exit', () => {
      this.dead = true;
      const err = this.exitError();
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    });
    this.child.on('error', () => (this.dead = true));
  }

  private exitError(): DbError {
    const why = this.killed ? 'was stopped' : `exited (${this.child.exitCode ?? this.child.signalCode})${this.stderr ? `: ${this.stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`;
    return new DbError('connect', `the SQLite worker for ${this.display} ${why}`);
  }

  /** The event loop is held only while a request is in flight. */
  private idle(): void {
    if (this.pending.size > 0) return;
    this.child.unref();
    (this.child.channel as { unref?: () => void } | null | undefined)?.unref?.();
  }

  /** Sends a request; resolves with its reply (a refusal is a reply with ok false). @throws DbError when the worker dies */
  async send(msg: Request): Promise<SqliteReply> {
    this.child.ref();
    (this.child.channel as { ref?: () => void } | null | undefined)?.ref?.();
    const id = this.nextId++;
    const reply = new Promise<SqliteReply>((resolve, reject) => this.pending.set(id, { msg, resolve, reject }));
    try {
      await this.ready;
    } catch (e) {
      this.pending.delete(id);
      this.idle();
      throw e;
    }
    if (this.dead) {
      this.pending.delete(id);
      throw this.exitError();
    }
    this.child.send({ ...msg, id } as SqliteRequest);
    return reply;
  }

  /**
   * Kills the worker (SQLite's interrupt: the statement stops, an open
   * transaction is rolled back by the journal). Returns the requests still
   * in flight, for the session to send again or fail.
   */
  kill(): Pending[] {
    const others = [...this.pending.values()];
    this.pending.clear();
    this.killed = true;
    this.dead = true;
    this.child.kill('SIGKILL');
    return others;
  }

  /** Ends the worker: disconnect (it exits), SIGKILL if it has not after a second. */
  async close(): Promise<void> {
    if (this.dead) return;
    const exited = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.killed = true;
    try {
      this.child.disconnect();
    } catch {
      // already gone
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 1000);
    await exited;
    clearTimeout(timer);
  }
}
