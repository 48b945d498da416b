/**
 * `grpc:` request loader: address, proto (read and checked at load), service,
 * method, request or requests, metadata, tls, expect, timeout. With `proto`,
 * an unknown service, method or request field is a load error with a
 * did-you-mean; without it the call is checked at run time by reflection.
 */
import { compileJson } from '../../plan/compile.js';
import { error, spanOf, sub, type NodeCtx } from '../../plan/context.js';
import { diag, formatPath } from '../../plan/diagnostics.js';
import { readNamedFile } from '../../plan/files.js';
import { bool, get, int, items, str } from '../../plan/read.js';
import type { JsonTemplate } from '../../plan/types.js';
import type { PNode } from '../../plan/yaml-tree.js';
import { namedTemplates, requiredTemplate, timeoutOf, withOptional, type RequestLoader } from '../../plan/request-common.js';
import { checkAgainstProto } from './load-check.js';
import type { GrpcRequest } from './types.js';

/** Loads a grpc request. */
export const loadGrpcRequest: RequestLoader<GrpcRequest> = (ctx: NodeCtx, node: PNode) => {
  const address = requiredTemplate(ctx, node, 'address', 'a grpc step needs an address (host:port)');
  const protoName = str(get(node, 'proto'));
  const proto = protoName === undefined ? undefined : readNamedFile(sub(ctx, 'proto'), get(node, 'proto'), 'proto', protoName);
  const service = str(get(node, 'service'));
  const method = str(get(node, 'method'));
  if (service === undefined && get(node, 'service') === undefined) error(ctx, node, 'a grpc step needs service (e.g. shop.Orders)');
  if (method === undefined && get(node, 'method') === undefined) error(ctx, node, 'a grpc step needs method');
  const stream = get(node, 'requests') !== undefined;
  if (stream && get(node, 'request') !== undefined) error(sub(ctx, 'requests'), get(node, 'requests'), 'a grpc step takes request or requests, not both');
  const requestNodes: Array<{ node: PNode | undefined; segs: Array<string | number> }> = stream
    ? items(get(node, 'requests')).map((n, i) => ({ node: n, segs: ['requests', i] }))
    : [{ node: get(node, 'request'), segs: ['request'] }];
  const requests: JsonTemplate[] = [];
  let ok = true;
  for (const r of requestNodes) {
    const t = r.node === undefined ? { kind: 'object' as const, entries: [] } : compileJson(sub(ctx, ...r.segs), r.node);
    if (t) requests.push(t);
    else ok = false;
  }
  const metadata = namedTemplates(ctx, node, 'metadata');
  if (protoName === undefined && service !== undefined && method !== undefined) {
    // `runner plan` opens no socket, so without a proto the call can only be checked when it runs.
    ctx.load.advice.push(diag('advice', 'grpc.reflection', spanOf(ctx.load, node), formatPath(ctx.segs), `no proto: ${service}/${method} is checked at run time, by server reflection`));
  }
  const checked = proto && service !== undefined && method !== undefined ? checkAgainstProto(ctx, node, proto, service, method, requestNodes, stream) : undefined;
  if (!address || (protoName !== undefined && !checked) || service === undefined || method === undefined || !ok) return undefined;
  return withOptional<GrpcRequest>(
    { address, service, method, requests, streamRequests: stream, metadata, tls: bool(get(node, 'tls')) ?? false },
    { proto, root: checked, expect: int(get(node, 'expect')), timeoutMs: timeoutOf(node) },
  );
};
