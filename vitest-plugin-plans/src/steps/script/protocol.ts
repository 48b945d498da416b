/**
 * The script protocol's output side (docs/kinds/script.md): NDJSON on file
 * descriptor 3, one message a line: `{"check": <name>, "ok": <bool>, "detail":
 * <any>}`, `{"result": <json>}` (the last wins) and `{"log": <text>}`. Numbers
 * stay exact (expr/json-exact). The first line that is not a message stops the
 * reading and becomes the step's error, naming the line and its number.
 */
import { parseJsonExact, toJsonText } from '../../expr/json-exact.js';
import type { Value } from '../../expr/values.js';
import type { StepCheck } from '../types.js';

/** Bytes read from fd 3 at most. */
export const FD3_CAP = 8 * 1024 * 1024;
/** A junk line is quoted up to this many characters. */
const QUOTE_CHARS = 80;
/** A check's detail that is not a string prints as JSON, cut here. */
const DETAIL_CHARS = 2048;

/** One check as the script sent it. */
export interface ScriptCheck extends StepCheck {
  /** The detail as sent (nil when absent). */
  value: Value;
}

/** Everything read from fd 3. */
export interface ProtocolOutput {
  checks: ScriptCheck[];
  result: Value | undefined;
  logs: string[];
  /** The first fault: a junk line, or too much output. */
  error: string | null;
}

/** The line as a JSON string, cut at 80 characters with its full size. */
function quote(line: string): string {
  const one = line.replace(/\r$/, '');
  return one.length > QUOTE_CHARS ? `${JSON.stringify(one.slice(0, QUOTE_CHARS))}… (${Buffer.byteLength(one)} bytes)` : JSON.stringify(one);
}

function detailLines(v: Value): string[] {
  if (v.k === 'nil') return [];
  if (v.k === 'str') return v.v.split('\n');
  const text = toJsonText(v);
  return [text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}… (${text.length} characters)` : text];
}

const SHAPES = 'messages are {"check", "ok", "detail"}, {"result"} or {"log"} objects';

/** Reads fd 3 chunk by chunk; `end()` when the pipe closed. */
export class ProtocolReader {
  readonly out: ProtocolOutput = { checks: [], result: undefined, logs: [], error: null };
  private pending: Buffer[] = [];
  private line = 0;
  private bytes = 0;

  push(chunk: Buffer): void {
    if (this.out.error !== null) return;
    this.bytes += chunk.length;
    if (this.bytes > FD3_CAP) {
      this.out.error = `script: more than ${FD3_CAP} bytes on fd 3; send results, not data dumps`;
      this.pending = [];
      return;
    }
    let from = 0;
    for (let nl = chunk.indexOf(10); nl >= 0 && this.out.error === null; nl = chunk.indexOf(10, from)) {
      this.pending.push(chunk.subarray(from, nl));
      this.take(Buffer.concat(this.pending).toString('utf8'));
      this.pending = [];
      from = nl + 1;
    }
    if (from < chunk.length && this.out.error === null) this.pending.push(chunk.subarray(from));
  }

  /** The last line may lack its newline. */
  end(): ProtocolOutput {
    if (this.pending.length > 0 && this.out.error === null) this.take(Buffer.concat(this.pending).toString('utf8'));
    this.pending = [];
    return this.out;
  }

  private fail(why: string, line: string): void {
    this.out.error = `script: fd 3 line ${this.line} is not a protocol message: ${quote(line)} (${why})`;
  }

  private take(line: string): void {
    this.line++;
    if (line.trim() === '') return;
    const parsed = parseJsonExact(line);
    if (!parsed.ok) return this.fail(`not JSON: ${parsed.error.message}; ${SHAPES}`, line);
    const v = parsed.value;
    if (v.k !== 'map') return this.fail(`not a JSON object; ${SHAPES}`, line);
    const keys = [...v.entries.keys()];
    const get = (k: string) => v.entries.get(k);
    if (keys.includes('check')) {
      const name = get('check')!;
      const ok = get('ok');
      const extra = keys.filter((k) => k !== 'check' && k !== 'ok' && k !== 'detail');
      if (name.k !== 'str' || name.v === '') return this.fail('"check" names the check with a non-empty string', line);
      if (ok?.k !== 'bool') return this.fail(`check ${name.v} needs "ok": true or false`, line);
      if (extra.length > 0) return this.fail(`a check message has no key ${extra.join(', ')} (it takes check, ok, detail)`, line);
      const value = get('detail') ?? { k: 'nil' };
      this.out.checks.push({ name: name.v, ok: ok.v, detail: detailLines(value), value });
      return;
    }
    if (keys.length !== 1) return this.fail(`one key per message; ${SHAPES}`, line);
    if (keys[0] === 'result') {
      this.out.result = get('result')!;
      return;
    }
    if (keys[0] === 'log') {
      const text = get('log')!;
      if (text.k !== 'str') return this.fail('"log" takes a string', line);
      this.out.logs.push(text.v);
      return;
    }
    this.fail(`unknown message ${JSON.stringify(keys[0])}; ${SHAPES}`, line);
  }
}
