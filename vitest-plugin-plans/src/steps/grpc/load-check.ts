/**
 * Load-time check of a grpc step against its .proto: a malformed proto is a
 * load error naming the file and line; an unknown service, method or request
 * field is a load error at its YAML node, with a did-you-mean. The parsed
 * root is kept per proto file for the run (parsed once per load).
 */
import { diag, formatPath } from '../../plan/diagnostics.js';
import { spanOf, type NodeCtx } from '../../plan/context.js';
import { get } from '../../plan/read.js';
import type { LoadedFile } from '../../plan/types.js';
import { nodeAt, toPlain, type PNode } from '../../plan/yaml-tree.js';
import { checkCall } from './check-call.js';
import { parseProtoFile } from './proto.js';
import type { Root } from 'protobufjs';

/** The request nodes as the loader found them: `request:` (one) or each of `requests:`. */
export interface RequestNodes {
  node: PNode | undefined;
  segs: Array<string | number>;
}

/** Parses the proto and checks the call; returns the root, or undefined after recording errors. */
export function checkAgainstProto(ctx: NodeCtx, node: PNode, proto: LoadedFile, service: string, method: string, requests: RequestNodes[], many: boolean): Root | undefined {
  const text = Buffer.from(proto.bytes).toString('utf8');
  const parsed = parseProtoFile(text, proto.resolved, (p) => Buffer.from(ctx.load.files.read(p)).toString('utf8'));
  if (!parsed.ok) {
    // The error is in the proto (or a file it imports): point there, not at the plan.
    const file = parsed.file === proto.resolved ? proto.path : parsed.file;
    ctx.load.errors.push(diag('error', 'grpc', { file, line: parsed.line }, formatPath([...ctx.segs, 'proto']), `the proto does not parse: ${parsed.message}`, parsed.column !== undefined ? { column: parsed.column } : {}));
    return undefined;
  }
  const problems = checkCall(parsed.root, proto.path, { service, method, requests: requests.map((r) => toPlain(r.node) ?? {}), many });
  // Each problem points at its YAML node with line and column (`column N:`), like an expression error.
  const located = (segs: Array<string | number>, at: PNode | undefined, message: string) => {
    ctx.load.errors.push(diag('error', 'grpc', spanOf(ctx.load, at), formatPath([...ctx.segs, ...segs]), message, at ? { column: at.column } : {}));
  };
  for (const p of problems) {
    if (p.where !== 'request') {
      located([p.where], get(node, p.where) ?? node, p.message);
      continue;
    }
    const r = requests[p.index ?? 0]!;
    located([...r.segs, ...(p.path ?? [])], nodeAt(r.node, p.path ?? []) ?? r.node ?? node, p.message);
  }
  return problems.length === 0 ? parsed.root : undefined;
}

