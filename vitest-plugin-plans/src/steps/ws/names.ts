/** From a ws session to what assertions read (messages, closed, status, headers, body, duration) and to the exchange event. */
import { durationFromMs } from '../../expr/duration.js';
import { parseJsonExact } from '../../expr/json-exact.js';
import { NA, NIL, dur, headers as headersValue, list, map, num, str, type Value } from '../../expr/values.js';
import type { ExchangePayload, FrameRecord } from '../../events/types.js';
import { decodeBody } from '../http/names.js';
import type { WsFrame, WsSessionResult } from './session.js';

function phase(ms: number | null): Value {
  return ms === null ? NA : dur(durationFromMs(ms));
}

/** One message as assertions see it: `body` is its JSON (nil when it is not JSON), `binary` base64. */
export function messageValue(m: WsFrame): Value {
  const text = m.text;
  const parsed = text === null ? null : parseJsonExact(text);
  return map({
    body: parsed?.ok ? parsed.value : NIL,
    text: text === null ? NIL : str(text),
    binary: m.binary === null ? NIL : str(m.binary.toString('base64')),
    at: dur(durationFromMs(m.at)),
  }, 'record');
}

/** The names of a finished session; an undecodable refusal body is the step's error. */
export function wsNames(r: WsSessionResult): { ok: true; names: Record<string, Value> } | { ok: false; error: string } {
  const res = r.response!;
  const ct = res.headers.find(([k]) => k === 'content-type')?.[1];
  const body = decodeBody(res.body, ct);
  if (!body.ok) return body;
  return {
    ok: true,
    names: {
      status: num(res.status),
      headers: headersValue(res.headers),
      body: body.value,
      messages: list(r.messages.map(messageValue), 'messages'),
      closed: r.closed ? map({ code: num(r.closed.code), reason: str(r.closed.reason) }, 'record') : NIL,
      duration: map({ connect: phase(r.timing.connect), tls: phase(r.timing.tls), upgrade: phase(r.timing.upgrade), first: phase(r.timing.first), total: phase(r.timing.total) }, 'phases'),
    },
  };
}

/** Frames kept in the event log: the last ones, so a long session stays bounded. */
export const FRAMES_LOGGED = 1000;

function frameRecord(f: WsFrame): FrameRecord {
  if (f.close) return { dir: f.dir, at: f.at, frame: 'close', data: `${f.close.code}${f.close.reason ? ' ' + f.close.reason : ''}`, size: f.size, ignored: false };
  if (f.binary !== null) return { dir: f.dir, at: f.at, frame: 'binary', data: f.binary.toString('base64'), size: f.size, ignored: f.ignored === true };
  return { dir: f.dir, at: f.at, frame: 'text', data: f.text ?? '', size: f.size, ignored: f.ignored === true };
}

/** The session as an exchange event payload (the upgrade as request/response, frames beside). */
export function wsExchange(r: WsSessionResult): ExchangePayload {
  const res = r.response;
  const body = res && res.body.length > 0 ? res.body.toString('utf8') : null;
  return {
    index: null,
    request: { method: 'GET', url: r.request.url, headers: r.request.headers, body: null, bodyEncoding: 'utf8', bodySize: 0, bodyTruncated: false },
    response: res
      ? { status: res.status, statusText: res.statusText, proto: 'HTTP/1.1', headers: res.headers, body, bodyEncoding: 'utf8', bodySize: res.body.length, bodyTruncated: false }
      : null,
    redirects: [],
    timing: { connect: r.timing.connect, tls: r.timing.tls, upgrade: r.timing.upgrade, first: r.timing.first, total: r.timing.total },
    newConnection: true,
    error: r.error,
    frames: r.transcript.slice(-FRAMES_LOGGED).map(frameRecord),
    extra: { closed: r.closed },
  };
}
