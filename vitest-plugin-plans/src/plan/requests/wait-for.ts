/** `waitFor:` request loader: an http request polled until `until` holds. */
import { compileAt } from '../compile.js';
import { error, sub, type NodeCtx } from '../context.js';
import { durationMs, get, int, str } from '../read.js';
import type { WaitForRequest } from '../types.js';
import type { PNode } from '../yaml-tree.js';
import { timeoutOf, withOptional, type RequestLoader } from './common.js';
import { loadHttpRequest } from './http.js';

/** Default attempts of a waitFor. */
export const WAIT_FOR_ATTEMPTS = 30;

/** Loads a waitFor request. */
export const loadWaitForRequest: RequestLoader<WaitForRequest> = (ctx: NodeCtx, node: PNode) => {
  const httpNode = get(node, 'http');
  if (httpNode === undefined) error(ctx, node, 'a waitFor step needs http: the request to poll');
  const http = httpNode === undefined ? undefined : loadHttpRequest(sub(ctx, 'http'), httpNode);
  const untilNode = get(node, 'until');
  const untilSrc = str(untilNode);
  if (untilNode === undefined) error(ctx, node, 'a waitFor step needs until: the condition that ends the wait (over the http names)');
  const until = untilSrc === undefined ? undefined : compileAt(sub(ctx, 'until'), untilNode, untilSrc, 'assert', 'until', { kind: 'http' });
  if (!http || !until) return undefined;
  return withOptional<WaitForRequest>(
    { http, until, intervalMs: durationMs(get(node, 'interval')) ?? 1000, attempts: int(get(node, 'attempts')) ?? WAIT_FOR_ATTEMPTS },
    { timeoutMs: timeoutOf(node) },
  );
};
