/**
 * A real local HTTP(S) server for the run cases and the bench. A case's
 * `routes.yaml` lists canned answers; a few built-in routes cover what every
 * case may need:
 *
 * - `/fixtures/graphql` echoes `operationName` and `variables` as
 *   `data.echo`; a query containing `fail` answers 200 with `errors`.
 * - `/echo` answers the request it got (method, url, headers, body) as JSON.
 * - `/redirect/<n>` redirects n times (302), then answers 200.
 * - `/slow?ms=<n>` sends headers after n ms.
 * - `/big?bytes=<n>` answers n bytes of `x` as text/plain.
 */
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** One canned answer. */
export interface RouteAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** Raw body text. */
  body?: string;
  /** Body sent as application/json. */
  json?: unknown;
  delayMs?: number;
}

export interface Route extends RouteAnswer {
  method?: string;
  path: string;
  /** Answers in turn (the last one repeats): for retry cases. */
  sequence?: RouteAnswer[];
}

export interface FixtureServer {
  url: string;
  port: number;
  /** Requests seen, for assertions about what was sent. */
  seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }>;
  close(): Promise<void>;
}

/** Reads a case's routes.yaml (a list of routes). */
export function readRoutes(file: string): Route[] {
  return (parseYaml(readFileSync(file, 'utf8')) ?? []) as Route[];
}

export interface FixtureOptions {
  routes?: Route[];
  /** TLS (with HTTP/2 offered by ALPN, HTTP/1.1 allowed). */
  tls?: { key: string; cert: string; ca?: string; requestCert?: boolean };
  /** Keep no record of requests (bench). */
  quiet?: boolean;
}

/** Start the server on 127.0.0.1 and an ephemeral port. */
export async function startFixtureServer(options: FixtureOptions = {}): Promise<FixtureServer> {
  const routes = options.routes ?? [];
  const calls = new Map<Route, number>();
  const seen: FixtureServer['seen'] = [];

  const send = (res: ServerResponse, a: RouteAnswer) => {
    const write = () => {
      const headers: Record<string, string> = { ...(a.headers ?? {}) };
      let body = a.body ?? '';
      if (a.json !== undefined) {
        body = typeof a.json === 'string' ? a.json : JSON.stringify(a.json);
        headers['content-type'] ??= 'application/json';
      }
      res.writeHead(a.status ?? 200, headers);
      res.end(body);
    };
    if (a.delayMs) setTimeout(write, a.delayMs);
    else write();
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!options.quiet) seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const route = routes.find((r) => r.path === url.pathname && (!r.method || r.method.toUpperCase() === req.method));
    if (route) {
      const n = calls.get(route) ?? 0;
      calls.set(route, n + 1);
      const a = route.sequence ? route.sequence[Math.min(n, route.sequence.length - 1)]! : route;
      return send(res, a);
    }
    if (url.pathname === '/fixtures/graphql') {
      let parsed: { query?: string; operationName?: unknown; variables?: unknown } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        return send(res, { status: 400, json: { errors: [{ message: 'body is not JSON' }] } });
      }
      const echo = { operationName: parsed.operationName ?? null, variables: parsed.variables ?? null };
      if (String(parsed.query ?? '').includes('fail')) {
        return send(res, { json: { data: { echo: null }, errors: [{ message: 'field fail is broken', path: ['echo'] }] } });
      }
      return send(res, { json: { data: { echo } } });
    }
    if (url.pathname === '/echo') {
      return send(res, { json: { method: req.method, url: req.url, headers: req.headers, body } });
    }
    const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (redirect) {
      const n = Number(redirect[1]);
      if (n === 0) return send(res, { json: { arrived: true, method: req.method } });
      return send(res, { status: 302, headers: { location: `/redirect/${n - 1}` } });
    }
    if (url.pathname === '/slow') return send(res, { delayMs: Number(url.searchParams.get('ms') ?? 1000), json: { slow: true } });
    if (url.pathname === '/big') {
      return send(res, { headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(Number(url.searchParams.get('bytes') ?? 0)) });
    }
    return send(res, { status: 404, json: { error: 'no route', path: url.pathname } });
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // No Date header: golden files compare exchanges byte for byte.
    res.sendDate = false;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  };

  const server = options.tls
    ? createSecureServer(
        { ...options.tls, allowHTTP1: true, ...(options.tls.requestCert ? { requestCert: true, rejectUnauthorized: true, ca: options.tls.ca ?? options.tls.cert } : {}) },
        listener as never,
      )
    : createHttp({ keepAliveTimeout: 60_000 }, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s: import('node:net').Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
