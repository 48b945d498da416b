/** The typed names of a ws step (spec "Names in scope": status, headers, messages, closed, duration). */
import { ANY, DUR, HEADERS, NUM, STR, listOf, phases, record, type Type } from '../../expr/types.js';

/** ws timing phases (spec "Duration phases"). */
export const WS_PHASES: readonly string[] = ['connect', 'tls', 'upgrade', 'first', 'total'];

/** The fields of one message: JSON body (nil when not JSON), text, binary (base64), at. */
export const MESSAGE_FIELDS: Record<string, Type> = { body: ANY, text: STR, binary: STR, at: DUR };

/** Names of `until:` and `ignore:`: the message's own fields. */
export const MESSAGE_NAMES: Record<string, Type> = { ...MESSAGE_FIELDS };

/** A ws step's names. `body` is the body of a refused upgrade. */
export function wsScopeNames(): Record<string, Type> {
  return {
    status: NUM,
    headers: HEADERS,
    body: ANY,
    messages: listOf(record('message', MESSAGE_FIELDS), 'messages'),
    closed: record('closed', { code: NUM, reason: STR }),
    duration: phases(WS_PHASES),
  };
}
