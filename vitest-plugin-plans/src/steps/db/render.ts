/**
 * The failure block's lines of a sql or fixture exchange: where (the URL
 * without its password), the statement, the params (scrubbed with the event)
 * and the rows as JSON cut at 200 characters with their count (spec §8).
 * docs/kinds/sql.md shows how a query maps onto the exchange event.
 */
import type { ExchangePayload } from '../../events/types.js';
import { formatMs } from '../../events/format.js';

/** Rows shown in a failure block are cut here (plan-runner.md §8). */
export const ROWS_SHOWN = 200;

/** `text`, cut at `max` characters with `…` and the full length. */
export function cut(text: string, max = ROWS_SHOWN): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (cut at ${max} of ${text.length} characters)`;
}

/** Lines of one sql (or fixture) exchange. */
export function sqlExchangeLines(ex: ExchangePayload): string[] {
  const kind = ex.request.method === 'FIXTURE' ? 'fixture' : 'sql';
  const out: string[] = [`${kind} at ${ex.request.url}`];
  const statement = (ex.request.body ?? '').replace(/\s+$/, '').split('\n');
  if (statement.length === 1) out.push(`> ${statement[0]}`);
  else for (const l of statement) out.push(`> ${l}`);
  if (ex.request.bodyTruncated) out.push(`> … (statement cut at ${Buffer.byteLength(ex.request.body ?? '')} of ${ex.request.bodySize} bytes)`);
  const params = ex.extra?.params;
  if (typeof params === 'string' && params !== '[]') out.push(`params: ${cut(params)}`);
  const res = ex.response;
  if (!res) return out;
  const time = formatMs(ex.timing.total ?? null);
  if (kind === 'fixture') {
    out.push(`rows affected: ${res.status} (${time})`);
    return out;
  }
  const count = res.status;
  out.push(`rows: ${count} (${time})${count > 0 ? `: ${cut(res.body ?? '')}` : ''}${res.bodyTruncated ? ' (log cut the rows)' : ''}`);
  return out;
}
