/**
 * Builds plan.schema.json from the base schema and each step kind's fragment
 * (the registry's `schema`), so a kind's keys are described in its own folder.
 * `npm run schema -w vitest-plugin-plans` writes the file and the standalone
 * validator; a unit test fails when either is stale.
 */
import { PLAN_SCHEMA_BASE } from './schema-base.js';

/** The parts of a step kind the schema needs. */
export interface SchemaKind {
  kind: string;
  schema: Record<string, unknown>;
}

/** The whole plan schema: base `$defs` plus `$defs.<kind>` and `step.properties.<kind>` per kind. */
export function buildPlanSchema(kinds: readonly SchemaKind[]): Record<string, unknown> {
  const schema = structuredClone(PLAN_SCHEMA_BASE) as { $defs: Record<string, { properties?: Record<string, unknown>; description?: string }> };
  const step = schema.$defs.step!;
  step.description = `A step: exactly one kind key (${kinds.map((k) => k.kind).join(', ')}) beside the common keys.`;
  for (const k of kinds) {
    schema.$defs[k.kind] = k.schema;
    step.properties![k.kind] = { $ref: `#/$defs/${k.kind}` };
  }
  return schema;
}
