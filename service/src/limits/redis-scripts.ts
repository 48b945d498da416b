/**
 * The Lua scripts of the Redis limits. Each check-and-count is ONE script, so Redis runs it
 * without interleaving another client's command: N instances hitting one key at once still
 * accept exactly `limit` (a GET-then-INCR from the client would let them all pass the check).
 *
 * Times come from the caller (`nowMs`), not Redis `TIME`, so the memory and Redis limits take the
 * same inputs and tests can move the clock; instances are expected to run NTP.
 */

/**
 * Fixed-window rate. KEYS[1] window counter. ARGV: limit, ttl ms, count (1 hit, 0 peek).
 * Returns { accepted (0/1), used }.
 */
export const RATE_LUA = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if ARGV[3] == '1' and used < tonumber(ARGV[1]) then
  used = redis.call('INCR', KEYS[1])
  if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  return {1, used}
end
return {0, used}
`;

/**
 * In-flight lease. KEYS[1] sorted set: member lease id, score expiry ms. ARGV: now ms, limit,
 * lease id, expiry ms, lease ms. Expired leases are removed in the same script, so a crashed
 * instance's leases stop counting at their expiry. Returns { acquired (0/1), current }.
 */
export const ACQUIRE_LUA = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[2]) then return {0, n} end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[3])
-- Keep the set alive as long as its longest lease; an abandoned set then vanishes by itself.
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[5]) then redis.call('PEXPIRE', KEYS[1], ARGV[5]) end
return {1, n + 1}
`;

/** Live leases. KEYS[1] sorted set. ARGV: now ms. Returns the count of unexpired leases. */
export const COUNT_LUA = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
return redis.call('ZCARD', KEYS[1])
`;

/**
 * Demo per-IP. KEYS[1] minute counter, KEYS[2] day counter. ARGV: minute limit, day limit,
 * minute ttl ms, day ttl ms. Counts in both windows only when both have room.
 * Returns { accepted (0/1), minute count, day count }.
 */
export const DEMO_LUA = `
local m = tonumber(redis.call('GET', KEYS[1]) or '0')
local d = tonumber(redis.call('GET', KEYS[2]) or '0')
if m < tonumber(ARGV[1]) and d < tonumber(ARGV[2]) then
  m = redis.call('INCR', KEYS[1])
  if m == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
  d = redis.call('INCR', KEYS[2])
  if d == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
  return {1, m, d}
end
return {0, m, d}
`;
