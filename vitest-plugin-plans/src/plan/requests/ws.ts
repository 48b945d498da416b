/** `ws:` request loader: url, headers, subprotocols, send (messages in order), expect, timeout. */
import { compileJson } from '../compile.js';
import { sub, type NodeCtx } from '../context.js';
import { get, int, items, str } from '../read.js';
import type { JsonTemplate, WsRequest } from '../types.js';
import type { PNode } from '../yaml-tree.js';
import { namedTemplates, requiredTemplate, timeoutOf, withOptional, type RequestLoader } from './common.js';

/** Loads a ws request. */
export const loadWsRequest: RequestLoader<WsRequest> = (ctx: NodeCtx, node: PNode) => {
  const url = requiredTemplate(ctx, node, 'url', 'a ws step needs a url (ws:// or wss://)');
  const send: JsonTemplate[] = [];
  items(get(node, 'send')).forEach((it, i) => {
    const v = compileJson(sub(ctx, 'send', i), it);
    if (v) send.push(v);
  });
  const headers = namedTemplates(ctx, node, 'headers');
  const subprotocols = items(get(node, 'subprotocols')).map(str).filter((s): s is string => s !== undefined);
  if (url === undefined) return undefined;
  return withOptional<WsRequest>({ url, headers, subprotocols, send }, { expect: int(get(node, 'expect')), timeoutMs: timeoutOf(node) });
};
