/**
 * The limits' public face: `createLimits` picks Redis when a URL is given (several instances
 * share windows and leases), else memory (one instance).
 */
import { ServiceFault } from '../errors.js';
import { createMemoryLimits } from './memory-limits.js';
import { createRedisLimits } from './redis-limits.js';
import type { Limits, LimitsOptions } from './types.js';

export type * from './types.js';
export { DEMO_PER_DAY, DEMO_PER_MINUTE } from './types.js';
export { billableMs, billCpu, checkQuota, quotaStatus, type QuotaStatus, type QuotaSubject } from './quota.js';
export { monthOf, secondsUntilNextMonth } from './month.js';

/**
 * Opens the limits backend. Throws `ServiceFault` (`limits_unavailable`, `invalid_config`).
 * @example const limits = await createLimits({ redisUrl: process.env.REDIS_URL });
 */
export async function createLimits(options: LimitsOptions = {}): Promise<Limits> {
  if (options.redisUrl) {
    if (!/^rediss?:\/\//.test(options.redisUrl)) throw new ServiceFault('invalid_config', 'Redis URL must start with redis:// or rediss://');
    return createRedisLimits(options.redisUrl, options.keyPrefix);
  }
  return createMemoryLimits();
}
