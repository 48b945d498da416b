/** The `ws:` request as the loader types it. */
import type { CompiledExpr, JsonTemplate, NamedTemplate, Template } from '../../plan/types.js';

/** One `send:` item, in order. */
export type WsSendSpec =
  /** A string: one text frame (templated). */
  | { kind: 'text'; text: Template }
  /** Any other JSON: sent as JSON text (strings templated, numbers as written). */
  | { kind: 'json'; value: JsonTemplate }
  /** `{ binary: <base64> }`: one binary frame. */
  | { kind: 'binary'; base64: Template }
  /** `{ receive: N }`: wait until N more messages have arrived before the next send. */
  | { kind: 'receive'; count: number }
  /** `{ close: <code>, reason? }`: send a close frame and stop sending. */
  | { kind: 'close'; code: number; reason: string };

/** `ws:` request: upgrade, send in order, collect messages until expect/until, the server's close or idle. */
export interface WsRequest {
  url: Template;
  headers: NamedTemplate[];
  subprotocols: string[];
  send: WsSendSpec[];
  /** Messages to wait for, then close; adds the automatic `messages count N`. */
  expect?: number;
  /** Stop at the first message for which this holds (names: body, text, binary, at). */
  until?: CompiledExpr;
  /** Drop messages for which this holds before they are counted (heartbeats). */
  ignore?: CompiledExpr;
  /** Largest message in bytes (default 1 MiB); a larger one leaves the step errored. */
  maxMessage: number;
  /** With neither expect nor until: end after this long without a message (default 1s). */
  idleMs: number;
  timeoutMs?: number;
}
