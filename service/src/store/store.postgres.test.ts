import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBase62 } from '../keys/keys.js';
import { createStore } from './index.js';
import { storeConformance } from './store.conformance.js';

const url = process.env.TEST_DATABASE_URL;
// A schema of its own per run: parallel test files and concurrent runs never see each other.
const schema = `t_${randomBase62(12).toLowerCase()}`;

describe.skipIf(!url)('PostgreSQL store', () => {
  afterAll(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  });

  storeConformance('postgres', { open: () => createStore({ databaseUrl: url!, pgSchema: schema }) });

  describe('PostgreSQL specifics', () => {
    const other = `t_${randomBase62(12).toLowerCase()}`;
    afterAll(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
      await c.end();
    });

    it('five instances migrating a fresh schema at once all succeed, applying each step once', async () => {
      const stores = await Promise.all(Array.from({ length: 5 }, () => createStore({ databaseUrl: url!, pgSchema: other })));
      await Promise.all(stores.map((s) => s.close()));
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const r = await c.query(`SELECT version FROM ${other}.schema_migrations`);
      await c.end();
      expect(r.rows).toEqual([{ version: 1 }]);
    });

    it('refuses a schema name that is not a plain identifier', async () => {
      await expect(createStore({ databaseUrl: url!, pgSchema: 'x; drop' })).rejects.toMatchObject({ code: 'invalid_config' });
    });
  });

});
