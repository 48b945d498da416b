/**
 * The request line of a request file: `[METHOD] URL [HTTP/version]`. All
 * three clients accept a bare URL (GET) and an optional HTTP version; a URL
 * may hold `{{ … }}` holes with spaces inside, so the line is split on
 * whitespace outside holes, never on all whitespace. A line that is not a
 * request line is the user's to fix, so it throws with the column at fault.
 */
import { ImportInputError } from '../types.js';

/** Methods every client knows; any other all-capitals word is taken as a custom method, as HTTP allows. */
const KNOWN_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'REPORT', 'SEARCH']);

/** Methods of non-HTTP requests the clients also write (JetBrains, httpyac): read here, refused by the translator. */
export const OTHER_PROTOCOLS = new Set(['GRAPHQL', 'WEBSOCKET', 'WS', 'GRPC', 'SSE', 'EVENTSOURCE', 'MQTT', 'AMQP', 'RABBITMQ']);

/** A request line's parts. */
export interface RequestLine {
  method: string;
  url: string;
}

/**
 * Splits a request line; throws ImportInputError naming the line and column when it is not one.
 * @example readRequestLine('POST {{ host }}/users HTTP/1.1', 3) // { method: 'POST', url: '{{ host }}/users' }
 */
export function readRequestLine(text: string, line: number): RequestLine {
  const words = splitOutsideHoles(text);
  const fail = (col: number, why: string): never => {
    throw new ImportInputError(`line ${line}, column ${col}: ${why}`);
  };
  if (words.length > 0 && /^HTTP\/\d(\.\d)?$/i.test(words[words.length - 1]!.text) && words.length > 1) words.pop();
  const [first, second, third] = words;
  if (!first) return fail(1, 'expected a request line (METHOD URL)');
  if (words.length === 1) {
    if (!looksLikeUrl(first.text))
      return fail(first.col, `expected a request line (METHOD URL [HTTP/1.1]), found ${JSON.stringify(text.trim())}`);
    return { method: 'GET', url: first.text };
  }
  const method = first.text.toUpperCase();
  const isMethod = KNOWN_METHODS.has(method) || OTHER_PROTOCOLS.has(method) || /^[A-Z]+$/.test(first.text);
  if (!isMethod) return fail(first.col, `expected a request line (METHOD URL [HTTP/1.1]): ${JSON.stringify(first.text)} is not an HTTP method`);
  if (third) return fail(third.col, `expected a request line (METHOD URL [HTTP/1.1]): unexpected ${JSON.stringify(third.text)} after the URL (encode a space in a URL as %20)`);
  if (!looksLikeUrl(second!.text)) return fail(second!.col, `expected a URL after ${method}, found ${JSON.stringify(second!.text)}`);
  return { method, url: second!.text };
}

/** A URL as the clients accept one: absolute, a path (with a Host header), a host, or a variable. */
function looksLikeUrl(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith('/') || text.startsWith('{{') || (/^[\w.-]+(:\d+)?([/?#]|$)/.test(text) && /[./:]/.test(text));
}

/** Whitespace-separated words with 1-based columns; `{{ … }}` holes stay inside their word. */
function splitOutsideHoles(text: string): Array<{ text: string; col: number }> {
  const words: Array<{ text: string; col: number }> = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    const start = i;
    while (i < text.length && !/\s/.test(text[i]!)) {
      if (text.startsWith('{{', i)) {
        const close = text.indexOf('}}', i + 2);
        i = close < 0 ? text.length : close + 2;
      } else i++;
    }
    words.push({ text: text.slice(start, i), col: start + 1 });
  }
  return words;
}
