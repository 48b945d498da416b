/**
 * `createApp(deps)`: the Polka application of the four endpoints plus the OpenAPI document.
 * Testable without a socket (`supertest(app.handler)`); `serve` mounts it on a Node server.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import polka, { type Polka } from 'polka';
import type { AppDeps, AppRequest } from './context.js';
import { HttpError } from './errors.js';
import { newRequestId } from './request-id.js';
import { sendError, sendJson } from './respond.js';
import { demoPreflight, demoRoute } from './routes/demo.js';
import { evalRoute } from './routes/eval.js';
import { limitsRoute } from './routes/limits.js';

/** Methods each known path answers; any other method there is a 404 (docs/http.md). */
export const ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/v1/health': ['GET', 'HEAD'],
  '/v1/eval': ['POST'],
  '/v1/limits': ['GET', 'HEAD'],
  '/v1/demo': ['POST', 'OPTIONS'],
  '/v1/openapi.json': ['GET', 'HEAD'],
};

/** service/openapi.json, read once (same relative place from src/http and dist/http). */
function loadOpenApi(): string {
  const text = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
  return JSON.stringify(JSON.parse(text));
}

/** The application; `handler(req, res)` serves one request. */
export interface App {
  readonly polka: Polka<AppRequest>;
  /** Node request listener. Never throws. */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * Builds the application over `deps`.
 *
 * @example
 * const app = createApp({ store, limits, pool, siteOrigins: ['https://example.org'] });
 * http.createServer(app.handler).listen(8080);
 */
export function createApp(deps: AppDeps): App {
  const openapi = loadOpenApi();
  const log = deps.logger ?? null;
  const logRequests = log?.isLevelEnabled('info') ?? false;

  const onError = (err: unknown, req: AppRequest, res: ServerResponse): void => {
    const ctx = req.ctx;
    const httpErr =
      err instanceof HttpError ? err : new HttpError('internal_error', 'the service failed to answer this request; it has been logged');
    if (!(err instanceof HttpError)) log?.error({ err, request_id: ctx?.id }, 'request failed');
    if (ctx) ctx.errorType = httpErr.type;
    sendError(res, httpErr, ctx?.id ?? null);
  };

  const onNoMatch = (req: AppRequest, res: ServerResponse): void => {
    const path = req.path ?? '/';
    const allowed = Object.entries(ROUTES).find(([p]) => p === path.replace(/\/$/, ''))?.[1];
    const err = allowed
      ? new HttpError('not_found', `${req.method} is not served at ${path}; use ${allowed.join(' or ')}`, { Allow: allowed.join(', ') })
      : new HttpError('not_found', `no endpoint at ${path}; endpoints: ${Object.keys(ROUTES).join(', ')}`);
    onError(err, req, res);
  };

  const app = polka<AppRequest>({ onError, onNoMatch });

  app.get('/v1/health', (req, res) => {
    req.ctx.route = 'GET /v1/health';
    sendJson(res, 200, JSON.stringify({ status: 'ok', request_id: req.ctx.id }), req.ctx.id);
  });
  app.get('/v1/openapi.json', (req, res) => {
    req.ctx.route = 'GET /v1/openapi.json';
    sendJson(res, 200, openapi, req.ctx.id);
  });
  const routeName = (name: string, h: (req: AppRequest, res: ServerResponse) => Promise<void>) => (req: AppRequest, res: ServerResponse) => {
    req.ctx.route = name;
    return h(req, res);
  };
  app.post('/v1/eval', routeName('POST /v1/eval', evalRoute(deps)));
  app.get('/v1/limits', routeName('GET /v1/limits', limitsRoute(deps)));
  app.post('/v1/demo', routeName('POST /v1/demo', demoRoute(deps)));
  const preflight = demoPreflight(deps);
  app.options('/v1/demo', (req, res) => {
    req.ctx.route = 'OPTIONS /v1/demo';
    preflight(req, res);
  });

  const handler = (rawReq: IncomingMessage, res: ServerResponse): void => {
    const req = rawReq as AppRequest;
    const id = newRequestId();
    req.ctx = { id, startedAt: performance.now(), route: 'unmatched', account: null, evalStatus: null, cpuMs: null, errorType: null };
    if (log && logRequests) {
      res.once('close', () => {
        const c = req.ctx;
        log.info({
          request_id: c.id,
          method: req.method,
          route: c.route,
          status: res.statusCode,
          duration_ms: Math.round((performance.now() - c.startedAt) * 1000) / 1000,
          account: c.account,
          ...(c.evalStatus !== null && { eval_status: c.evalStatus, cpu_ms: c.cpuMs }),
          ...(c.errorType !== null && { error_type: c.errorType }),
          ...(!res.writableFinished && { aborted: true }),
        });
      });
    }
    try {
      // Polka matches routes ignoring case; the contract's paths are case-sensitive
      // (`/V1/health` is not the `/v1` API), and every route is lower-case.
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      if (/[A-Z]/.test(q === -1 ? url : url.slice(0, q))) {
        (req as { path?: string }).path = q === -1 ? url : url.slice(0, q);
        onNoMatch(req, res);
        return;
      }
      app.handler(req, res, undefined as never);
    } catch (err) {
      onError(err, req, res);
    }
  };

  return { polka: app, handler };
}
