/**
 * The store's public face: `createStore` picks the implementation from the options.
 * PostgreSQL when a database URL is given (several instances), else the SQLite file under the
 * data directory (one machine).
 */
import { ServiceFault } from '../errors.js';
import { createPostgresStore } from './postgres-store.js';
import { createSqliteStore } from './sqlite-store.js';
import type { Store, StoreOptions } from './types.js';

export type * from './types.js';
export { DEFAULT_PLAN, PLANS, getPlan } from './plans.js';

/** Default data directory of the embedded store (relative to the working directory). */
export const DEFAULT_DATA_DIR = './data';

/**
 * Opens and migrates the store. Throws `ServiceFault` (`store_unavailable`,
 * `store_migration_failed`, `invalid_config`).
 *
 * @example
 * const store = await createStore({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
 */
export async function createStore(options: StoreOptions = {}): Promise<Store> {
  if (options.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
      throw new ServiceFault('invalid_config', 'database URL must start with postgres:// or postgresql://');
    }
    return createPostgresStore(options.databaseUrl, options.pgSchema);
  }
  return createSqliteStore(options.dataDir ?? DEFAULT_DATA_DIR);
}
