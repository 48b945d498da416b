/** `script:` request loader: runtime, file (read at load) or source, args, timeout, maxOutput. */
import { compileTemplate } from '../../plan/compile.js';
import { error, sub, type NodeCtx } from '../../plan/context.js';
import { readNamedFile } from '../../plan/files.js';
import { get, has, str } from '../../plan/read.js';
import type { ScriptRequest } from './types.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { templateList, timeoutOf, withOptional, type RequestLoader } from '../../plan/request-common.js';
import { maxOutputOf } from '../process/options.js';

/** Loads a script request. */
export const loadScriptRequest: RequestLoader<ScriptRequest> = (ctx: NodeCtx, node: PNode) => {
  const runtime = str(get(node, 'runtime'));
  if (runtime !== undefined && !/^[A-Za-z0-9_.+/-]+$/.test(runtime)) error(sub(ctx, 'runtime'), get(node, 'runtime'), `runtime ${JSON.stringify(runtime)} is not a command name such as node or python3`);
  const hasFile = has(node, 'file');
  const hasSource = has(node, 'source');
  if (hasFile && hasSource) error(ctx, node, 'a script step takes file or source, not both');
  else if (!hasFile && !hasSource) error(ctx, node, 'a script step needs file (relative to the plan) or source');
  const name = str(get(node, 'file'));
  const file = hasFile && !hasSource && name !== undefined ? readNamedFile(sub(ctx, 'file'), get(node, 'file'), 'file', name) : undefined;
  const source = hasSource && !hasFile ? str(get(node, 'source')) : undefined;
  const args = templateList(ctx, node, 'args');
  const maxOutput = maxOutputOf(ctx, node);
  // The protocol's input is the template scope itself; compiled as templates, it renders
  // exactly as a `{{ }}` hole would (numbers as written, secrets known to the scrubber).
  const whole = (n: string) => compileTemplate(ctx, node, `{{ ${n} }}`);
  const env = whole('env');
  const tasks = whole('tasks');
  const run = whole('run');
  if (runtime === undefined || (file === undefined && source === undefined) || !env || !tasks || !run) return undefined;
  return withOptional<ScriptRequest>({ runtime, args, maxOutput, input: { env, tasks, run } }, { file, source, timeoutMs: timeoutOf(node) });
};
