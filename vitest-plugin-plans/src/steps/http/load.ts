/** `http:` request loader. */
import { compileJson } from '../../plan/compile.js';
import { error, sub, type NodeCtx } from '../../plan/context.js';
import { readNamedFile } from '../../plan/files.js';
import { bool, get, has, str } from '../../plan/read.js';
import type { HttpRequest } from './types.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { namedTemplates, requiredTemplate, templateAt, timeoutOf, withOptional, type RequestLoader } from '../../plan/request-common.js';

/** Loads an http request: method (default GET), url, headers, one body form, followRedirects, timeout. */
export const loadHttpRequest: RequestLoader<HttpRequest> = (ctx: NodeCtx, node: PNode) => {
  const bodies = ['json', 'body', 'bodyFile'].filter((k) => has(node, k));
  if (bodies.length > 1) error(ctx, node, `an http request takes one of json, body or bodyFile, not ${bodies.join(' and ')}`);
  const url = requiredTemplate(ctx, node, 'url', 'an http step needs a url');
  const bodyFileName = str(get(node, 'bodyFile'));
  const req = {
    method: (str(get(node, 'method')) ?? 'GET').toUpperCase(),
    url,
    headers: namedTemplates(ctx, node, 'headers'),
    followRedirects: bool(get(node, 'followRedirects')) ?? false,
  };
  const extra: Partial<HttpRequest> = {
    json: has(node, 'json') ? compileJson(sub(ctx, 'json'), get(node, 'json')) : undefined,
    body: templateAt(ctx, node, 'body'),
    bodyFile: bodyFileName === undefined ? undefined : readNamedFile(sub(ctx, 'bodyFile'), get(node, 'bodyFile'), 'bodyFile', bodyFileName),
    timeoutMs: timeoutOf(node),
  };
  if (url === undefined) return undefined;
  return withOptional<HttpRequest>({ ...req, url }, extra);
};
