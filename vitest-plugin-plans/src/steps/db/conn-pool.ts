/**
 * The connection pool of the pg and mysql2 sessions. The drivers' own pools
 * cannot abandon a connection attempt: a step whose deadline falls while
 * connecting to a silent host left the attempt alive, and the run's end
 * waited for it (10 s). This one holds the connecting client, so a deadline
 * or the run's end destroys it at once. At most `max` connections; waiters
 * are served in order; a broken connection is destroyed, not reused.
 */
import { DbError, WHILE_CONNECTING, aborted } from './types.js';

/** How a driver opens and destroys one connection. */
export interface ConnFactory<C> {
  max: number;
  /** Starts connecting at once; `ready` settles when the connection can be used (session set up). */
  open(): { conn: C; ready: Promise<void> };
  /** Closes a connection now (drops its socket), connected or not. */
  destroy(conn: C): void;
}

/** Connections to one database. */
export class ConnPool<C> {
  private readonly free: C[] = [];
  private readonly all = new Set<C>();
  private readonly waiters: Array<{ give(c: C): void; fail(e: Error): void }> = [];
  private closed = false;

  constructor(private readonly f: ConnFactory<C>) {}

  /** A connection: a free one, a new one, or the next one released. @throws DbError `timeout` (the signal), or the driver's connect error */
  async acquire(signal: AbortSignal): Promise<C> {
    if (this.closed) throw new DbError('connect', 'the run has ended');
    const idle = this.free.pop();
    if (idle !== undefined) return idle;
    const stop = aborted(signal, WHILE_CONNECTING);
    try {
      if (this.all.size < this.f.max) {
        const { conn, ready } = this.f.open();
        this.all.add(conn);
        try {
          await Promise.race([ready, stop.promise]);
        } catch (e) {
          this.drop(conn);
          throw e;
        }
        return conn;
      }
      let waiter: { give(c: C): void; fail(e: Error): void } | undefined;
      const handed = new Promise<C>((give, fail) => this.waiters.push((waiter = { give, fail })));
      try {
        return await Promise.race([handed, stop.promise]);
      } catch (e) {
        const i = this.waiters.indexOf(waiter!);
        if (i >= 0) this.waiters.splice(i, 1);
        // Handed over just as the signal fell: give it back.
        handed.then((c) => this.release(c, false), () => undefined);
        throw e;
      }
    } finally {
      stop.dispose();
    }
  }

  /** Gives a connection back; a broken one (or any, after close) is destroyed. */
  release(conn: C, broken: boolean): void {
    if (!this.all.has(conn)) return;
    if (broken || this.closed) {
      this.drop(conn);
      // A waiter gets a fresh connection in its place.
      const w = this.waiters.shift();
      if (w && !this.closed) this.acquire(new AbortController().signal).then(w.give, w.fail);
      return;
    }
    const w = this.waiters.shift();
    if (w) w.give(conn);
    else this.free.push(conn);
  }

  /** Forgets and destroys a connection (it errored while idle, or is broken). */
  drop(conn: C): void {
    this.all.delete(conn);
    const i = this.free.indexOf(conn);
    if (i >= 0) this.free.splice(i, 1);
    this.f.destroy(conn);
  }

  /** Destroys every connection, connecting ones too; waiters fail. */
  close(): void {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.fail(new DbError('connect', 'the run has ended'));
    for (const c of [...this.all]) this.drop(c);
  }
}
