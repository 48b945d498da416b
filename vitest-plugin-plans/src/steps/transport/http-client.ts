/**
 * The http transport on undici 7: one keep-alive Agent per run (connections are
 * reused across steps), HTTP/2 offered over TLS through ALPN (`allowH2`),
 * redirects followed by hand so each hop is recorded, bodies capped at 8 MiB,
 * and every phase timed (see trace.ts).
 */
import { loopbackLookup } from './loopback-lookup.js';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import type { Redirect, Timing } from '../../events/types.js';
import { beginTrace, endTrace, phaseOf, watchSocket, type RequestTrace } from './trace.js';
import type { TlsConnectOptions } from './tls-options.js';

/** http and graphql body cap (plan-runner.md §8). */
export const BODY_CAP = 8 * 1024 * 1024;
export const MAX_REDIRECTS = 10;

export interface HttpRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: Buffer | null;
  followRedirects: boolean;
  /** Aborts the exchange (step or run deadline). */
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  proto: 'HTTP/1.1' | 'HTTP/2.0';
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface HttpExchange {
  /** The request as last sent (after redirects). */
  request: HttpRequest;
  response: HttpResponse | null;
  redirects: Redirect[];
  timing: Timing;
  newConnection: boolean;
  /** Transport failure in the transport's words; `null` when a response arrived. */
  error: string | null;
  /** Set when the signal ended the exchange: the phase it fell in. */
  abortedIn: string | null;
}

export interface HttpClient {
  send(req: HttpRequest): Promise<HttpExchange>;
  close(): Promise<void>;
}

/** Certificate errors that mean "no CA this run trusts signed it". */
const UNTRUSTED = new Set(['SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT', 'CERT_UNTRUSTED']);

/**
 * A TLS failure in words a user can act on: OpenSSL's alert lines lose their
 * library prefix, and the usual causes get the flag that fixes them.
 */
function tlsReason(e: Error & { code?: string }): string {
  const first = (e.message ?? '').split('\n')[0]!.trim();
  if (e.code === 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED' || /alert certificate required/i.test(first)) {
    return 'the server requires a client certificate (TLS alert 116 certificate required); pass --client-cert and --client-key';
  }
  if (e.code && UNTRUSTED.has(e.code)) return `${first}; trust the server's CA with --ca-cert <file> (or skip the check with --insecure-skip-verify)`;
  // OpenSSL's own text: `80BC…:error:0A00045C:SSL routines:ssl3_read_bytes:<reason>:<file>:<line>:…`
  const openssl = /^[0-9A-F]+:error:[0-9A-F]+:SSL routines:[^:]*:([^:]+)/.exec(first);
  return openssl ? `TLS: ${openssl[1]}` : first;
}

/** Message of a transport error, unwrapping AggregateError (happy eyeballs) and undici causes. */
export function transportReason(err: unknown): string {
  const e = err as Error & { errors?: Error[]; cause?: Error; code?: string };
  if (e?.errors && e.errors.length > 0) return e.errors.map((x) => tlsReason(x)).join('; ');
  if (e?.cause && e.message === 'fetch failed') return transportReason(e.cause);
  return e instanceof Error ? tlsReason(e) : String(err);
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) out.push([k, x]);
    else out.push([k, v]);
  }
  return out;
}

const ms = (a: number | null, b: number | null) => (a !== null && b !== null ? Math.max(0, b - a) : null);

