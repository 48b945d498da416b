/** OutputCapture: the head up to the cap, the byte and line counts, and the tail past the cap. */
import { describe, expect, it } from 'vitest';
import { OutputCapture } from './capture.js';

describe('OutputCapture', () => {
  it('keeps everything under the cap, counting bytes and lines', () => {
    const c = new OutputCapture(100);
    c.push(Buffer.from('one\ntw'));
    c.push(Buffer.from('o\nthree'));
    expect(c.text()).toBe('one\ntwo\nthree');
    expect([c.total, c.lines, c.truncated]).toEqual([13, 3, false]);
    expect(c.tailLines(2)).toEqual(['two', 'three']);
  });

  it('cuts at the cap across chunks and marks the stream truncated', () => {
    const c = new OutputCapture(5);
    c.push(Buffer.from('abc'));
    c.push(Buffer.from('defgh\n'));
    expect(c.text()).toBe('abcde');
    expect(c.truncated).toBe(true);
    expect(c.total).toBe(9);
    // The tail is the end of the stream, past the cap.
    expect(c.tailLines(5)).toEqual(['abcdefgh']);
  });

  it('drops a character the cap split instead of showing U+FFFD', () => {
    const c = new OutputCapture(4);
    c.push(Buffer.from('abcé'));
    expect(c.text()).toBe('abc');
  });

  it('keeps only the last lines of a long stream, the partial first line of the tail dropped', () => {
    const c = new OutputCapture(1024);
    for (let i = 1; i <= 5000; i++) c.push(Buffer.from(`line ${i}\n`));
    expect(c.lines).toBe(5000);
    expect(c.tailLines(3)).toEqual(['line 4998', 'line 4999', 'line 5000']);
    expect(c.tailLines(20)).toHaveLength(20);
    expect(c.text().length).toBe(1024);
  });

  it('cuts a very long line in the tail', () => {
    const c = new OutputCapture(10);
    c.push(Buffer.from('x'.repeat(1000)));
    const [only] = c.tailLines(20);
    expect(only).toBe(`${'x'.repeat(300)}… (line cut)`);
  });

  it('has no lines when empty', () => {
    const c = new OutputCapture(10);
    expect([c.lines, c.tailLines(20), c.text()]).toEqual([0, [], '']);
  });
});
