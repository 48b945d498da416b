/**
 * The failure block's lines of a grpc call: the call (service, method,
 * address), the metadata sent (scrubbed with the event), the request JSON, the
 * status with its message, the headers, the trailers and the last message.
 */
import type { ExchangePayload } from '../../events/types.js';
import { blockBody, formatMs } from '../../events/format.js';

/** Lines of one grpc exchange (docs/events.md: how a call maps onto request/response). */
export function grpcExchangeLines(ex: ExchangePayload): string[] {
  const out: string[] = [`grpc ${ex.request.method} at ${ex.request.url}`];
  for (const [k, v] of ex.request.headers) out.push(`> ${k}: ${v}`);
  out.push(...blockBody(ex.request.body, ex.request.bodyEncoding, ex.request.bodySize, ex.request.bodyTruncated));
  const res = ex.response;
  if (res) {
    const message = typeof ex.extra?.message === 'string' && ex.extra.message !== '' && ex.extra.message !== res.statusText ? `: ${ex.extra.message}` : '';
    out.push(`status ${res.statusText} (${res.status})${message} (${formatMs(ex.timing.total ?? null)})`);
    for (const [k, v] of res.headers) out.push(`< ${k}: ${v}`);
    const trailers = (ex.extra?.trailers as Array<[string, string]> | undefined) ?? [];
    for (const [k, v] of trailers) out.push(`< trailer ${k}: ${v}`);
    const count = typeof ex.extra?.messages === 'number' ? ex.extra.messages : 0;
    if (count > 1) out.push(`messages: ${count}; the last:`);
    out.push(...blockBody(res.body, res.bodyEncoding, res.bodySize, res.bodyTruncated));
  }
  return out;
}
