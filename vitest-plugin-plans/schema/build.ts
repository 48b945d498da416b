// Writes schema/plan.schema.json from the base schema and the step registry's
// fragments (src/plan/schema-build.ts), then the standalone validator. Run it
// with `npm run schema -w vitest-plugin-plans` after changing a kind's schema;
// src/plan/schema-check.test.ts fails while either file is stale.
import { writeFileSync } from 'node:fs';
import { buildPlanSchema } from '../src/plan/schema-build.ts';
import { STEP_REGISTRY } from '../src/steps/registry.ts';
import { generate } from './build-validator.mjs';

writeFileSync(new URL('./plan.schema.json', import.meta.url), JSON.stringify(buildPlanSchema(STEP_REGISTRY), null, 2) + '\n');
writeFileSync(new URL('../src/plan/schema-validator.generated.ts', import.meta.url), generate());
