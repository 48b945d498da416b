/** Reading a refused upgrade's answer (401, 403, 426…): its body is part of the result, capped like an http body. */
import type { IncomingMessage } from 'node:http';
import { BODY_CAP } from '../transport/http-client.js';
import { rawHeaderPairs } from './connect.js';
import type { WsResponse } from './session-types.js';

/**
 * Starts reading `res` into a response whose `body` fills in as it arrives; `onEnd`
 * runs once, with null when the body ended whole, else the failure in words.
 */
export function readRefusal(res: IncomingMessage, onEnd: (error: string | null) => void): WsResponse {
  const refusal: WsResponse = { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: rawHeaderPairs(res.rawHeaders), body: Buffer.alloc(0) };
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  let ended = false;
  const end = (error: string | null) => {
    if (ended) return;
    ended = true;
    refusal.body = Buffer.concat(chunks);
    onEnd(error);
  };
  res.on('data', (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size > BODY_CAP) {
      over = true;
      return end('the upgrade response body is larger than the 8 MiB cap');
    }
    chunks.push(chunk);
  });
  res.on('end', () => end(null));
  res.on('error', () => {}); // 'close' without 'end' reports it
  res.on('close', () => end('the connection closed before the upgrade response body ended'));
  return refusal;
}
