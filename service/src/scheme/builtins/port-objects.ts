/**
 * Port objects (R7RS 6.13). Only in-memory ports exist in the sandbox: string and bytevector
 * ports, and the one stdout port whose writes go to the program's output (`ctx.writeStdout`,
 * where the machine enforces the output cap). There is no file system.
 */
import { Opaque } from '../values.js';

/** Where a port's data lives. */
export type PortSource = 'string' | 'bytevector' | 'stdout';

/** A port. Textual input keeps the text and a UTF-16 offset; textual output keeps chunks. */
export class Port extends Opaque {
  readonly kind: string;
  override readonly label: string;
  open = true;
  /** Textual input: the text and the offset of the next unread code unit. */
  text = '';
  pos = 0;
  /** Textual output: what was written so far (joined on `get-output-string`). */
  readonly chunks: string[] = [];
  /** Binary input: the bytes and the next unread index. Binary output: bytes written so far. */
  bytes: Uint8Array = new Uint8Array(0);
  readonly written: number[] = [];

  constructor(
    readonly input: boolean,
    readonly textual: boolean,
    readonly source: PortSource,
  ) {
    super();
    this.kind = input ? 'input-port' : 'output-port';
    this.label = source;
  }

  /** A textual input port reading `text`. */
  static inputString(text: string): Port {
    const p = new Port(true, true, 'string');
    p.text = text;
    return p;
  }

  /** A binary input port reading a copy of `bytes`. */
  static inputBytes(bytes: Uint8Array): Port {
    const p = new Port(true, false, 'bytevector');
    p.bytes = bytes.slice();
    return p;
  }
}

/** The program's stdout, shared by every evaluation (it holds no state of its own). */
export const STDOUT_PORT = new Port(false, true, 'stdout');

/**
 * The error port. Decision: it writes to stdout as well, so that a program's diagnostics are
 * seen in the one output stream the API returns rather than silently lost.
 */
export const STDERR_PORT = STDOUT_PORT;
/** The standard input: always at its end (a sandboxed program has no stdin). */
export const STDIN_PORT = Port.inputString('');
