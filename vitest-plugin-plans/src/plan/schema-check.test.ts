import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { generate } from '../../schema/build-validator.mjs';
import { STEP_REGISTRY } from '../steps/registry.js';
import { buildPlanSchema } from './schema-build.js';

describe('plan schema', () => {
  it('is built from the step registry (run npm run schema -w vitest-plugin-plans)', () => {
    const file = JSON.parse(readFileSync(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8'));
    expect(file).toEqual(buildPlanSchema(STEP_REGISTRY));
  });

  it('describes every kind of the registry under $defs and step.properties', () => {
    const s = buildPlanSchema(STEP_REGISTRY) as { $defs: Record<string, { properties?: Record<string, unknown> }> };
    for (const m of STEP_REGISTRY) {
      expect(s.$defs[m.kind]).toBe(m.schema);
      expect(s.$defs.step!.properties![m.kind]).toEqual({ $ref: `#/$defs/${m.kind}` });
    }
  });

  it('has an up-to-date generated validator', () => {
    const current = readFileSync(new URL('./schema-validator.generated.ts', import.meta.url), 'utf8');
    expect(current === generate()).toBe(true);
  });
});
