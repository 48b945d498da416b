/**
 * Limits in Redis, shared by every instance (`--redis-url`).
 *
 * Keys (under the prefix, default `evaluator:`):
 *   rate:{keyId}:<minute index>      accepted hits of a key in one minute window (string counter)
 *   inflight:{accountId}             live leases of an account (sorted set, score = expiry ms)
 *   demo:m:{ip}:<minute index>       demo hits of an IP in one minute window
 *   demo:d:{ip}:<day index>          demo hits of an IP in one UTC day
 * Counters expire shortly after their window ends, so Redis holds only live windows.
 *
 * The client fails fast (no offline queue, bounded command time): with Redis down a request gets
 * a `limits_unavailable` fault (500) at once rather than hanging until the evaluation deadline.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ServiceFault, toFault } from '../errors.js';
import { checkLease, checkLimit, demoDecision, rateDecision } from './decisions.js';
import { dayWindow, minuteWindow } from './month.js';
import { ACQUIRE_LUA, COUNT_LUA, DEMO_LUA, RATE_LUA } from './redis-scripts.js';
import { DEMO_PER_DAY, DEMO_PER_MINUTE, type Limits } from './types.js';

/** Counters outlive their window by this much, so a skewed clock still reads the right count. */
const TTL_SLACK_MS = 10_000;

type Script = (...args: (string | number)[]) => Promise<number[] | number>;

/**
 * Connects to Redis at `url` and checks the connection.
 * @example const limits = await createRedisLimits(process.env.REDIS_URL!, 'evaluator:');
 */
export async function createRedisLimits(url: string, prefix = 'evaluator:'): Promise<Limits> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
    connectTimeout: 5000,
  });
  // Connection errors surface through the commands that fail; an unhandled 'error' event would
  // otherwise crash the process on every reconnect attempt.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (e) {
    redis.disconnect();
    throw toFault('limits_unavailable', `cannot connect to Redis`, e);
  }
  const define = (name: string, lua: string, numberOfKeys: number): Script => {
    redis.defineCommand(name, { lua, numberOfKeys });
    return (redis as unknown as Record<string, Script>)[name]!.bind(redis);
  };
  const rate = define('evaluatorRate', RATE_LUA, 1);
  const acquire = define('evaluatorAcquire', ACQUIRE_LUA, 1);
  const count = define('evaluatorCount', COUNT_LUA, 1);
  const demo = define('evaluatorDemo', DEMO_LUA, 2);
  let closed = false;

  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    if (closed) throw new ServiceFault('limits_unavailable', 'the limits client is closed');
    try {
      return await fn();
    } catch (e) {
      throw toFault('limits_unavailable', what, e);
    }
  };
  const inflightKey = (accountId: string) => `${prefix}inflight:{${accountId}}`;

  const rateCheck = async (keyId: string, limit: number, nowMs: number, hit: boolean) => {
    checkLimit(limit);
    const w = minuteWindow(nowMs);
    const [accepted, used] = (await call('rate limit', () =>
      rate(`${prefix}rate:{${keyId}}:${w.index}`, limit, w.endMs - nowMs + TTL_SLACK_MS, hit ? 1 : 0),
    )) as number[];
    return rateDecision(hit ? accepted === 1 : used! < limit, limit, used!, w);
  };

  return {
    kind: 'redis',
    hitRate: (keyId, limit, nowMs = Date.now()) => rateCheck(keyId, limit, nowMs, true),
    peekRate: (keyId, limit, nowMs = Date.now()) => rateCheck(keyId, limit, nowMs, false),
    async acquireInFlight(accountId, limit, leaseMs, nowMs = Date.now()) {
      checkLimit(limit);
      checkLease(leaseMs);
      const id = randomUUID();
      const expiresAtMs = nowMs + leaseMs;
      const [ok, current] = (await call('in-flight acquire', () =>
        acquire(inflightKey(accountId), nowMs, limit, id, expiresAtMs, leaseMs + TTL_SLACK_MS),
      )) as number[];
      if (ok !== 1) return { ok: false, current: current!, limit, retryAfterS: 1 };
      return { ok: true, lease: { id, accountId, expiresAtMs }, current: current!, limit };
    },
    async releaseInFlight(lease) {
      await call('in-flight release', () => redis.zrem(inflightKey(lease.accountId), lease.id));
    },
    async inFlight(accountId, nowMs = Date.now()) {
      return (await call('in-flight count', () => count(inflightKey(accountId), nowMs))) as number;
    },
    async demoHit(ip, nowMs = Date.now()) {
      const mw = minuteWindow(nowMs);
      const dw = dayWindow(nowMs);
      const [ok, m, d] = (await call('demo limit', () =>
        demo(
          `${prefix}demo:m:{${ip}}:${mw.index}`,
          `${prefix}demo:d:{${ip}}:${dw.index}`,
          DEMO_PER_MINUTE,
          DEMO_PER_DAY,
          mw.endMs - nowMs + TTL_SLACK_MS,
          dw.endMs - nowMs + TTL_SLACK_MS,
        ),
      )) as number[];
      return demoDecision(ok === 1, m!, d!, mw, dw);
    },
    async close() {
      if (closed) return;
      closed = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
