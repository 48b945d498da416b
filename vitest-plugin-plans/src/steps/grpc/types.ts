/** The `grpc:` request as the loader types it. */
import type { JsonTemplate, LoadedFile, NamedTemplate, Template } from '../../plan/types.js';

/** `grpc:` request: one call of any shape (unary, server, client or bidirectional streaming). */
export interface GrpcRequest {
  /** host:port, templated. */
  address: Template;
  /** The .proto file, read and checked at load; absent: server reflection at run time. */
  proto?: LoadedFile;
  /** The proto parsed at load (a protobufjs Root), checked against the call. */
  root?: unknown;
  /** Fully qualified service name, e.g. `shop.Orders`. */
  service: string;
  method: string;
  /** The request messages: one for unary and server streaming (`request:`), any number for `requests:`. */
  requests: JsonTemplate[];
  /** True when written as `requests:` (client or bidirectional streaming). */
  streamRequests: boolean;
  metadata: NamedTemplate[];
  /** true: TLS with the invocation's TLS flags; false: plaintext (default). */
  tls: boolean;
  /** Response messages to wait for; adds `messages count N`. */
  expect?: number;
  /** Sent as the gRPC deadline. */
  timeoutMs?: number;
}
