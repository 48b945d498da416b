/**
 * (scheme process-context), sandboxed (R7RS 6.14). The sandbox has no host process to show:
 * the command line is a fixed `("program")` and the environment is empty, so nothing here
 * reads `process.argv` or `process.env`. `exit` and `emergency-exit` end the evaluation
 * through the machine (see Machine.exit); docs/interpreter.md gives the exit-code mapping.
 */
import { list, MString, NIL, type Value } from '../values.js';
import { stringArg } from './arg-types.js';
import type { ControlTable } from './control-kit.js';
import { anyArg, defineBuiltin, type BuiltinTable } from './define.js';

/** The highest exit code a program can ask for: a POSIX exit status is one byte. */
const MAX_EXIT_CODE = 255;

/**
 * The exit code for `(exit obj)`. R7RS leaves the translation to the implementation: no
 * argument and #t mean success (0), #f failure (1), an exact integer 0–255 is itself, and any
 * other object (a larger or negative integer included) is a plain failure, 1.
 */
export function exitCodeOf(obj: Value): number {
  // Exact integers are JS numbers (small) or bigints (large, so never 0–255); flonums are objects.
  if (obj === undefined || obj === true) return 0;
  if (typeof obj === 'number' && obj >= 0 && obj <= MAX_EXIT_CODE) return obj;
  return 1;
}

/** command-line and the environment variables. */
export const PROCESS_CONTEXT_BUILTINS: BuiltinTable = [
  defineBuiltin({
    name: 'command-line', args: [], doc: 'The command line: ("program") in the sandbox.',
    fn: () => list(new MString('program')),
  }),
  defineBuiltin({
    name: 'get-environment-variable', args: [stringArg], doc: 'The variable\'s value: always #f, the sandbox has no environment.',
    fn: () => false,
  }),
  defineBuiltin({
    name: 'get-environment-variables', args: [], doc: 'The environment as an alist: always ().',
    fn: () => NIL,
  }),
];

/** exit and emergency-exit. */
export const PROCESS_CONTEXT_CONTROL: ControlTable = [
  {
    name: 'exit', args: [anyArg], optional: 1, doc: 'End the program after running the pending dynamic-wind afters.',
    run: (m, args) => m.exit(exitCodeOf(args[0]), true),
  },
  {
    name: 'emergency-exit', args: [anyArg], optional: 1, doc: 'End the program at once, skipping dynamic-wind afters.',
    run: (m, args) => m.exit(exitCodeOf(args[0]), false),
  },
];