/** Create the run's client. */
export function createHttpClient(tls: TlsConnectOptions): HttpClient {
  const base = buildConnector({ ...tls, allowH2: true, autoSelectFamily: true, lookup: loopbackLookup } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (opts, cb) => {
    const secure = opts.protocol === 'https:';
    const host = opts.hostname.replace(/^\[|\]$/g, '');
    const socket = base(opts, cb) as unknown as import("node:net").Socket;
    watchSocket(socket, secure, `${opts.protocol}//${opts.host ?? opts.hostname}`, isIP(host) !== 0);
    return socket;
  };
  const agent = new Agent({ connect, allowH2: true, keepAliveTimeout: 30_000 });

  async function once(req: HttpRequest, trace: RequestTrace): Promise<HttpResponse> {
    const url = new URL(req.url);
    const headers: string[] = [];
    for (const [k, v] of req.headers) headers.push(k, v);
    let res;
    try {
      res = await agent.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: req.method as 'GET',
        headers,
        body: req.body ?? undefined,
        signal: req.signal,
      });
    } finally {
      endTrace();
    }
    void trace;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > BODY_CAP) {
        res.body.destroy();
        throw new Error(`the response body is larger than the 8 MiB cap`);
      }
      chunks.push(chunk as Buffer);
    }
    // The client frees its connection a tick after the body ends; a step sent before that
    // would open a second socket instead of reusing the kept-alive one.
    await new Promise((r) => setImmediate(r));
    return {
      status: res.statusCode,
      statusText: res.statusText ?? '',
      proto: 'HTTP/1.1',
      headers: flattenHeaders(res.headers),
      body: Buffer.concat(chunks),
    };
  }

  return {
    async send(first) {
      const start = performance.now();
      if (!URL.canParse(first.url) || !/^https?:$/.test(new URL(first.url).protocol)) {
        const timing: Timing = { dns: null, connect: null, tls: null, ttfb: null, total: 0 };
        return { request: first, response: null, redirects: [], timing, newConnection: false, error: `${JSON.stringify(first.url)} is not an http or https URL`, abortedIn: null };
      }
      const redirects: Redirect[] = [];
      let req = first;
      let trace = beginTrace();
      try {
        for (;;) {
          const res = await once(req, trace);
          res.proto = trace.h2 ? 'HTTP/2.0' : 'HTTP/1.1';
          const location = res.headers.find(([k]) => k === 'location')?.[1];
          if (!req.followRedirects || res.status < 300 || res.status > 399 || res.status === 304 || !location) {
            return finish(req, res, null, null);
          }
          if (redirects.length >= MAX_REDIRECTS) {
            return finish(req, null, `stopped after ${MAX_REDIRECTS} redirects`, null);
          }
          redirects.push({ method: req.method, url: req.url, status: res.status });
          // 303 always becomes GET; 301/302 turn POST into GET as browsers do; 307/308 keep method and body.
          const toGet = res.status === 303 || ((res.status === 301 || res.status === 302) && req.method === 'POST');
          const next = new URL(location, req.url).toString();
          const crossOrigin = new URL(next).origin !== new URL(req.url).origin;
          req = {
            ...req,
            url: next,
            method: toGet ? (req.method === 'HEAD' ? 'HEAD' : 'GET') : req.method,
            body: toGet ? null : req.body,
            headers: req.headers.filter(([k]) => {
              const l = k.toLowerCase();
              if (toGet && (l === 'content-type' || l === 'content-length')) return false;
              // Credentials do not follow a redirect to another origin.
              return !(crossOrigin && (l === 'authorization' || l === 'cookie'));
            }),
          };
          trace = beginTrace();
        }
      } catch (err) {
        const aborted = req.signal?.aborted ?? false;
        const phase = aborted ? phaseOf(trace, new URL(req.url).origin) : null;
        return finish(req, null, aborted ? null : transportReason(err), phase);
      }

      function finish(r: HttpRequest, response: HttpResponse | null, error: string | null, abortedIn: string | null): HttpExchange {
        const end = performance.now();
        const s = trace.socket;
        const timing: Timing = {
          // An IP literal is never looked up: its dns phase did not happen (n/a), it did not take 0 ms.
          dns: s ? (s.ipLiteral ? null : s.lookupAt === null ? 0 : ms(s.start, s.lookupAt)) : null,
          connect: s ? ms(s.lookupAt ?? s.start, s.connectAt) : null,
          tls: s && s.tls ? ms(s.connectAt, s.secureAt) : null,
          ttfb: ms(trace.sentAt, trace.headersAt),
          total: end - start,
        };
        return { request: r, response, redirects, timing, newConnection: s !== null, error, abortedIn };
      }
    },
    close: () => agent.close(),
  };
}
