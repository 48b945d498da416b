import { loadPlan } from '/work/main/vitest-plugin-plans/src/plan/load.ts';
import { renderDiagnostic } from '/work/main/vitest-plugin-plans/src/plan/diagnostics.ts';
const r = loadPlan(process.argv[2]!);
if (!r.ok) for (const e of r.errors) console.log(renderDiagnostic(e));
else console.log(r.plan.tasks.map(t=>t.name), r.plan.edges);
