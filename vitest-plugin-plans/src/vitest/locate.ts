/**
 * Where each test of a plan sits in its YAML: the task's map (a matrix row's
 * own map, so each row is found at its line), with the real line and column.
 * The loader's spans carry lines only; columns come from the positioned tree.
 */
import { parseYamlTree, nodeAt } from '../plan/yaml-tree.js';
import type { LoadedPlan, Task } from '../plan/types.js';
import type { LineOrigin } from './source-map.js';

/** One test of a plan module. */
export interface TestSite extends LineOrigin {
  /** The task's name exactly as the runner names it (`name[row]` for a matrix row). */
  name: string;
  finally: boolean;
}

const TASK_PATH = /^(tasks|finally)\[(\d+)\]$/;

/**
 * Line → column of the first significant character on that line, past any
 * sequence markers (`- - name:` → the column of `name`). Used for the error
 * factories a failure is thrown from, keyed by the line an event names.
 */
export function lineColumns(text: string): Map<number, number> {
  const out = new Map<number, number>();
  text.split(/\r?\n/).forEach((l, i) => {
    const m = /^(\s*(?:-\s+)*)(\S)/.exec(l);
    if (!m || m[2] === '#') return;
    out.set(i + 1, m[1]!.length + 1);
  });
  return out;
}

/** The tests of a loaded plan, in plan order (main tasks, then finally tasks), each at its YAML position. */
export function testSites(plan: LoadedPlan, text: string): TestSite[] {
  const root = parseYamlTree(text).root;
  const cols = lineColumns(text);
  const site = (t: Task): TestSite => {
    const m = TASK_PATH.exec(t.path);
    const at: Array<string | number> = m ? [m[1]!, Number(m[2])] : [];
    if (m && t.matrixRow) at.push('matrix', t.matrixRow.index - 1);
    const node = m ? nodeAt(root, at) : undefined;
    const line = node?.line ?? t.span.line;
    return { name: t.name, finally: t.finally, line, column: node?.column ?? cols.get(line) ?? 1 };
  };
  return [...plan.tasks, ...plan.finallyTasks].map(site);
}
