/** The data shapes of one WebSocket session: what the ws step asks of the transport and what it hands back. */
import type { TlsConnectOptions } from '../transport/tls-options.js';

/**
 * One entry of the step's `send` list, acted on in order once the upgrade completes.
 * - `{ text }` / `{ binary }`: a data frame.
 * - `{ receive: N }`: hold the next send until N more counted messages have arrived
 *   (counted from the moment this item is reached; messages arriving while it waits count).
 * - `{ close: code, reason? }`: send a close frame and send nothing after it.
 */
export type WsSendItem =
  | { text: string }
  | { binary: Buffer }
  | { receive: number }
  | { close: number; reason?: string };

/** A frame of the transcript, in either direction. Pings and pongs are answered by `ws` and not recorded. */
export interface WsFrame {
  dir: 'in' | 'out';
  /** ms since `WsSessionOptions.startedAt` (performance.now() clock). */
  at: number;
  /** A text frame's content; null for binary and close frames. */
  text: string | null;
  /** A binary frame's content; null for text and close frames (binary is never decoded, even when valid UTF-8). */
  binary: Buffer | null;
  /** Payload bytes as on the wire (permessage-deflate is not offered, so this is the message size). */
  size: number;
  /** An incoming message dropped by `ignore`: in the transcript, never in `messages`. */
  ignored?: boolean;
  /** Set on close frames only (transcript only): the code and reason carried. */
  close?: { code: number; reason: string };
}

/** What one ws step asks of the transport. */
export interface WsSessionOptions {
  /** ws:// or wss:// (http:// and https:// are accepted and mapped by `ws`). */
  url: string;
  headers: Array<[string, string]>;
  subprotocols: string[];
  tls: TlsConnectOptions;
  send: WsSendItem[];
  /** Stop (polite close 1000) once this many counted messages have arrived. */
  expect?: number;
  /** Stop (polite close 1000) at the first counted message that matches; `index` is its 0-based place in `messages`. */
  until?: (m: WsFrame, index: number) => boolean;
  /** Incoming messages that match are dropped before counting (heartbeats): they neither count nor reset `idleMs`. */
  ignore?: (m: WsFrame) => boolean;
  /** With neither expect nor until: after the last send, end after this long without a counted message (default 1000) or when the server closes. */
  idleMs?: number;
  /** Largest incoming message in bytes; a larger one ends the step with an error. */
  maxMessage: number;
  /** The step deadline: on abort the socket is dropped and `abortedIn` names the phase. */
  signal: AbortSignal;
  /** performance.now() at step start: the zero of every `at` and of `timing.total`. */
  startedAt: number;
}

/** Phase durations in ms; null when the phase did not complete (or, for tls, does not apply). */
export interface WsTiming {
  /** TCP connect, host lookup included: from opening the socket to its `connect` event. */
  connect: number | null;
  /** TLS handshake: from `connect` to `secureConnect`; null for ws://. */
  tls: number | null;
  /** From the end of connect (or tls) to the upgrade answer's status line and headers (101 or a refusal). */
  upgrade: number | null;
  /** From the upgrade answer to the first counted incoming message. */
  first: number | null;
  /** From `startedAt` to the moment collecting stopped. */
  total: number;
}

/** The upgrade answer, or a refusal (a refusal is a result, not an error). */
export interface WsResponse {
  status: number;
  statusText: string;
  /** Names in lower case, duplicates kept, in wire order. */
  headers: Array<[string, string]>;
  /** Empty for a 101; a refusal's full body (capped at 8 MiB). */
  body: Buffer;
}

/** Everything one session produced; never thrown, always returned. */
export interface WsSessionResult {
  /** The upgrade request as sent, with the Host and Sec-WebSocket-* headers that Node and `ws` add. */
  request: { method: 'GET'; url: string; headers: Array<[string, string]> };
  response: WsResponse | null;
  /** Counted incoming messages in order (ignored ones left out). */
  messages: WsFrame[];
  /** Every data and close frame in both directions in order, ignored ones flagged. */
  transcript: WsFrame[];
  /** How the socket closed before collecting stopped; null when it was still open then (the step then closes it with 1000). */
  closed: { code: number; reason: string } | null;
  timing: WsTiming;
  /** A transport failure in words naming the address or the message; null otherwise. */
  error: string | null;
  /** Set when the signal ended the session: the phase it fell in. */
  abortedIn: string | null;
}
