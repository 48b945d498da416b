/** The fd 3 protocol reader: messages split across chunks, exact numbers, the last result, and every kind of junk. */
import { describe, expect, it } from 'vitest';
import { toJsonText } from '../../expr/json-exact.js';
import { FD3_CAP, ProtocolReader } from './protocol.js';

function read(...chunks: string[]) {
  const r = new ProtocolReader();
  for (const c of chunks) r.push(Buffer.from(c));
  return r.end();
}

describe('ProtocolReader', () => {
  it('reads checks, logs and the last result, across chunk boundaries and without a final newline', () => {
    const out = read('{"check": "a", "ok": tr', 'ue}\n{"log": "hi"}\n\n{"result": 1}\n{"result": {"n": 12345678901234567890.5}', '}');
    expect(out.error).toBeNull();
    expect(out.checks.map((c) => [c.name, c.ok, c.detail])).toEqual([['a', true, []]]);
    expect(out.logs).toEqual(['hi']);
    expect(toJsonText(out.result!)).toBe('{"n":12345678901234567890.5}');
  });

  it('turns a detail into lines: text split, anything else as JSON', () => {
    const out = read('{"check": "t", "ok": false, "detail": "a\\nb"}\n{"check": "j", "ok": false, "detail": {"want": 1.10}}\n');
    expect(out.checks.map((c) => c.detail)).toEqual([['a', 'b'], ['{"want":1.10}']]);
  });

  it.each([
    ['not JSON', 'hello\n', 'script: fd 3 line 1 is not a protocol message: "hello" (not JSON: '],
    ['not an object', '[1, 2]\n', 'line 1 is not a protocol message: "[1, 2]" (not a JSON object;'],
    ['a check without ok', '{"check": "a"}\n', '(check a needs "ok": true or false)'],
    ['a check with an unnamed check', '{"check": 1, "ok": true}\n', '("check" names the check with a non-empty string)'],
    ['a check with a stray key', '{"check": "a", "ok": true, "detial": 1}\n', '(a check message has no key detial (it takes check, ok, detail))'],
    ['a log that is not text', '{"log": 5}\n', '("log" takes a string)'],
    ['two keys', '{"result": 1, "log": "x"}\n', '(one key per message;'],
    ['an unknown message', '{"status": "ok"}\n', '(unknown message "status";'],
    ['a duplicate key', '{"result": 1, "result": 2}\n', '(not JSON: '],
  ])('refuses %s, naming the line', (_what, text, message) => {
    expect(read(text).error).toContain(message);
  });

  it('counts lines from 1, blank ones included, and stops at the first junk line', () => {
    const out = read('{"log": "a"}\n\n  \n{"log": "b"}\noops\n{"log": "c"}\n');
    expect(out.error).toMatch(/^script: fd 3 line 5 is not a protocol message: "oops"/);
    expect(out.logs).toEqual(['a', 'b']);
  });

  it('cuts a long junk line at 80 characters and gives its size', () => {
    const out = read(`${'z'.repeat(500)}\n`);
    expect(out.error).toContain(`"${'z'.repeat(80)}"… (500 bytes) (not JSON`);
  });

  it('refuses more than 8 MiB on fd 3', () => {
    const r = new ProtocolReader();
    const line = Buffer.from(`{"log": "${'x'.repeat(1 << 20)}"}\n`);
    for (let sent = 0; sent <= FD3_CAP; sent += line.length) r.push(line);
    expect(r.end().error).toBe(`script: more than ${FD3_CAP} bytes on fd 3; send results, not data dumps`);
  });
});
