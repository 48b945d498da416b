/**
 * Exceptions (R7RS 6.11): raise, raise-continuable, with-exception-handler, error and the
 * error-object accessors. Errors signalled by builtins arrive as ErrorObjects whose `type` is
 * the contract's error type; `error` makes `user_error` ones.
 */
import { pushRestoreHandlers } from '../machine/machine.js';
import { displayString } from '../printer.js';
import { ErrorObject, MString, Sym, list } from '../values.js';
import { procedureArg, type ControlTable } from './control-kit.js';
import { anyArg, defineBuiltin, type ArgType, type BuiltinTable } from './define.js';

const errorObjectArg: ArgType = { noun: 'an error object', test: (v) => v instanceof ErrorObject };

/** Error-object predicates and accessors (pure). */
export const CONDITION_BUILTINS: BuiltinTable = [
  defineBuiltin({
    name: 'error-object?', args: [anyArg], doc: 'Whether the value is an error object (made by error or by a failing builtin).',
    fn: ([v]) => v instanceof ErrorObject,
  }),
  defineBuiltin({
    name: 'error-object-message', args: [errorObjectArg], doc: 'The message of an error object.',
    fn: ([e]) => new MString((e as ErrorObject).message),
  }),
  defineBuiltin({
    name: 'error-object-irritants', args: [errorObjectArg], doc: 'The irritants of an error object, as a list.',
    fn: ([e]) => list(...(e as ErrorObject).irritants),
  }),
  defineBuiltin({
    name: 'read-error?', args: [anyArg], doc: 'Whether the value is an error object from read.',
    fn: ([e]) => e instanceof ErrorObject && (e.kind === 'read' || e.type === 'syntax_error'),
  }),
  defineBuiltin({
    name: 'file-error?', args: [anyArg], doc: 'Whether the value is a file error (there are no files here: always #f for others).',
    fn: ([e]) => e instanceof ErrorObject && e.kind === 'file',
  }),
  defineBuiltin({
    name: 'error-object-type', args: [errorObjectArg], doc: 'The contract error type of an error object, as a string (extension).',
    fn: ([e]) => new MString((e as ErrorObject).type),
  }),
];

/** raise, raise-continuable, error, with-exception-handler (on the machine). */
export const CONDITION_CONTROL: ControlTable = [
  {
    name: 'raise', args: [anyArg], doc: 'Raise the object to the current exception handler (non-continuable).',
    run: (m, [obj], at) => m.raise(obj!, false, at),
  },
  {
    name: 'raise-continuable', args: [anyArg], doc: 'Raise the object; the handler’s value is returned.',
    run: (m, [obj], at) => m.raise(obj!, true, at),
  },
  {
    name: 'error', args: [anyArg], rest: anyArg, doc: 'Raise a user error with a message and irritants.',
    run: (m, [message, ...irritants], at) => {
      // (error 'who "message" irritant…), the Chez/R6RS habit, reads as "who: message".
      if (message instanceof Sym && irritants[0] instanceof MString) {
        const [text, ...rest] = irritants;
        return m.raise(new ErrorObject('user_error', `${message.name}: ${(text as MString).chars}`, rest), false, at);
      }
      const text = message instanceof MString ? message.chars : displayString(message!);
      return m.raise(new ErrorObject('user_error', text, irritants), false, at);
    },
  },
  {
    name: 'with-exception-handler', args: [procedureArg, procedureArg], doc: 'Call thunk with handler installed for raises inside it.',
    run: (m, [handler, thunk], at) => {
      pushRestoreHandlers(m, m.handlers);
      m.handlers = { handler: handler!, next: m.handlers };
      return m.apply(thunk!, [], at);
    },
  },
];
