/**
 * What every part of the HTML report shares: the one stylesheet (screen and
 * print), escaping, and anchor ids. The page has no script and loads nothing
 * (plan-runner.md §4), so everything it looks like is in this CSS, inline;
 * colours never carry meaning alone (state words and titles say it too).
 */
import type { TaskState } from '../events/types.js';

const SCREEN = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:24px 32px;color:#1d232a;background:#fff}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d8dee4;padding-bottom:4px}
a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
.exit-0{color:#1a7f37}.exit-bad{color:#cf222e}
.meta,.summary,.facts{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px;margin:4px 0}
ul{list-style:none;padding:0;margin:0}li{padding:2px 0}
nav ul ul{padding-left:18px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
nav li.none{color:#6e7781}
.state{display:inline-block;min-width:76px;font-weight:600;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
.passed{color:#1a7f37}.failed,.errored,.timed-out{color:#cf222e}.skipped,.blocked,.not-run{color:#9a6700}
details.task{border:1px solid #d8dee4;border-radius:6px;margin:6px 0;padding:0 12px}
details.task>summary{cursor:pointer;padding:6px 0;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
details.task[open]>summary{border-bottom:1px solid #eaeef2;margin-bottom:6px}
details.body>summary{cursor:pointer;font-size:12.5px;color:#57606a}
pre{background:#f6f8fa;border:1px solid #d8dee4;border-radius:6px;padding:10px 12px;font-size:12.5px;line-height:1.4;margin:6px 0 14px;white-space:pre-wrap;overflow-wrap:anywhere}
mark.assert{background:#ffebe9;color:#82071e;font-weight:600;display:inline-block;width:100%;box-shadow:-4px 0 0 #cf222e}
.reason{color:#57606a}
figure{margin:8px 0 16px}svg{max-width:100%;height:auto;font:11px ui-monospace,SFMono-Regular,Menlo,monospace}
svg .grid{stroke:#eaeef2}svg .axis{stroke:#8c959f}svg text{fill:#57606a}svg text.in{fill:#fff}
svg .lane{fill:#f6f8fa}
svg .bar.passed{fill:#2da44e}svg .bar.failed{fill:#cf222e}svg .bar.errored{fill:#a40e26}svg .bar.timed-out{fill:#bc4c00}
svg .bar.skipped,svg .bar.blocked,svg .bar.not-run{fill:#d4a72c}
svg .wait{fill:#fff;stroke:#6e7781;stroke-width:1.5;stroke-dasharray:4 3}
svg .dns{fill:#8250df}svg .connect{fill:#bf3989}svg .tls{fill:#e16f24}svg .ttfb{fill:#0969da}svg .transfer{fill:#54aeff}svg .total{fill:#6e7781}
.legend{font-size:12px;color:#57606a;margin:2px 0}.legend i{display:inline-block;width:12px;height:10px;margin:0 4px 0 10px;vertical-align:-1px;border-radius:2px}
.legend i.passed{background:#2da44e}.legend i.failed{background:#cf222e}.legend i.errored{background:#a40e26}.legend i.timed-out{background:#bc4c00}.legend i.other{background:#d4a72c}
.legend i.wait{border:1.5px dashed #6e7781;width:10px;height:8px}
.legend i.dns{background:#8250df}.legend i.connect{background:#bf3989}.legend i.tls{background:#e16f24}.legend i.ttfb{background:#0969da}.legend i.transfer{background:#54aeff}.legend i.total{background:#6e7781}
table{border-collapse:collapse;font-size:13px;margin:6px 0 14px}th,td{border:1px solid #d8dee4;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}
td code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
.seen{color:#1a7f37;font-weight:600}.unseen{color:#6e7781}tr.uncovered td:first-child{color:#9a6700}
`.trim();

// Printing: every detail open (the ::details-content rule for current engines, the child rule for older ones),
// no backgrounds, and no page break inside a task, a block, a figure or a table row.
const PRINT = `
@media print{
*{background:transparent!important;box-shadow:none!important}
body{padding:0;font-size:11pt}
details::details-content{content-visibility:visible;display:block;height:auto}
details:not([open])>*{display:block}
details>summary{list-style:none}details>summary::-webkit-details-marker{display:none}
details.task,pre,figure,tr,li,mark{break-inside:avoid;page-break-inside:avoid}
h1,h2,summary{break-after:avoid;page-break-after:avoid}
pre{border:1px solid #8c959f}
mark.assert{color:#000;font-weight:700;text-decoration:underline}
a{color:inherit}
}
`.trim();

/** The page's whole stylesheet. */
export const CSS = `${SCREEN}\n${PRINT}`;

/** Escape text for HTML content and attribute values; control characters HTML forbids are dropped. */
export function esc(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;')
  );
}

/** A state as a class name: `timed out` → `timed-out`. */
export const cls = (s: TaskState): string => s.replace(' ', '-');

/**
 * Anchor ids for tasks: `task-<name>` with characters other than letters,
 * digits, `-`, `_` and `.` replaced (a matrix row `a[eu west]` → `task-a_eu_west_`),
 * numbered on a clash, so every TOC link and timeline bar finds its task.
 */
export function createTaskIds(): (task: string, finallyTask: boolean) => string {
  const given = new Map<string, string>();
  const used = new Set<string>();
  return (task, finallyTask) => {
    const key = `${finallyTask ? 'f' : 'm'}\0${task}`;
    const known = given.get(key);
    if (known) return known;
    const base = `task-${task.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    given.set(key, id);
    return id;
  };
}
