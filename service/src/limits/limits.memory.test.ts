import { describe, expect, it } from 'vitest';
import { createLimits } from './index.js';
import { limitsConformance } from './limits.conformance.js';
import { createMemoryLimits } from './memory-limits.js';

// One process is one instance: "another instance" is the same in-memory state.
const shared = createMemoryLimits();
limitsConformance('memory', { open: async () => shared });

describe('memory limits specifics', () => {
  it('is what createLimits gives without a Redis URL', async () => {
    expect((await createLimits()).kind).toBe('memory');
  });

  it('starts each minute from zero after sweeping the old windows', async () => {
    const l = createMemoryLimits();
    const t = Date.UTC(2031, 5, 1, 12, 0, 30);
    await l.hitRate('k', 1, t);
    expect((await l.hitRate('k', 1, t + 29_000)).allowed).toBe(false);
    expect((await l.hitRate('k', 1, t + 30_000)).allowed).toBe(true);
    expect((await l.hitRate('k', 1, t + 30_001)).allowed).toBe(false);
  });
});
