/**
 * Composition root of `evaluator serve`: store + limits + sandbox pool + HTTP app on a Node
 * server hardened against slow and malformed clients, with graceful shutdown.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import pino, { type Logger } from 'pino';
import { createApp } from './http/app.js';
import { HttpError, errorBody } from './http/errors.js';
import { newRequestId } from './http/request-id.js';
import { sendError } from './http/respond.js';
import type { AppRequest } from './http/context.js';
import { createLimits } from './limits/index.js';
import type { Limits } from './limits/types.js';
import { createPool, type SandboxPool } from './sandbox/pool.js';
import { createStore } from './store/index.js';
import type { Store } from './store/types.js';

/** Options of `startServer` (the `serve` flags). */
export interface ServerOptions {
  port: number;
  host: string;
  /** SQLite data directory (ignored with `databaseUrl`). */
  dataDir?: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Origin accepted by /v1/demo; default: this server's own origin (docs/http.md). */
  siteOrigin?: string;
  /** Sandbox slots; default `defaultSlots()`. */
  slots?: number;
  trustProxy?: boolean;
  /** pino level, or 'silent'. Default 'info'. */
  logLevel?: string;
  /** Where request logs go; default stdout. */
  logDestination?: NodeJS.WritableStream;
  /** Hardening timeouts (ms); tests shorten them. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  bodyIdleTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  /** Kill margin past a deadline (ms); default 250. */
  killMarginMs?: number;
  /** Sandbox worker entry to use instead of the interpreter's (tests). */
  sandboxEntry?: URL;
  /** Injected collaborators (tests); created from the options otherwise. */
  store?: Store;
  limits?: Limits;
}

/** A running service. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly server: http.Server;
  readonly pool: SandboxPool;
  readonly store: Store;
  readonly limits: Limits;
  readonly logger: Logger;
  /** Graceful stop: no new connections, running evaluations finish, then store and limits close. */
  close(): Promise<void>;
}

/**
 * V8 heap cap per worker: twice the interpreter's own memory bound (its accounting is an
 * estimate of live data, not V8's real usage) plus room for the interpreter itself.
 * Imported lazily so a test server with a fake worker does not load the interpreter.
 */
export async function workerHeapMb(): Promise<number> {
  const { API_LIMITS, DEMO_LIMITS } = await import('./scheme/index.js');
  const bound = Math.max(API_LIMITS.maxMemoryBytes, DEMO_LIMITS.maxMemoryBytes);
  return Math.ceil((bound * 2) / (1024 * 1024)) + 128;
}

/**
 * Default slot count: one per CPU, but at least 4, the `free` plan's evaluations in flight per
 * account. With fewer slots than that, one account's 4 allowed evaluations would meet 503 `busy`
 * on a small machine before ever reaching its own limit; extra slots time-share the CPUs (and run
 * at nice 10, so the HTTP thread stays responsive).
 */
export function defaultSlots(): number {
  return Math.max(4, availableParallelism());
}

/** The origins /v1/demo accepts. */
export function siteOrigins(opts: Pick<ServerOptions, 'siteOrigin' | 'host'>, port: number): string[] {
  if (opts.siteOrigin) return [opts.siteOrigin];
  // No site configured: the service's own origin is the site (a page served beside it, or the
  // conformance runner). Loopback has two spellings browsers use; accept both.
  const loopback = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(opts.host);
  const hosts = loopback ? ['localhost', '127.0.0.1'] : [opts.host.includes(':') ? `[${opts.host}]` : opts.host];
  return hosts.map((h) => `http://${h}:${port}`);
}

