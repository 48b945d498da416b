/** `exec:` request loader: command, args, env, cwd, stdin, timeout, maxOutput (no shell). */
import { error, sub, type NodeCtx } from '../../plan/context.js';
import { get, str } from '../../plan/read.js';
import type { ExecRequest } from './types.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { namedTemplates, requiredTemplate, templateAt, templateList, timeoutOf, withOptional, type RequestLoader } from '../../plan/request-common.js';
import { maxOutputOf } from '../process/options.js';

/** Loads an exec request. */
export const loadExecRequest: RequestLoader<ExecRequest> = (ctx: NodeCtx, node: PNode) => {
  const command = requiredTemplate(ctx, node, 'command', 'an exec step needs a command');
  const args = templateList(ctx, node, 'args');
  const env = namedTemplates(ctx, node, 'env');
  const cwd = str(get(node, 'cwd'));
  if (cwd !== undefined && cwd.includes('{{')) error(sub(ctx, 'cwd'), get(node, 'cwd'), 'cwd is a literal path relative to the plan');
  const maxOutput = maxOutputOf(ctx, node);
  if (!command) return undefined;
  return withOptional<ExecRequest>({ command, args, env, maxOutput }, { cwd, stdin: templateAt(ctx, node, 'stdin'), timeoutMs: timeoutOf(node) });
};
