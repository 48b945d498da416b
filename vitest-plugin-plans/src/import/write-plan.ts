/**
 * Prints an imported plan: a comment naming its source, the YAML, and, when
 * something was left out, the list at the end as comments (the spec's "the
 * plan lists them at the end"). The plan must load as printed, so nothing
 * here depends on the source format.
 */
import { stringify } from 'yaml';
import type { ImportReport } from './types.js';

/** The plan text written on stdout. */
export function renderImportedPlan(report: ImportReport, source: string): string {
  const head = `# Imported by runner import from ${oneLine(source)}.\n`;
  // lineWidth 0: a folded template would change the string's value when read back.
  const body = stringify(report.plan, { lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false });
  let tail = '';
  if (report.notTranslated.length > 0) {
    tail = '\n# not translated:\n' + report.notTranslated.map((l) => `#   ${oneLine(l)}\n`).join('');
  }
  return head + body + tail;
}

/** A comment line cannot hold a newline. */
function oneLine(text: string): string {
  return text.replace(/\r?\n/g, ' ');
}
