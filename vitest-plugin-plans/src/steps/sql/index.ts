/**
 * The sql step: one query through a relational connection (pg, mysql2,
 * better-sqlite3), read-only by construction: it runs in a read-only
 * transaction that is always rolled back. `rows` holds exact values
 * (docs/kinds/sql.md). The drivers load only when a sql step runs or
 * `runner plan` checks a role, never to load or count a plan.
 */
import { ANY, listOf, phases } from '../../expr/types.js';
import type { StepOf } from '../../plan/types.js';
import { noRequests } from '../describe.js';
import { defineStep } from '../types.js';
import { loadSqlRequest } from './load.js';
import { sqlExchangeLines } from '../db/render.js';
import { sqlSchema } from './schema.js';
import type { SqlRequest } from './types.js';

export const sqlStep = defineStep<SqlRequest>({
  kind: 'sql',
  load: loadSqlRequest,
  schema: sqlSchema,
  scope: () => ({ rows: listOf({ t: 'dict', name: 'row', of: ANY }, 'rows'), duration: phases(['total']) }),
  phases: ['total'],
  keys: { repeat: false, retry: true, assertRequired: true },
  autoAssertions: () => [],
  sendsRequests: false,
  count: noRequests,
  describe: (s: StepOf<SqlRequest>) => `sql at ${s.request.url.source}, no HTTP request`,
  timeoutMs: (r) => r.timeoutMs,
  renderExchange: sqlExchangeLines,
  run: async (step: StepOf<SqlRequest>, ctx) => (await import('./run.js')).runSql(step, ctx),
  // `runner plan`'s role check: one line per distinct sql URL whose role could write, or could not be checked.
  planWarnings: async (plan, check) => (await import('./plan-check.js')).sqlRoleWarnings(plan, check),
});
