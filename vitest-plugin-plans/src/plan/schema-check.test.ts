import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { generate } from '../../schema/build-validator.mjs';

describe('plan schema', () => {
  it('has an up-to-date generated validator (run node schema/build-validator.mjs)', () => {
    const current = readFileSync(new URL('./schema-validator.generated.ts', import.meta.url), 'utf8');
    expect(current === generate()).toBe(true);
  });
});
