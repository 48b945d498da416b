/**
 * The failure block's lines of an exec or script exchange: the command line
 * (scrubbed with the event), how it ended (exit code or signal, and the time),
 * the script's logs, and the last 20 lines of stdout and of stderr.
 */
import type { ExchangePayload } from '../../events/types.js';
import { formatMs } from '../../events/format.js';
import { TAIL_LINES, type StreamView } from './exchange.js';

function streamLines(name: string, v: StreamView | undefined): string[] {
  if (!v || v.bytes === 0) return [`${name}: (empty)`];
  const cut = v.truncated ? `; the names hold its first bytes only (maxOutput)` : '';
  const head = v.lines > v.tail.length ? `${name} (last ${v.tail.length} of ${v.lines} lines, ${v.bytes} bytes${cut}):` : `${name}${cut ? ` (${v.bytes} bytes${cut})` : ''}:`;
  return [head, ...v.tail.map((l) => `  ${l}`)];
}

/** How the process ended, for the block. */
function endLine(ex: ExchangePayload): string | null {
  const res = ex.response;
  if (!res) return null;
  const took = formatMs(ex.timing.total ?? null);
  if (res.statusText !== '') return `killed by ${res.statusText} (${took})`;
  return `exit code ${res.status} (${took})`;
}

/** Lines of one process exchange (exec and script). */
export function processExchangeLines(ex: ExchangePayload): string[] {
  const out = [`${ex.request.method} ${ex.request.url}`];
  const end = endLine(ex);
  if (end) out.push(end);
  const extra = ex.extra ?? {};
  const logs = Array.isArray(extra.logs) ? (extra.logs as string[]).flatMap((l) => l.split('\n')) : [];
  if (logs.length > 0) {
    const shown = logs.slice(-TAIL_LINES);
    out.push(logs.length > shown.length ? `log (last ${shown.length} of ${logs.length}):` : 'log:', ...shown.map((l) => `  ${l}`));
  }
  if (!ex.response) return out;
  out.push(...streamLines('stdout', extra.stdoutView as StreamView | undefined));
  out.push(...streamLines('stderr', extra.stderrView as StreamView | undefined));
  return out;
}
