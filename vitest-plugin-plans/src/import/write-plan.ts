/**
 * Prints an imported plan: a comment naming its source, the YAML, and, when
 * something was left out, the list at the end as comments (the spec's "the
 * plan lists them at the end"). The plan must load as printed, so nothing
 * here depends on the source format. The positioned tree comes back with the
 * text, so the command can check the plan loads without parsing it again.
 */
import type { PNode } from '../plan/yaml-tree.js';
import type { ImportReport } from './types.js';
import { emitYaml } from './yaml-emit.js';

/** The plan text written on stdout, and the tree the loader would read from it. */
export function renderImportedPlanWithTree(report: ImportReport, source: string): { text: string; tree: PNode } {
  const { text, tree } = emitYaml(report.plan, [`# Imported by runner import from ${oneLine(source)}.`]);
  let tail = '';
  if (report.notTranslated.length > 0) {
    tail = '\n# not translated:\n' + report.notTranslated.map((l) => `#   ${oneLine(l)}\n`).join('');
  }
  return { text: text + tail, tree };
}

/** The plan text written on stdout. */
export function renderImportedPlan(report: ImportReport, source: string): string {
  return renderImportedPlanWithTree(report, source).text;
}

/** A comment line cannot hold a newline. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}
