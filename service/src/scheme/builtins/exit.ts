/**
 * `exit` and `emergency-exit` (R7RS 6.14): end the evaluation, not the process. `exit` first
 * unwinds to the top, running every pending dynamic-wind "after" thunk, by jumping to a
 * continuation with no winders whose only frame stops the program.
 */
import { ProgramExit } from '../machine/abort.js';
import { Frame, type FrameKind } from '../machine/node.js';
import { Continuation } from '../machine/procedures.js';
import type { ControlTable } from './control-kit.js';
import { anyArg } from './define.js';

const STOP: FrameKind = {
  resume: (m) => {
    throw new ProgramExit(m.val);
  },
};

export const EXIT_CONTROL: ControlTable = [
  {
    name: 'exit', args: [anyArg], optional: 1, doc: 'End the program (after running pending dynamic-wind after thunks).',
    run: (m, [code], at) => {
      const stop = new Frame(null, [null], m.captures, STOP, at);
      return m.throwTo(new Continuation(stop, null, null, null), code ?? true);
    },
  },
  {
    name: 'emergency-exit', args: [anyArg], optional: 1, doc: 'End the program at once.',
    run: (_m, [code]) => {
      throw new ProgramExit(code ?? true);
    },
  },
];
