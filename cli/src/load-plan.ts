/**
 * Loading a plan for a command, as `plan` and `run` both do it: load errors, then lint
 * warnings (errors under `--strict`) and advice, with the spec's closing lines
 * (plan-runner.md §4 "runner plan" rules 3–4). One place, so the two commands cannot drift.
 */
import type { LoadedPlan } from 'vitest-plugin-plans/plan';
import type { Io } from './io.js';

/** The loaded plan, or null when the command must end with exit 64 (everything is printed). */
export async function loadForCommand(file: string, io: Io, strict: boolean): Promise<LoadedPlan | null> {
  const engine = await import('vitest-plugin-plans/plan');
  const loaded = engine.loadPlan(file, { cwd: io.cwd, environ: io.env });
  if (!loaded.ok) {
    for (const w of loaded.warnings) io.err(`warning: ${engine.renderDiagnostic(w)}`);
    for (const e of loaded.errors) io.err(engine.renderDiagnostic(e));
    io.err(`${file}: ${loaded.errors.length} load error(s); nothing ran`);
    return null;
  }
  const plan = loaded.plan;
  for (const w of plan.warnings) io.err(`${strict ? 'error (--strict)' : 'warning'}: ${engine.renderDiagnostic(w)}`);
  for (const a of plan.advice) io.err(`advice: ${engine.renderDiagnostic(a)}`);
  if (strict && plan.warnings.length > 0) {
    io.err(`${file}: ${plan.warnings.length} lint warning(s) are errors under --strict; nothing ran`);
    return null;
  }
  return plan;
}
