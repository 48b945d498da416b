/**
 * Abort: the one way an evaluation stops early. It carries a contract error type, a message
 * and the position of the innermost expression that was running.
 */
import { describe } from '../builtins/check.js';
import type { EvalErrorType } from '../errors.js';
import { ErrorObject, type Value } from '../values.js';
import type { Node } from './node.js';

/** Ends an evaluation: a limit, an uncaught condition, or a compile error. */
export class Abort extends Error {
  line: number | null = null;
  col: number | null = null;
  constructor(
    readonly type: EvalErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'Abort';
  }
  setPosition(line: number, col: number): void {
    this.line = line;
    this.col = col;
  }
  static at(type: EvalErrorType, message: string, node: Node | null): Abort {
    const a = new Abort(type, message);
    if (node !== null && node.line > 0) a.setPosition(node.line, node.col);
    return a;
  }
}

/**
 * The message of a condition nobody handled. `(error "msg" 1 "x")` gives `msg 1 "x"`
 * (irritants written); a raised non-condition gives `uncaught raise: <written object>`.
 */
export function conditionMessage(obj: Value): { type: EvalErrorType; message: string } {
  if (obj instanceof ErrorObject) {
    if (obj.irritants.length === 0) return { type: obj.type as EvalErrorType, message: obj.message };
    const parts = [obj.message, ...obj.irritants.map(describe)];
    return { type: obj.type as EvalErrorType, message: parts.join(' ') };
  }
  return { type: 'user_error', message: `uncaught raise: ${describe(obj)}` };
}

/** Abort for a condition that reached the top with no handler. */
export function uncaughtAbort(obj: Value, at: Node | null): Abort {
  const { type, message } = conditionMessage(obj);
  return Abort.at(type, message, at);
}
