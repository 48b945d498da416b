/** `ws:` request loader: url, headers, subprotocols, send items, expect/until/ignore, maxMessage, idle, timeout. */
import { compileAt, compileJson, compileTemplate } from '../../plan/compile.js';
import { error, sub, type NodeCtx } from '../../plan/context.js';
import { durationMs, get, int, items, scalarText, str } from '../../plan/read.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { namedTemplates, requiredTemplate, timeoutOf, withOptional, type RequestLoader } from '../../plan/request-common.js';
import { MESSAGE_NAMES } from './scope.js';
import type { WsRequest, WsSendSpec } from './types.js';

/** Default `maxMessage`: 1 MiB. */
export const WS_MAX_MESSAGE = 1024 * 1024;
/** Default `idle`: how long a step with neither expect nor until waits for one more message. */
export const WS_IDLE_MS = 1000;

const CONTROL = ['binary', 'receive', 'close'];

function sendItem(ctx: NodeCtx, it: PNode): WsSendSpec | undefined {
  if (it.kind === 'scalar' && typeof it.value === 'string') {
    const t = compileTemplate(ctx, it, it.value);
    return t && { kind: 'text', text: t };
  }
  const keys = it.kind === 'map' ? it.entries.map((e) => e.key) : [];
  const control = keys.find((k) => CONTROL.includes(k));
  if (control === undefined) {
    const v = compileJson(ctx, it);
    return v && { kind: 'json', value: v };
  }
  const extra = keys.filter((k) => k !== control && !(control === 'close' && k === 'reason'));
  if (extra.length > 0) {
    error(ctx, it, `a { ${control}: … } send item takes no other key (found ${extra.join(', ')}); to send a JSON object with a ${control} key, write it as a string`);
    return undefined;
  }
  const v = get(it, control);
  if (control === 'binary') {
    const text = scalarText(v);
    if (text === undefined) return void error(sub(ctx, 'binary'), v, 'binary takes the frame as base64 text');
    if (!text.includes('{{') && !/^[A-Za-z0-9+/]*={0,2}$/.test(text.replace(/\s+/g, ''))) return void error(sub(ctx, 'binary'), v, 'binary is not base64: use A-Z, a-z, 0-9, + and /, with = padding');
    const t = compileTemplate(sub(ctx, 'binary'), v, text);
    return t && { kind: 'binary', base64: t };
  }
  const n = int(v);
  if (control === 'receive') {
    if (n === undefined || n < 1) return void error(sub(ctx, 'receive'), v, 'receive takes a number of messages, at least 1');
    return { kind: 'receive', count: n };
  }
  if (n === undefined || !(n === 1000 || (n >= 3000 && n <= 4999))) return void error(sub(ctx, 'close'), v, 'close takes a close code: 1000, or 3000 to 4999 (RFC 6455 §7.4)');
  return { kind: 'close', code: n, reason: str(get(it, 'reason')) ?? '' };
}

function messageExpr(ctx: NodeCtx, node: PNode, key: 'until' | 'ignore') {
  const n = get(node, key);
  const src = str(n);
  if (src === undefined) return undefined;
  return compileAt(sub(ctx, key), n, src, 'assert', 'until', { kind: 'ws', names: MESSAGE_NAMES, noun: `ws ${key} (a message: body, text, binary, at)` });
}

/** Loads a ws request. */
export const loadWsRequest: RequestLoader<WsRequest> = (ctx: NodeCtx, node: PNode) => {
  const url = requiredTemplate(ctx, node, 'url', 'a ws step needs a url (ws:// or wss://)');
  const rawUrl = str(get(node, 'url'));
  if (rawUrl !== undefined && !rawUrl.startsWith('{{') && !/^wss?:\/\//i.test(rawUrl)) error(sub(ctx, 'url'), get(node, 'url'), `a ws url starts with ws:// or wss://, not ${JSON.stringify(rawUrl.slice(0, 20))}`);
  const send: WsSendSpec[] = [];
  let ok = true;
  items(get(node, 'send')).forEach((it, i) => {
    const v = sendItem(sub(ctx, 'send', i), it);
    if (v) send.push(v);
    else ok = false;
  });
  const headers = namedTemplates(ctx, node, 'headers');
  const subprotocols = items(get(node, 'subprotocols')).map(str).filter((s): s is string => s !== undefined);
  const until = messageExpr(ctx, node, 'until');
  const ignore = messageExpr(ctx, node, 'ignore');
  const expect = int(get(node, 'expect'));
  if (expect !== undefined && until !== undefined) error(sub(ctx, 'until'), get(node, 'until'), 'a ws step takes expect or until, not both');
  const maxMessage = int(get(node, 'maxMessage')) ?? WS_MAX_MESSAGE;
  if (url === undefined || !ok) return undefined;
  return withOptional<WsRequest>(
    { url, headers, subprotocols, send, maxMessage, idleMs: durationMs(get(node, 'idle')) ?? WS_IDLE_MS },
    { expect, until, ignore, timeoutMs: timeoutOf(node) },
  );
};
