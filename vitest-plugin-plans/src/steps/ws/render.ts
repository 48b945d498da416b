/**
 * The failure block's lines of a ws exchange: the upgrade request and its
 * answer, then the last 20 frames in both directions, each with its
 * direction, time and size (`→` sent, `←` received).
 */
import type { ExchangePayload, FrameRecord } from '../../events/types.js';
import { blockBody, formatMs } from '../../events/format.js';

/** Frames a failure block shows. */
export const FRAMES_SHOWN = 20;
const PREVIEW = 200;

function frameLine(f: FrameRecord): string {
  const arrow = f.dir === 'out' ? '→' : '←';
  const what = f.frame === 'close' ? `close ${f.data}` : f.frame === 'binary' ? `binary ${f.size} B: ${f.data.slice(0, PREVIEW)}${f.data.length > PREVIEW ? '…' : ''}` : `text ${f.size} B: ${f.data.length > PREVIEW ? f.data.slice(0, PREVIEW) + '…' : f.data}`;
  return `${arrow} ${formatMs(f.at)} ${what}${f.ignored ? ' (ignored)' : ''}`;
}

/** Lines of one ws exchange. */
export function wsExchangeLines(ex: ExchangePayload): string[] {
  const out: string[] = [`${ex.request.method} ${ex.request.url} (upgrade)`];
  for (const [k, v] of ex.request.headers) out.push(`> ${k}: ${v}`);
  const res = ex.response;
  if (res) {
    out.push(`${res.proto} ${res.status}${res.statusText ? ' ' + res.statusText : ''} (${formatMs(ex.timing.upgrade ?? ex.timing.total ?? null)})`);
    for (const [k, v] of res.headers) out.push(`< ${k}: ${v}`);
    out.push(...blockBody(res.body, res.bodyEncoding, res.bodySize, res.bodyTruncated));
  }
  const frames = ex.frames ?? [];
  if (frames.length > 0) {
    const shown = frames.slice(-FRAMES_SHOWN);
    out.push(frames.length > FRAMES_SHOWN ? `messages: the last ${FRAMES_SHOWN} of ${frames.length} frames` : `messages: ${frames.length} frame${frames.length === 1 ? '' : 's'}`);
    for (const f of shown) out.push(frameLine(f));
  } else if (res?.status === 101) {
    out.push('messages: none');
  }
  const closed = ex.extra?.closed as { code: number; reason: string } | null | undefined;
  if (closed) out.push(`closed ${closed.code}${closed.reason ? ` ${closed.reason}` : ''}`);
  return out;
}
