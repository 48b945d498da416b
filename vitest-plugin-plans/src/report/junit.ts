/**
 * JUnit XML from the run model. One testsuite for the main tasks and one for
 * finally tasks, testcases in plan order; blocked and not-run tasks become
 * labelled `<skipped>` (plan-runner.md: the exit code ignores the file).
 * The output validates against Jenkins/Surefire's junit-10.xsd
 * (test/run/junit-10.xsd), which is what CI servers parse it with.
 */
import { blockText, renderBlock } from './block.js';
import { resetReport, tasksInPlanOrder, type RunModel, type TaskReport } from './model.js';

/**
 * Escape text for XML content and attributes. Characters XML 1.0 cannot carry
 * at all (control characters other than tab, newline and carriage return,
 * U+FFFE, U+FFFF) are dropped: an escape would not help, the parser refuses them.
 */
export function xml(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const secs = (ms: number) => (ms / 1000).toFixed(3);

/** Short message of a task that did not pass: its first failing assertion or its reason. */
export function failureMessage(t: TaskReport): string {
  const a = t.failure?.asserts.find((x) => x.outcome !== 'held');
  if (t.state === 'failed' && a) return `assert ${a.expr} ${a.outcome === 'error' ? 'error' : a.outcome}`;
  return t.reason ?? t.state;
}

function testcase(t: TaskReport, classname: string): string {
  const open = `    <testcase name="${xml(t.name)}" classname="${xml(classname)}" time="${secs(t.durationMs)}"`;
  switch (t.state) {
    case 'passed':
      return `${open}/>`;
    case 'skipped':
    case 'blocked':
    case 'not run':
      return `${open}>\n      <skipped message="${xml(`${t.state}: ${t.reason ?? ''}`.trim())}"/>\n    </testcase>`;
    default: {
      const tag = t.state === 'failed' ? 'failure' : 'error';
      const text = blockText(renderBlock(t.name, t.state, t.reason, t.failure, t.file, t.line)).join('\n');
      return `${open}>\n      <${tag} message="${xml(failureMessage(t))}" type="${xml(t.state)}">${xml(text)}</${tag}>\n    </testcase>`;
    }
  }
}

function suite(name: string, tasks: TaskReport[], model: RunModel): string {
  const count = (f: (t: TaskReport) => boolean) => tasks.filter(f).length;
  const time = tasks.reduce((a, t) => a + t.durationMs, 0);
  const attrs = [
    `name="${xml(name)}"`,
    `tests="${tasks.length}"`,
    `failures="${count((t) => t.state === 'failed')}"`,
    `errors="${count((t) => t.state === 'errored' || t.state === 'timed out')}"`,
    `skipped="${count((t) => t.state === 'skipped' || t.state === 'blocked' || t.state === 'not run')}"`,
    `time="${secs(time)}"`,
    `timestamp="${xml(model.start?.startedAt ?? '')}"`,
  ].join(' ');
  const props = `    <properties>\n      <property name="run.id" value="${xml(model.start?.runId ?? '')}"/>\n    </properties>`;
  return [`  <testsuite ${attrs}>`, props, ...tasks.map((t) => testcase(t, model.start?.plan ?? '')), '  </testsuite>'].join('\n');
}

/** Render JUnit XML from a complete model. */
export function renderJunit(model: RunModel): string {
  const plan = model.start?.plan ?? 'plan';
  const reset = resetReport(model);
  const tasks = tasksInPlanOrder(model);
  const main = [...(reset ? [reset] : []), ...tasks.filter((t) => !t.finally)];
  const fin = tasks.filter((t) => t.finally);
  const all = [...main, ...fin];
  const count = (f: (t: TaskReport) => boolean) => all.filter(f).length;
  // junit-10.xsd allows name, time, tests, failures and errors on <testsuites>; `skipped` is only on <testsuite>.
  const head = `<testsuites name="runner" tests="${all.length}" failures="${count((t) => t.state === 'failed')}" errors="${count((t) => t.state === 'errored' || t.state === 'timed out')}" time="${secs(model.end?.wallMs ?? 0)}">`;
  const suites = [suite(plan, main, model)];
  if (fin.length > 0) suites.push(suite(`${plan} (finally)`, fin, model));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${head}\n${suites.join('\n')}\n</testsuites>\n`;
}
