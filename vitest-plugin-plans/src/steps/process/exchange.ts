/**
 * How a process step maps onto the exchange event (docs/events.md): request
 * method `exec` or `script`, url the command line, headers the variables the
 * step set, body stdin; response status the exit code (-1 when a signal ended
 * it), statusText the signal, proto `process`, body stdout; stderr, the tails,
 * the caps and what was left running in `extra`.
 */
import type { ExchangePayload } from '../../events/types.js';
import type { OutputCapture } from './capture.js';
import type { ProcessRun } from './spawn.js';

/** Lines of each stream the failure block shows. */
export const TAIL_LINES = 20;
/** stderr travels in `extra`, which the log does not cut: it is cut here, at the default `--events-body-cap`. */
const STDERR_EVENT_CAP = 65536;

/** The failure block's view of one stream. */
export interface StreamView {
  bytes: number;
  lines: number;
  /** Cut by `maxOutput` (the names hold the first bytes only). */
  truncated: boolean;
  /** The last lines, past any cut. */
  tail: string[];
}

const view = (c: OutputCapture): StreamView => ({ bytes: c.total, lines: c.lines, truncated: c.truncated, tail: c.tailLines(TAIL_LINES) });

function cutUtf8(s: string, cap: number): string {
  if (Buffer.byteLength(s) <= cap) return s;
  return Buffer.from(s).subarray(0, cap).toString('utf8').replace(/\uFFFD$/, '');
}

/** What the exchange of a process step is made from. */
export interface ProcessExchangeInput {
  method: 'exec' | 'script';
  line: string;
  /** The variables the step set (the marker included). */
  env: Array<[string, string]>;
  stdin: string | null;
  run: ProcessRun;
  stdoutText: string;
  stderrText: string;
  error: string | null;
  /** Kind-specific facts (script: logs, protocol messages). */
  extra?: Record<string, unknown>;
}

/** The exchange payload of one process run. */
export function processExchange(i: ProcessExchangeInput): ExchangePayload {
  const r = i.run;
  const stdinSize = i.stdin === null ? 0 : Buffer.byteLength(i.stdin);
  return {
    index: null,
    request: { method: i.method, url: i.line, headers: i.env, body: i.stdin, bodyEncoding: 'utf8', bodySize: stdinSize, bodyTruncated: false },
    response: r.pid === null
      ? null
      : { status: r.exitCode ?? -1, statusText: r.signal ?? '', proto: 'process', headers: [], body: i.stdoutText, bodyEncoding: 'utf8', bodySize: Buffer.byteLength(i.stdoutText), bodyTruncated: false },
    redirects: [],
    timing: { total: r.durationMs },
    newConnection: true,
    error: i.error,
    frames: null,
    extra: {
      pid: r.pid,
      exitCode: r.exitCode,
      signal: r.signal,
      stderr: cutUtf8(i.stderrText, STDERR_EVENT_CAP),
      stdoutView: view(r.stdout),
      stderrView: view(r.stderr),
      left: r.left.map((p) => ({ pid: p.pid, command: p.command })),
      ...i.extra,
    },
  };
}
