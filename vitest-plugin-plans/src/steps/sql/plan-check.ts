/**
 * `runner plan`'s sql role warnings (spec §4 "runner plan" rule 2): the
 * distinct URLs the plan's sql steps read through, rendered with the plan's
 * env as `run` would, each checked once (all at once). A URL that reads a
 * task's result or run.id cannot be known before the run: it is named, not
 * checked. These lines are warnings, never lints: they do not change the
 * exit code, even under --strict.
 */
import { templateText } from '../../expr/template-text.js';
import { str, type Value } from '../../expr/values.js';
import type { LoadedPlan, Template } from '../../plan/types.js';
import { withoutPassword } from '../db/url.js';
import type { SqlRequest } from './types.js';

interface Evaluable {
  evaluate(rt: { names: Record<string, Value> }): { outcome: string; value?: Value; error?: string };
}

/** A template's text at plan time, or why it cannot be had before the run. */
function renderNow(t: Template, names: Record<string, Value>): { text: string } | { reason: string } {
  let text = '';
  for (const p of t.parts) {
    if (p.kind === 'text') {
      text += p.text;
      continue;
    }
    const e = p.expr;
    if (e.resultRefs.length > 0) return { reason: `it reads tasks.${e.resultRefs[0]!.task}.results.${e.resultRefs[0]!.key}, known only during the run` };
    if (e.mentionsRunId) return { reason: 'it reads run.id, known only during the run' };
    const r = (e.compiled as Evaluable | null)?.evaluate({ names });
    if (!r || r.outcome !== 'held' || r.value === undefined) return { reason: `{{ ${e.source} }}: ${r?.error ?? 'cannot be rendered before the run'}` };
    text += templateText(r.value);
  }
  return { text };
}

/** The plan's env, rendered in order (an entry sees those above it). */
function planEnv(plan: LoadedPlan): Record<string, Value> {
  const env = new Map<string, Value>();
  // The same Map object: an entry sees those above it.
  const names: Record<string, Value> = { env: { k: 'map', entries: env } };
  for (const e of plan.env) {
    const r = renderNow(e.value, names);
    if ('text' in r) env.set(e.name, str(r.text));
  }
  return names;
}

/** Distinct sql URLs in plan order (reset hook, tasks, finally tasks): rendered, or the source with why not. */
export function sqlUrls(plan: LoadedPlan): Array<{ url: string } | { source: string; reason: string }> {
  const names = planEnv(plan);
  const seen = new Set<string>();
  const out: Array<{ url: string } | { source: string; reason: string }> = [];
  const steps = [...plan.lifecycle.reset, ...[...plan.tasks, ...plan.finallyTasks].flatMap((t) => t.steps)];
  for (const s of steps) {
    if (s.kind !== 'sql') continue;
    const t = (s.request as SqlRequest).url;
    const r = renderNow(t, names);
    const key = 'text' in r ? r.text : t.source;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push('text' in r ? { url: r.text } : { source: t.source, reason: r.reason });
  }
  return out;
}

/** One warning line per URL whose role could write (or that could not be checked), in plan order. */
export async function sqlRoleWarnings(plan: LoadedPlan, check?: (url: string, planDir: string) => Promise<string | undefined>): Promise<string[]> {
  const checker = check ?? (async (url: string, dir: string) => (await import('../db/role.js')).checkSqlRole(url, dir));
  const lines = await Promise.all(
    sqlUrls(plan).map((u) => ('url' in u ? checker(u.url, plan.dir) : Promise.resolve(`sql at ${withoutPassword(u.source)}: role not checked: ${u.reason}`))),
  );
  return lines.filter((l): l is string => l !== undefined);
}
