/** Request keys exec and script share: `maxOutput` (bytes kept of stdout and of stderr). */
import { error, sub, type NodeCtx } from '../../plan/context.js';
import { get, int } from '../../plan/read.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { DEFAULT_MAX_OUTPUT } from './capture.js';

/** `maxOutput` of an exec or script step: bytes kept of stdout and of stderr, each (default 1 MiB). */
export function maxOutputOf(ctx: NodeCtx, node: PNode): number {
  const n = get(node, 'maxOutput');
  if (n === undefined) return DEFAULT_MAX_OUTPUT;
  const v = int(n);
  if (v === undefined || v < 1) {
    error(sub(ctx, 'maxOutput'), n, 'maxOutput is a number of bytes, at least 1 (default 1048576)');
    return DEFAULT_MAX_OUTPUT;
  }
  return v;
}

/** The JSON Schema of `maxOutput`, shared by both fragments. */
export const MAX_OUTPUT_SCHEMA = {
  type: 'integer',
  minimum: 1,
  description: 'Bytes of stdout and of stderr kept, each (default 1048576); more sets truncated.stdout or truncated.stderr.',
};
