/** The typed names of a grpc step (spec "Names in scope": code, message, body, messages, headers, trailers, duration). */
import { ANY, DUR, HEADERS, STR, listOf, phases, record, type Type } from '../../expr/types.js';

/** grpc timing phases (spec "Duration phases"). */
export const GRPC_PHASES: readonly string[] = ['first', 'total'];

/** A grpc step's names. */
export function grpcScopeNames(): Record<string, Type> {
  return {
    code: STR,
    message: STR,
    body: ANY,
    messages: listOf(record('message', { body: ANY, at: DUR }), 'messages'),
    headers: HEADERS,
    trailers: HEADERS,
    duration: phases(GRPC_PHASES),
  };
}
