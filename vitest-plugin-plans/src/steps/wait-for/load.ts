/** `waitFor:` request loader: an http request polled until `until` holds (interval, backoff, attempts, stable, timeout). */
import { httpScopeNames } from '../../expr/scopes.js';
import { compileAt } from '../../plan/compile.js';
import { error, sub, type NodeCtx } from '../../plan/context.js';
import { durationMs, get, int, str } from '../../plan/read.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { timeoutOf, withOptional, type RequestLoader } from '../../plan/request-common.js';
import { loadHttpRequest } from '../http/load.js';
import type { WaitForRequest } from './types.js';

/** Default attempts of a waitFor. */
export const WAIT_FOR_ATTEMPTS = 30;
/** Default pause between polls. */
export const WAIT_FOR_INTERVAL_MS = 1000;

function backoffOf(ctx: NodeCtx, node: PNode, intervalMs: number): WaitForRequest['backoff'] {
  const b = get(node, 'backoff');
  if (b === undefined) return undefined;
  const f = get(b, 'factor');
  const factor = f?.kind === 'scalar' && typeof f.value === 'number' ? f.value : 2;
  if (factor < 1) error(sub(ctx, 'backoff', 'factor'), f, 'backoff.factor is at least 1 (1 keeps the interval)');
  const maxMs = durationMs(get(b, 'max')) ?? Math.max(intervalMs, 30_000);
  return { factor, maxMs };
}

/** Loads a waitFor request. */
export const loadWaitForRequest: RequestLoader<WaitForRequest> = (ctx: NodeCtx, node: PNode) => {
  const httpNode = get(node, 'http');
  if (httpNode === undefined) error(ctx, node, 'a waitFor step needs http: the request to poll');
  const http = httpNode === undefined ? undefined : loadHttpRequest(sub(ctx, 'http'), httpNode);
  const untilNode = get(node, 'until');
  const untilSrc = str(untilNode);
  if (untilNode === undefined) error(ctx, node, 'a waitFor step needs until: the condition that ends the wait (over the http names)');
  const until = untilSrc === undefined ? undefined : compileAt(sub(ctx, 'until'), untilNode, untilSrc, 'assert', 'until', { kind: 'http', names: httpScopeNames(), noun: 'waitFor.until' });
  const intervalMs = durationMs(get(node, 'interval')) ?? WAIT_FOR_INTERVAL_MS;
  const backoff = backoffOf(ctx, node, intervalMs);
  const attempts = int(get(node, 'attempts')) ?? WAIT_FOR_ATTEMPTS;
  const stable = int(get(node, 'stable')) ?? 1;
  if (stable > attempts) error(sub(ctx, 'stable'), get(node, 'stable'), `stable ${stable} can never hold within attempts ${attempts}`);
  if (!http || !until) return undefined;
  return withOptional<WaitForRequest>({ http, until, intervalMs, attempts, stable }, { backoff, timeoutMs: timeoutOf(node) });
};
