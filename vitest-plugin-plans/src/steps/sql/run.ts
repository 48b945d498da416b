/**
 * Runs a sql step: renders the URL and params, reads through the run's
 * session for that URL (a read-only transaction, always rolled back), and
 * gives `rows` (one map per row, exact values) and `duration.total`. Loaded
 * only when a sql step runs.
 */
import { toJsonText } from '../../expr/json-exact.js';
import { list, map, type Value } from '../../expr/values.js';
import type { StepOf } from '../../plan/types.js';
import { cancelledPhase, dbErrorText, dbExchange, totalDuration } from '../db/outcome.js';
import { paramOf, renderValue } from '../db/params.js';
import { dbSessions } from '../db/pools.js';
import { DbError } from '../db/types.js';
import { parseDbUrl, withoutPassword } from '../db/url.js';
import type { StepContext, StepOutcome } from '../types.js';
import type { SqlRequest } from './types.js';

/** The first column name that appears twice, if any. */
export function duplicateColumn(columns: string[]): string | undefined {
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) return c;
    seen.add(c);
  }
  return undefined;
}

/** Runs one sql step. */
export async function runSql(step: StepOf<SqlRequest>, ctx: StepContext): Promise<StepOutcome> {
  const q = step.request;
  const started = performance.now();
  const urlText = ctx.render.text(q.url);
  const values = q.params.map((p) => renderValue(ctx.render, p));
  const params = `[${values.map((v) => toJsonText(v)).join(',')}]`;
  const target = parseDbUrl(urlText, ctx.resources.planDir);
  const url = 'error' in target ? withoutPassword(urlText) : target.display;
  const record = (answer: { count: number; body: string; driver: string } | null, error: string | null) =>
    ctx.exchange(dbExchange({ method: 'SQL', url, statement: q.query, params, ms: performance.now() - started, answer, error }));
  const errored = (error: string): StepOutcome => ({ names: {}, requests: 0, error, timedOut: null });

  if ('error' in target) {
    record(null, target.error);
    return errored(target.error);
  }
  try {
    const session = await dbSessions(ctx.resources).get(target);
    const r = await session.read(q.query, values.map((v) => paramOf(v)), ctx.signal);
    const dup = duplicateColumn(r.columns);
    if (dup !== undefined) {
      const body = JSON.stringify({ columns: r.columns }).slice(0, -1) + `,"rows":[${r.rows.map((cells) => `[${cells.map((c) => toJsonText(c)).join(',')}]`).join(',')}]}`;
      record({ count: r.rows.length, body, driver: target.driver }, null);
      return errored(`the query returns two columns named ${dup}: a row is a map, so alias one of them (… AS ${dup}_2)`);
    }
    const rows: Value = list(r.rows.map((cells) => map(r.columns.map((c, i) => [c, cells[i]!] as [string, Value]))), 'rows');
    record({ count: r.rows.length, body: toJsonText(rows), driver: target.driver }, null);
    return { names: { rows, duration: totalDuration(performance.now() - started) }, requests: 0, error: null, timedOut: null };
  } catch (e) {
    if (e instanceof DbError && e.code === 'timeout') {
      record(null, null);
      return { names: {}, requests: 0, error: null, timedOut: { phase: cancelledPhase(target.driver, e) } };
    }
    const text = dbErrorText(e, 'the query');
    record(null, text);
    return errored(text);
  }
}
