/** `grpc:` request loader: address, proto (read at load), service, method, request, metadata, tls, expect. */
import { compileJson } from '../compile.js';
import { error, sub, type NodeCtx } from '../context.js';
import { readNamedFile } from '../files.js';
import { bool, get, int, str } from '../read.js';
import type { GrpcRequest } from '../types.js';
import type { PNode } from '../yaml-tree.js';
import { namedTemplates, requiredTemplate, timeoutOf, withOptional, type RequestLoader } from './common.js';

/** Loads a grpc request. */
export const loadGrpcRequest: RequestLoader<GrpcRequest> = (ctx: NodeCtx, node: PNode) => {
  const address = requiredTemplate(ctx, node, 'address', 'a grpc step needs an address (host:port)');
  const protoName = str(get(node, 'proto'));
  const proto = protoName === undefined ? undefined : readNamedFile(sub(ctx, 'proto'), get(node, 'proto'), 'proto', protoName);
  const service = str(get(node, 'service'));
  const method = str(get(node, 'method'));
  if (protoName === undefined && get(node, 'proto') === undefined) error(ctx, node, 'a grpc step needs proto: the .proto file, relative to the plan');
  if (service === undefined && get(node, 'service') === undefined) error(ctx, node, 'a grpc step needs service (e.g. shop.Orders)');
  if (method === undefined && get(node, 'method') === undefined) error(ctx, node, 'a grpc step needs method');
  const request = get(node, 'request') === undefined ? { kind: 'object' as const, entries: [] } : compileJson(sub(ctx, 'request'), get(node, 'request'));
  const metadata = namedTemplates(ctx, node, 'metadata');
  if (!address || !proto || service === undefined || method === undefined || !request) return undefined;
  return withOptional<GrpcRequest>(
    { address, proto, service, method, request, metadata, tls: bool(get(node, 'tls')) ?? false },
    { expect: int(get(node, 'expect')), timeoutMs: timeoutOf(node) },
  );
};
