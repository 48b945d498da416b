/**
 * `--openapi-coverage` as reports show it, from the `openapi.coverage` event
 * alone: the terminal's one line before the summary and the HTML table
 * (operation, its documented statuses, which of them answers hit). The
 * counting happened once, in the run session; here is only rendering.
 */
import type { OpenApiCoverageEvent } from '../events/types.js';
import { esc } from './html-parts.js';

/** Covered and total operations and documented responses. */
export function coverageCounts(ev: OpenApiCoverageEvent): { ops: number; opsSeen: number; responses: number; responsesSeen: number; undocumented: number; unmatched: number } {
  const responses = ev.operations.flatMap((o) => o.responses);
  return {
    ops: ev.operations.length,
    opsSeen: ev.operations.filter((o) => o.seen > 0).length,
    responses: responses.length,
    responsesSeen: responses.filter((r) => r.seen > 0).length,
    undocumented: ev.undocumented.reduce((a, u) => a + u.seen, 0),
    unmatched: ev.unmatched.reduce((a, u) => a + u.seen, 0) + ev.moreUnmatched,
  };
}

const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;

/**
 * `openapi coverage api.yaml: 7/12 operations, 9/20 documented responses`,
 * then the answers the document does not describe, when there were some.
 */
export function coverageLine(ev: OpenApiCoverageEvent): string {
  const c = coverageCounts(ev);
  const extra = [
    ...(c.undocumented > 0 ? [`${plural(c.undocumented, 'answer')} with an undocumented status`] : []),
    ...(c.unmatched > 0 ? [`${plural(c.unmatched, 'answer')} to no operation`] : []),
  ];
  return `openapi coverage ${ev.document}: ${c.opsSeen}/${c.ops} operations, ${c.responsesSeen}/${c.responses} documented responses${extra.length > 0 ? `; ${extra.join(', ')}` : ''}`;
}

/** The HTML section of one document: the line, the operations table, then the answers it does not describe. */
export function coverageSection(ev: OpenApiCoverageEvent, id: string): string {
  const out = [`<section id="${esc(id)}"><h2>openapi coverage: ${esc(ev.document)}</h2>`, `<p class="summary">${esc(coverageLine(ev))}</p>`];
  out.push('<table class="coverage"><thead><tr><th>operation</th><th>answers</th><th>documented statuses (seen ✓ with count)</th><th>seen</th></tr></thead><tbody>');
  for (const o of ev.operations) {
    const statuses = o.responses
      .map((r) => (r.seen > 0 ? `<span class="seen" title="seen ${r.seen}×">${esc(r.status)} ✓${r.seen}</span>` : `<span class="unseen" title="not seen">${esc(r.status)}</span>`))
      .join(' ');
    const seen = o.responses.filter((r) => r.seen > 0).length;
    out.push(
      `<tr class="${o.seen > 0 ? 'covered' : 'uncovered'}"><td><code>${esc(`${o.method} ${o.path}`)}</code></td><td>${o.seen}</td><td>${statuses || '<span class="unseen">(none documented)</span>'}</td><td>${seen}/${o.responses.length}</td></tr>`,
    );
  }
  out.push('</tbody></table>');
  if (ev.undocumented.length > 0) {
    out.push('<table class="undocumented"><thead><tr><th>operation</th><th>undocumented status</th><th>answers</th></tr></thead><tbody>');
    for (const u of ev.undocumented) out.push(`<tr><td><code>${esc(`${u.method} ${u.path}`)}</code></td><td>${u.status}</td><td>${u.seen}</td></tr>`);
    out.push('</tbody></table>');
  }
  if (ev.unmatched.length > 0) {
    out.push('<table class="unmatched"><thead><tr><th>request to no operation</th><th>answers</th></tr></thead><tbody>');
    for (const u of ev.unmatched) out.push(`<tr><td><code>${esc(`${u.method} ${u.path}`)}</code></td><td>${u.seen}</td></tr>`);
    if (ev.moreUnmatched > 0) out.push(`<tr><td>and ${plural(ev.moreUnmatched, 'more answer')} to other paths</td><td>${ev.moreUnmatched}</td></tr>`);
    out.push('</tbody></table>');
  }
  out.push('</section>');
  return out.join('\n');
}
