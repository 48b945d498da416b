/** `fixture:` request loader: url, table + rows or sql, mode commit|rollback. */
import { compileJson } from '../compile.js';
import { error, sub, type NodeCtx } from '../context.js';
import { get, has, items, str } from '../read.js';
import type { FixtureRequest, JsonTemplate } from '../types.js';
import type { PNode } from '../yaml-tree.js';
import { literal, requiredTemplate, timeoutOf, withOptional, type RequestLoader } from './common.js';

/** Loads a fixture request. */
export const loadFixtureRequest: RequestLoader<FixtureRequest> = (ctx: NodeCtx, node: PNode) => {
  const url = requiredTemplate(ctx, node, 'url', 'a fixture step needs a url (postgres://, mysql:// or sqlite:)');
  const hasRows = has(node, 'table') || has(node, 'rows');
  const hasSql = has(node, 'sql');
  let ok = true;
  if (hasRows && hasSql) {
    error(ctx, node, 'a fixture step takes table and rows, or sql, not both');
    ok = false;
  } else if (!hasRows && !hasSql) {
    error(ctx, node, 'a fixture step needs table and rows, or sql');
    ok = false;
  } else if (hasRows && (!has(node, 'table') || !has(node, 'rows'))) {
    error(ctx, node, has(node, 'table') ? 'a fixture step with table needs rows' : 'a fixture step with rows needs table');
    ok = false;
  }
  let rows: JsonTemplate[] | undefined;
  if (has(node, 'rows')) {
    rows = [];
    for (const [i, it] of items(get(node, 'rows')).entries()) {
      const v = compileJson(sub(ctx, 'rows', i), it);
      if (v) rows.push(v);
    }
  }
  const sql = literal(ctx, node, 'sql', 'fixture sql is a literal; write rows with table and rows to template values');
  const mode = str(get(node, 'mode')) === 'rollback' ? 'rollback' : 'commit';
  if (!url || !ok) return undefined;
  return withOptional<FixtureRequest>({ url, mode }, { table: str(get(node, 'table')), rows, sql, timeoutMs: timeoutOf(node) });
};
