/**
 * `graphql:` request loader. The query is a literal (no `{{`), parsed at
 * load with graphql-js; `query` XOR `queryFile`; url required. Messages are
 * the spec's fixed ones (§7).
 */
import { parse, GraphQLError, Kind } from 'graphql';
import { compileJson } from '../../plan/compile.js';
import { error, sub, type NodeCtx } from '../../plan/context.js';
import { fileText, readNamedFile } from '../../plan/files.js';
import { get, has, str } from '../../plan/read.js';
import type { GraphqlRequest } from './types.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { namedTemplates, templateAt, timeoutOf, withOptional, type RequestLoader } from '../../plan/request-common.js';

/** Line and column (1-based) of an offset inside a text. */
function lineCol(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Loads a graphql request. */
export const loadGraphqlRequest: RequestLoader<GraphqlRequest> = (ctx: NodeCtx, node: PNode) => {
  const hasQuery = has(node, 'query');
  const hasFile = has(node, 'queryFile');
  let ok = true;
  if (!has(node, 'url')) {
    error(ctx, node, 'a graphql step needs a url');
    ok = false;
  }
  if (hasQuery && hasFile) {
    error(ctx, node, 'a graphql step takes query or queryFile, not both');
    ok = false;
  } else if (!hasQuery && !hasFile) {
    error(ctx, node, 'a graphql step needs query, or queryFile naming a file relative to the plan');
    ok = false;
  }
  let query: string | undefined;
  let queryFile: GraphqlRequest['queryFile'];
  let where: NodeCtx = ctx;
  let whereNode: PNode | undefined = node;
  if (hasQuery && !hasFile) {
    query = str(get(node, 'query'));
    where = sub(ctx, 'query');
    whereNode = get(node, 'query');
  } else if (hasFile && !hasQuery) {
    const name = str(get(node, 'queryFile'));
    where = sub(ctx, 'queryFile');
    whereNode = get(node, 'queryFile');
    if (name !== undefined) {
      queryFile = readNamedFile(where, whereNode, 'queryFile', name);
      if (queryFile) query = fileText(queryFile);
    }
  }
  const operations: string[] = [];
  if (query !== undefined) {
    const at = query.indexOf('{{');
    if (at >= 0) {
      const p = lineCol(query, at);
      error(where, whereNode, `a graphql query is a literal; pass values in variables (the {{ is at line ${p.line}, column ${p.column} of the query)`, 'graphql');
      ok = false;
    } else {
      try {
        const doc = parse(query);
        for (const d of doc.definitions) {
          if (d.kind === Kind.OPERATION_DEFINITION && d.name) operations.push(d.name.value);
        }
      } catch (e) {
        const g = e as GraphQLError;
        const loc = g.locations?.[0];
        const pos = loc ? `line ${loc.line}, column ${loc.column}` : 'an unknown position';
        error(where, whereNode, `the query does not parse at ${pos} of the query: ${g.message.replace(/^Syntax Error: /, '')}`, 'graphql');
        ok = false;
      }
    }
  }
  const url = templateAt(ctx, node, 'url');
  const extra: Partial<GraphqlRequest> = {
    queryFile,
    variables: has(node, 'variables') ? compileJson(sub(ctx, 'variables'), get(node, 'variables')) : undefined,
    operationName: templateAt(ctx, node, 'operationName'),
    timeoutMs: timeoutOf(node),
  };
  const headers = namedTemplates(ctx, node, 'headers');
  if (!ok || url === undefined || query === undefined) return undefined;
  return withOptional<GraphqlRequest>({ url, query, operations, headers }, extra);
};
