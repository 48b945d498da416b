/** Load-time check of a grpc step against its .proto (filled in with the proto machinery). */
import type { NodeCtx } from '../../plan/context.js';
import type { LoadedFile } from '../../plan/types.js';
import type { PNode } from '../../plan/yaml-tree.js';

/** Reports unknown services, methods and request fields as load errors. */
export function checkAgainstProto(_ctx: NodeCtx, _node: PNode, _proto: LoadedFile, _service: string, _method: string, _requests: Array<{ node: PNode | undefined; segs: Array<string | number> }>): void {}
