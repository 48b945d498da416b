/**
 * The failure block's lines of an http exchange (plan-runner.md "What a run
 * prints" 3): redirects, request line, `>` headers, body, status line, `<`
 * headers, body. Shared by graphql and waitFor.
 */
import type { ExchangePayload } from '../../events/types.js';
import { blockBody, formatMs } from '../../events/format.js';

/** Lines of one http exchange. */
export function httpExchangeLines(ex: ExchangePayload): string[] {
  const out: string[] = [];
  for (const r of ex.redirects) out.push(`${r.method} ${r.url} → ${r.status} (redirect)`);
  out.push(`${ex.request.method} ${ex.request.url}`);
  for (const [k, v] of ex.request.headers) out.push(`> ${k}: ${v}`);
  out.push(...blockBody(ex.request.body, ex.request.bodyEncoding, ex.request.bodySize, ex.request.bodyTruncated));
  const res = ex.response;
  if (res) {
    out.push(`${res.proto} ${res.status}${res.statusText ? ' ' + res.statusText : ''} (${formatMs(ex.timing.total ?? null)})`);
    for (const [k, v] of res.headers) out.push(`< ${k}: ${v}`);
    out.push(...blockBody(res.body, res.bodyEncoding, res.bodySize, res.bodyTruncated));
  }
  return out;
}
