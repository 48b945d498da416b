/**
 * Finds the items of the top-level `tasks:` list in the plan's text, so that
 * a large plan is parsed one task at a time. Parsing a 20,000-task plan as one
 * YAML document held some 260 MiB of parser nodes at once (issue 12,
 * "Memory"); one task's document is a few KiB and is garbage as soon as it is
 * converted.
 *
 * The split is a line scan and is only taken when it cannot change the
 * meaning: a single document, no anchors, aliases or tags anywhere (a task
 * could refer to another's anchor), and every line of the list's region either
 * blank, a comment, or indented at least as deep as the items. Anything else
 * returns undefined and the whole text is parsed at once, as before.
 */

/** The `tasks:` list cut out of the text. */
export interface TaskListSplit {
  /** The text with the list's lines emptied (line numbers unchanged). */
  skeleton: string;
  /** 1-based line of the `tasks:` key. */
  keyLine: number;
  /** Each item's text (whole lines, original indentation) and its first line (1-based). */
  items: Array<{ text: string; line: number }>;
}

// A document marker, a directive, or an anchor/alias/tag token: parse whole.
// (`!=` is the assertion language's, not a tag.)
const UNSAFE_DOC = /^(?:---|\.\.\.|%)/m;
const UNSAFE_NODE = /(?:^|[\s[{,])(?:[&*][^\s,[\]{}]|![^\s=,[\]{}])/m;
const TASKS_KEY = /^tasks:[ \t]*(?:#.*)?\r?$/;
// Below this size the whole-document parse costs nothing worth saving.
const MIN_SPLIT_LENGTH = 64 * 1024;

/** Splits out the task list, or undefined when the text must be parsed whole. */
export function splitTaskList(text: string): TaskListSplit | undefined {
  if (text.length < MIN_SPLIT_LENGTH || UNSAFE_DOC.test(text) || UNSAFE_NODE.test(text)) return undefined;
  const lines = text.split('\n');
  const keyIndex = lines.findIndex((l) => TASKS_KEY.test(l));
  if (keyIndex < 0 || lines.findIndex((l, i) => i > keyIndex && TASKS_KEY.test(l)) >= 0) return undefined;

  let itemIndent = -1;
  let end = lines.length;
  const starts: number[] = [];
  for (let i = keyIndex + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const body = line.trimStart();
    if (body === '' || body === '\r' || body.startsWith('#')) continue;
    if (/^ *\t/.test(line)) return undefined; // tabs never indent YAML; let the parser say so
    const indent = line.length - body.length;
    const isItem = body.startsWith('- ') || body === '-' || body === '-\r';
    if (itemIndent < 0) {
      if (!isItem) return undefined;
      itemIndent = indent;
    }
    if (indent === 0 && !(itemIndent === 0 && isItem)) {
      end = i;
      break;
    }
    if (indent < itemIndent) return undefined;
    if (indent === itemIndent) {
      if (!isItem) return undefined;
      starts.push(i);
    }
  }
  if (starts.length === 0) return undefined;
  // Trailing blank and comment lines before the next key stay with the last item.
  const items = starts.map((start, k) => {
    const stop = k + 1 < starts.length ? starts[k + 1]! : end;
    return { text: lines.slice(start, stop).join('\n'), line: start + 1 };
  });
  for (let i = keyIndex + 1; i < end; i++) lines[i] = '';
  return { skeleton: lines.join('\n'), keyLine: keyIndex + 1, items };
}