/** Answers malformed HTTP that never became a request (bad syntax, huge headers, timeouts) with the Error body. */
function onClientError(err: Error & { code?: string }, socket: Socket): void {
  let e: HttpError;
  if (err.code === 'HPE_HEADER_OVERFLOW') e = new HttpError('request_too_large', 'request headers are over 16 KiB', {}, 431);
  else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    e = new HttpError('invalid_request', 'request was not received in time', {}, 408);
  } else e = new HttpError('invalid_request', `malformed HTTP request (${err.code ?? 'parse error'})`, {}, 400);

  // A request already being answered (its body too slow for requestTimeout): answer through it.
  const res = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage;
  if (res) {
    if (res.headersSent || !socket.writable) {
      socket.destroy();
      return;
    }
    const id = (res.req as Partial<AppRequest> | undefined)?.ctx?.id ?? newRequestId();
    if ((res.req as Partial<AppRequest> | undefined)?.ctx) (res.req as AppRequest).ctx.errorType = e.type;
    res.once('finish', () => socket.destroy());
    sendError(res, new HttpError(e.type, e.message, { Connection: 'close' }, e.status), id);
    return;
  }
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const id = newRequestId();
  const body = errorBody(e, id);
  socket.end(
    `HTTP/1.1 ${e.status} ${http.STATUS_CODES[e.status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Starts the service and resolves once it listens.
 *
 * @example
 * const s = await startServer({ port: 0, host: '127.0.0.1', dataDir: './data' });
 * console.log(s.url); await s.close();
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const logger = pino(
    { level: opts.logLevel ?? 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    (opts.logDestination ?? pino.destination({ dest: 1, sync: false })) as pino.DestinationStream,
  );
  const heapMb = opts.sandboxEntry ? 256 : await workerHeapMb();
  const store = opts.store ?? (await createStore({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl }));
  let limits: Limits;
  try {
    limits = opts.limits ?? (await createLimits({ redisUrl: opts.redisUrl }));
  } catch (e) {
    await store.close();
    throw e;
  }
  const pool = createPool({
    slots: opts.slots ?? defaultSlots(),
    heapMb,
    killMarginMs: opts.killMarginMs,
    entry: opts.sandboxEntry,
  });

  const server = http.createServer({
    headersTimeout: opts.headersTimeoutMs ?? 10_000,
    requestTimeout: opts.requestTimeoutMs ?? 30_000,
    keepAliveTimeout: opts.keepAliveTimeoutMs ?? 5_000,
    // How often Node checks headersTimeout/requestTimeout (default 30 s would let slowloris linger).
    connectionsCheckingInterval: 1_000,
  });
  // Filled in once the port is known (port 0 in tests).
  const origins: string[] = [];
  const app = createApp({
    store,
    limits,
    pool,
    siteOrigins: origins,
    trustProxy: opts.trustProxy ?? false,
    logger,
    bodyIdleTimeoutMs: opts.bodyIdleTimeoutMs,
    killMarginMs: opts.killMarginMs,
  });
  server.on('request', app.handler);
  server.on('clientError', onClientError);

  try {
    // Fail at start, not on the first request, when the sandbox cannot load (a broken build).
    await pool.ready();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await pool.close();
    await Promise.allSettled([store.close(), limits.close()]);
    throw e;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  // The app reads this array per request; it is filled before the first request is served.
  origins.push(...siteOrigins(opts, port));
  const hostForUrl = opts.host.includes(':') ? `[${opts.host}]` : opts.host;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      // Stop accepting; idle keep-alive connections are closed now, busy ones after their answer.
      const closed = new Promise<void>((r) => server.close(() => r()));
      // Keep-alive connections become idle as their answers go out; close each as it does.
      const sweep = setInterval(() => server.closeIdleConnections(), 25);
      server.closeIdleConnections();
      // Running evaluations end by their own deadline (plus the kill margin) and are answered.
      await pool.close();
      const grace = setTimeout(() => server.closeAllConnections(), 2_000);
      await closed;
      clearTimeout(grace);
      clearInterval(sweep);
      await Promise.allSettled([store.close(), limits.close()]);
      await new Promise<void>((r) => logger.flush(() => r()));
    })());

  return { url: `http://${hostForUrl}:${port}`, port, server, pool, store, limits, logger, close };
}
