/** GET /v1/limits: live values; peeks at the rate window without counting (evaluation-api.md §4). */
import type { ServerResponse } from 'node:http';
import { checkQuota } from '../../limits/quota.js';
import { authenticate } from '../auth.js';
import type { AppDeps, AppRequest } from '../context.js';
import { API_RULES } from '../eval-request.js';
import { sendJson } from '../respond.js';

/** Handler of GET /v1/limits. */
export function limitsRoute(deps: AppDeps) {
  return async (req: AppRequest, res: ServerResponse): Promise<void> => {
    const ctx = req.ctx;
    const key = await authenticate(req, deps.store);
    ctx.account = key.accountId;
    const [rate, current, quota] = await Promise.all([
      deps.limits.peekRate(key.keyId, key.ratePerMinute),
      deps.limits.inFlight(key.accountId),
      checkQuota(deps.store, key),
    ]);
    const body = {
      plan: key.plan,
      rate_limit: { limit: rate.limit, remaining: rate.remaining, used: rate.used, reset_s: rate.resetS },
      in_flight: { limit: key.inFlightLimit, current },
      cpu: {
        month: quota.month,
        quota_ms: quota.quotaMs,
        used_ms: quota.usedMs,
        remaining_ms: quota.remainingMs,
        reset_s: quota.resetS,
      },
      max_timeout_ms: API_RULES.maxTimeoutMs,
      request_id: ctx.id,
    };
    sendJson(res, 200, JSON.stringify(body), ctx.id);
  };
}
