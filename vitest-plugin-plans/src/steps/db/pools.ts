/**
 * The database sessions of one run, one per URL, shared by sql and fixture
 * steps and kept in the run's cache, which closes them when the run ends
 * (after the fixture rollbacks). Each driver is imported on first use, so a
 * plan with only SQLite never loads pg or mysql2.
 */
import type { RunResources } from '../types.js';
import type { DbSession } from './types.js';
import type { DbTarget } from './url.js';

const CACHE_KEY = 'db.sessions';

/** Sessions by URL; `close()` ends them all. */
export class DbSessions {
  private readonly sessions = new Map<string, Promise<DbSession>>();

  /** The session of a URL, opened on first use. */
  get(target: DbTarget): Promise<DbSession> {
    let s = this.sessions.get(target.key);
    if (!s) {
      s = open(target);
      this.sessions.set(target.key, s);
      // A driver that failed to load is retried by the next step.
      s.catch(() => this.sessions.delete(target.key));
    }
    return s;
  }

  async close(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((p) => p.then((s) => s.close(), () => undefined)));
  }
}

async function open(target: DbTarget): Promise<DbSession> {
  switch (target.driver) {
    case 'postgres':
      return (await import('./pg.js')).openPg(target);
    case 'mysql':
      return (await import('./mysql.js')).openMysql(target);
    case 'sqlite':
      return (await import('./sqlite.js')).openSqlite(target);
  }
}

/** The run's sessions (created on first use and closed by the engine at run end). */
export function dbSessions(resources: RunResources): DbSessions {
  let s = resources.cache.get(CACHE_KEY) as DbSessions | undefined;
  if (!s) {
    s = new DbSessions();
    resources.cache.set(CACHE_KEY, s);
  }
  return s;
}
