/**
 * POST /v1/demo: anonymous, from the site's origin only. Order of checks:
 * 403 origin → 413/400/422/413 body → 429 per-IP (10/min, 100/day) → 503 slot.
 */
import type { ServerResponse } from 'node:http';
import { readBody } from '../body.js';
import { clientIp } from '../client-ip.js';
import type { AppDeps, AppRequest } from '../context.js';
import { DEMO_RULES, parseEvalRequest } from '../eval-request.js';
import { HttpError } from '../errors.js';
import { sendJson } from '../respond.js';
import { runEvaluation } from '../run-eval.js';

/** Handler of POST /v1/demo. */
export function demoRoute(deps: AppDeps) {
  return async (req: AppRequest, res: ServerResponse): Promise<void> => {
    const ctx = req.ctx;
    const origin = req.headers.origin;
    if (origin === undefined || !deps.siteOrigins.includes(origin)) {
      throw new HttpError(
        'forbidden_origin',
        origin === undefined
          ? 'the demo only answers requests from the site (no Origin header); use /v1/eval with an API key'
          : `the demo only answers requests from the site, not from ${JSON.stringify(origin)}; use /v1/eval with an API key`,
      );
    }
    const body = await readBody(req, { idleTimeoutMs: deps.bodyIdleTimeoutMs });
    const { source, timeoutMs } = parseEvalRequest(body, DEMO_RULES);
    const hit = await deps.limits.demoHit(clientIp(req, deps.trustProxy ?? false));
    if (!hit.allowed) {
      const which = hit.minute.remaining === 0 ? `${hit.minute.limit} per minute` : `${hit.day.limit} per day`;
      throw new HttpError('rate_limited', `demo limit of ${which} for this address reached; retry in ${hit.retryAfterS} s`, {
        'Retry-After': String(hit.retryAfterS),
      });
    }
    const result = await runEvaluation(deps.pool, ctx, { source, timeoutMs, limitSet: 'demo' });
    // The site calls the demo from the browser: let that origin read the answer.
    sendJson(res, 200, result.body, ctx.id, { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' });
  };
}

/**
 * OPTIONS /v1/demo: the CORS preflight a browser sends before a JSON POST from the site's page.
 * Answered 200 with a small JSON body (every answer is JSON with a request id); another origin
 * gets 403 `forbidden_origin`, so the browser never sends the POST.
 */
export function demoPreflight(deps: AppDeps) {
  return (req: AppRequest, res: ServerResponse): void => {
    const origin = req.headers.origin;
    if (origin === undefined || !deps.siteOrigins.includes(origin)) {
      throw new HttpError('forbidden_origin', 'the demo only answers requests from the site');
    }
    sendJson(res, 200, JSON.stringify({ status: 'ok', request_id: req.ctx.id }), req.ctx.id, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
  };
}
