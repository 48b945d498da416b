/** The sql step: one read-only query through a relational connection (runs in a later build). */
import { ANY, listOf, phases } from '../../expr/types.js';
import type { StepOf } from '../../plan/types.js';
import { noRequests } from '../describe.js';
import { notInThisBuild } from '../not-yet.js';
import { defineStep } from '../types.js';
import { loadSqlRequest } from './load.js';
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
  renderExchange: () => [],
  run: () => notInThisBuild('sql'),
});
