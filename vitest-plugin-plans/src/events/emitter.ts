/**
 * The event emitter: scrubs each event (the choke point), cuts exchange bodies
 * to `--events-body-cap`, and fans the result out to every consumer. A
 * consumer never sees an unscrubbed or uncut event, so the terminal report,
 * the log, JUnit, TAP and HTML all show the same facts.
 */
import type { ExchangeEvent, FrameRecord, RunEvent, WireMessage } from './types.js';
import type { Scrubber } from './scrubber.js';

export type EventListener = (event: RunEvent) => void;

export interface Emitter {
  emit(event: RunEvent): void;
  /** Add a consumer; returns a function that removes it. */
  onEvent(listener: EventListener): () => void;
  readonly scrubber: Scrubber;
}

/** Default of `--events-body-cap`. */
export const DEFAULT_EVENTS_BODY_CAP = 65536;

/** Cut a body to `cap` bytes on a character boundary; the size stays the full size. */
export function capBody<T extends WireMessage>(msg: T, cap: number): T {
  if (msg.body === null) return msg;
  if (msg.bodyEncoding === 'base64') {
    const raw = Buffer.from(msg.body, 'base64');
    if (raw.length <= cap) return msg;
    return { ...msg, body: raw.subarray(0, cap).toString('base64'), bodyTruncated: true };
  }
  const bytes = Buffer.byteLength(msg.body, 'utf8');
  if (bytes <= cap) return msg;
  let cut = Buffer.from(msg.body, 'utf8').subarray(0, cap).toString('utf8');
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  return { ...msg, body: cut, bodyTruncated: true };
}

export interface EmitterOptions {
  scrubber: Scrubber;
  bodyCap?: number;
  /**
   * The step kind's rendering of an exchange for the failure block. It runs on
   * the scrubbed, cut event, so the lines hold nothing the log does not.
   */
  renderExchange?: (ex: ExchangeEvent) => string[];
}

function capFrames(frames: FrameRecord[] | null, cap: number): FrameRecord[] | null {
  if (!frames) return null;
  return frames.map((f) => (Buffer.byteLength(f.data, 'utf8') <= cap ? f : { ...f, data: f.data.slice(0, cap) }));
}

/** Create the run's emitter. */
export function createEmitter(options: EmitterOptions): Emitter {
  const cap = options.bodyCap ?? DEFAULT_EVENTS_BODY_CAP;
  const listeners = new Set<EventListener>();
  return {
    scrubber: options.scrubber,
    emit(event) {
      // Scrub before cutting, so a secret straddling the cut is still recognised whole.
      let out = options.scrubber.scrubValue(event);
      if (out.type === 'exchange') {
        const ex: ExchangeEvent = out;
        const cut: ExchangeEvent = { ...ex, request: capBody(ex.request, cap), response: ex.response ? capBody(ex.response, cap) : null, frames: capFrames(ex.frames, cap) };
        out = options.renderExchange ? { ...cut, lines: options.renderExchange(cut) } : cut;
      }
      for (const l of listeners) l(out);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
