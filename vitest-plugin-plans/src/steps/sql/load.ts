/** `sql:` request loader: url (templated), query (a literal), params. */
import { compileJson } from '../../plan/compile.js';
import { sub, type NodeCtx } from '../../plan/context.js';
import { get, items } from '../../plan/read.js';
import type { JsonTemplate } from '../../plan/types.js';
import type { SqlRequest } from './types.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { literal, requiredTemplate, timeoutOf, withOptional, type RequestLoader } from '../../plan/request-common.js';

/** Loads a sql request. */
export const loadSqlRequest: RequestLoader<SqlRequest> = (ctx: NodeCtx, node: PNode) => {
  const url = requiredTemplate(ctx, node, 'url', 'a sql step needs a url (postgres://, mysql:// or sqlite:)');
  const query = literal(ctx, node, 'query', 'a sql query is a literal; pass values in params');
  const params: JsonTemplate[] = [];
  items(get(node, 'params')).forEach((it, i) => {
    const v = compileJson(sub(ctx, 'params', i), it);
    if (v) params.push(v);
  });
  if (!url || query === undefined) return undefined;
  return withOptional<SqlRequest>({ url, query, params }, { timeoutMs: timeoutOf(node) });
};
