/**
 * Runs a ws step: renders the request, turns `send:` into frames, evaluates
 * `until:` and `ignore:` on each message, and reads the session into names.
 * Loaded only when a ws step runs.
 */
import type { MapValue } from '../../expr/values.js';
import type { StepOf } from '../../plan/types.js';
import type { StepContext, StepOutcome } from '../types.js';
import { messageValue, wsExchange, wsNames } from './names.js';
import { runWsSession, type WsFrame, type WsSendItem } from './session.js';
import type { WsRequest, WsSendSpec } from './types.js';

function sendItem(s: WsSendSpec, ctx: StepContext): WsSendItem {
  switch (s.kind) {
    case 'text':
      return { text: ctx.render.text(s.text) };
    case 'json':
      return { text: ctx.render.json(s.value) };
    case 'binary':
      return { binary: Buffer.from(ctx.render.text(s.base64), 'base64') };
    case 'receive':
      return { receive: s.count };
    case 'close':
      return { close: s.code, reason: s.reason };
  }
}

/** Runs one ws step. */
export async function runWs(step: StepOf<WsRequest>, ctx: StepContext): Promise<StepOutcome> {
  const r = step.request;
  const started = performance.now();
  const url = ctx.render.text(r.url);
  const headers: Array<[string, string]> = r.headers.map((h) => [h.name, ctx.render.text(h.value)]);
  const send = r.send.map((s) => sendItem(s, ctx));
  let testError: string | null = null;
  const matches = (expr: unknown) => (m: WsFrame): boolean => {
    const t = ctx.test(expr, Object.fromEntries((messageValue(m) as MapValue).entries));
    testError ??= t.error;
    return t.held;
  };
  const result = await runWsSession({
    url,
    headers,
    subprotocols: r.subprotocols,
    tls: ctx.resources.tls,
    send,
    ...(r.expect !== undefined ? { expect: r.expect } : {}),
    ...(r.until ? { until: matches(r.until.compiled) } : {}),
    ...(r.ignore ? { ignore: matches(r.ignore.compiled) } : {}),
    idleMs: r.idleMs,
    maxMessage: r.maxMessage,
    signal: ctx.signal,
    startedAt: started,
  });
  ctx.exchange(wsExchange(result));
  if (result.abortedIn !== null) return { names: {}, requests: 1, error: null, timedOut: { phase: result.abortedIn } };
  if (result.error !== null || result.response === null) return { names: {}, requests: 1, error: result.error ?? 'no answer to the upgrade', timedOut: null };
  if (testError !== null) return { names: {}, requests: 1, error: `ws until/ignore: ${testError}`, timedOut: null };
  const names = wsNames(result);
  if (!names.ok) return { names: {}, requests: 1, error: names.error, timedOut: null };
  return { names: names.names, requests: 1, error: null, timedOut: null };
}
