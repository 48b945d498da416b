/**
 * POST /v1/eval. Order of checks (docs/http.md "Order of checks"):
 * 401 key → 413/400/422/413 body → 429 rate → 429 CPU quota → 429 in flight → 503 slot.
 * The key comes first so an anonymous client cannot make us read a body; the body comes before
 * the rate limit so a malformed request does not spend the caller's budget.
 */
import type { ServerResponse } from 'node:http';
import { monthOf } from '../../limits/month.js';
import { quotaStatus } from '../../limits/quota.js';
import type { RateDecision } from '../../limits/types.js';
import { authenticateWithUsage } from '../auth.js';
import { createBiller } from '../billing.js';
import { readBody } from '../body.js';
import type { AppDeps, AppRequest } from '../context.js';
import { API_RULES, parseEvalRequest } from '../eval-request.js';
import { HttpError } from '../errors.js';
import { sendJson } from '../respond.js';
import { runEvaluation } from '../run-eval.js';

/** RateLimit-* headers (draft-ietf-httpapi-ratelimit-headers) from a rate decision. */
export function rateHeaders(rate: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(rate.limit),
    'RateLimit-Remaining': String(rate.remaining),
    'RateLimit-Reset': String(rate.resetS),
  };
}

/**
 * How old the CPU usage read with the key may be at the quota check. It is read in the key's query
 * (one round trip instead of two); when the body took longer than this to arrive, or the month
 * changed, it is read again, so a slow upload cannot pass the check on a stale figure.
 */
export const USAGE_FRESH_MS = 5;

/** Handler of POST /v1/eval. */
export function evalRoute(deps: AppDeps) {
  const leaseMarginMs = (deps.killMarginMs ?? 250) + 5_000;
  const biller = createBiller(deps.store);
  return async (req: AppRequest, res: ServerResponse): Promise<void> => {
    const ctx = req.ctx;
    const month = monthOf(Date.now());
    const readAt = performance.now();
    const { record: key, usedMs } = await authenticateWithUsage(req, deps.store, month);
    ctx.account = key.accountId;
    const body = await readBody(req, { idleTimeoutMs: deps.bodyIdleTimeoutMs });
    const { source, timeoutMs } = parseEvalRequest(body, API_RULES);

    const rate = await deps.limits.hitRate(key.keyId, key.ratePerMinute);
    const headers = rateHeaders(rate);
    if (!rate.allowed) {
      throw new HttpError('rate_limited', `rate limit of ${rate.limit} requests per minute for this key reached; retry in ${rate.retryAfterS} s`, {
        ...headers,
        'Retry-After': String(rate.retryAfterS),
      });
    }
    const now = Date.now();
    const fresh = performance.now() - readAt <= USAGE_FRESH_MS && monthOf(now) === month;
    const quota = quotaStatus(key, fresh ? usedMs : await deps.store.getCpuUsage(key.accountId, monthOf(now)), now);
    if (quota.exceeded) {
      throw new HttpError('cpu_quota_exceeded', `monthly CPU quota of ${quota.quotaMs} ms for ${quota.month} is used up; it renews in ${quota.resetS} s`, {
        'Retry-After': String(quota.resetS),
      });
    }
    const claim = await deps.limits.acquireInFlight(key.accountId, key.inFlightLimit, timeoutMs + leaseMarginMs);
    if (!claim.ok) {
      throw new HttpError('too_many_in_flight', `${claim.current} evaluations of this account are already running (limit ${claim.limit})`, {
        'Retry-After': String(claim.retryAfterS),
      });
    }
    try {
      const result = await runEvaluation(deps.pool, ctx, { source, timeoutMs, limitSet: 'api' });
      // Billed durably BEFORE answering: a crash after the answer cannot lose the charge.
      await biller.bill(key.accountId, result.cpuMs);
      sendJson(res, 200, result.body, ctx.id, headers);
    } finally {
      // Also reached when the client went away mid-evaluation: the slot was busy until now.
      await deps.limits.releaseInFlight(claim.lease).catch((err: unknown) => deps.logger?.warn({ err, request_id: ctx.id }, 'in-flight release failed'));
    }
  };
}
