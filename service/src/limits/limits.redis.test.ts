import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBase62 } from '../keys/keys.js';
import { createLimits } from './index.js';
import { limitsConformance } from './limits.conformance.js';
import type { Limits } from './types.js';

const url = process.env.TEST_REDIS_URL;
// A key prefix of its own per run: parallel files and concurrent runs never collide.
const prefix = `test:${randomBase62(12)}:`;

describe.skipIf(!url)('Redis limits', () => {
  const opened: Limits[] = [];
  const open = async () => {
    const l = await createLimits({ redisUrl: url!, keyPrefix: prefix });
    opened.push(l);
    return l;
  };

  afterAll(async () => {
    await Promise.all(opened.map((l) => l.close()));
    const r = new Redis(url!);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
  });

  limitsConformance('redis', { open });

  describe('Redis specifics', () => {
    it('stores windows with an expiry, so Redis holds only live windows', async () => {
      const l = await open();
      const now = Date.now();
      await l.hitRate('ttl-key', 5, now);
      const r = new Redis(url!);
      const keys = await r.keys(`${prefix}rate:{ttl-key}:*`);
      const ttl = await r.pttl(keys[0]!);
      await r.quit();
      expect(keys).toHaveLength(1);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(70_000);
    });

    it('fails fast with limits_unavailable once closed', async () => {
      const l = await createLimits({ redisUrl: url!, keyPrefix: prefix });
      await l.close();
      await l.close();
      await expect(l.hitRate('k', 1)).rejects.toMatchObject({ name: 'ServiceFault', code: 'limits_unavailable' });
    });
  });
});
