import { describe, expect, it } from 'vitest';
import { readAll, readDatum, readProgram } from './index.js';
import { writeString } from '../printer.js';
import { Char, EOF, MString, Pair, SVector, Sym } from '../values.js';

const show = (src: string): string[] => readAll(src).map(writeString);

describe('reader', () => {
  it('reads the R7RS lexical syntax', () => {
    expect(show("(a . b) [1 2] 'x `(,y ,@z) #(1 #t #false) #u8(1 255)")).toEqual([
      '(a . b)', '(1 2)', '(quote x)', '(quasiquote ((unquote y) (unquote-splicing z)))', '#(1 #t #f)', '#u8(1 255)',
    ]);
    expect(show('|sym with spaces| |a\\x41;b| __proto__')).toEqual(['|sym with spaces|', 'aAb', '__proto__']);
    expect(show('#\\a #\\space #\\newline #\\x41 #\\alarm #\\null #\\tab #\\delete #\\escape #\\backspace #\\return #\\(')).toEqual([
      '#\\a', '#\\space', '#\\newline', '#\\A', '#\\alarm', '#\\null', '#\\tab', '#\\delete', '#\\escape', '#\\backspace', '#\\return', '#\\(',
    ]);
  });

  it('reads string escapes and line continuations', () => {
    const [s] = readAll('"a\\tb\\n\\x41;\\\\\\"c\\\n    d"');
    expect((s as MString).chars).toBe('a\tb\nA\\"cd');
  });

  it('skips comments of every kind', () => {
    expect(show('; line\n#| block #| nested |# |# 1 #;(skipped) 2 #; 3 4')).toEqual(['1', '2', '4']);
  });

  it('honours #!fold-case and #!no-fold-case', () => {
    expect(show('#!fold-case ABC Def #!no-fold-case XyZ #T')).toEqual(['abc', 'def', 'XyZ', '#t']);
  });

  it('reads datum labels, making real cycles', () => {
    const [d] = readAll('#0=(1 2 . #0#)');
    const p = d as Pair;
    expect((p.cdr as Pair).cdr).toBe(p);
    expect(writeString(d!)).toBe('#0=(1 2 . #0#)');
    const [v] = readAll('#1=#(a #1#)');
    expect((v as SVector).items[1]).toBe(v);
  });

  it('stamps 1-based positions on forms and pairs', () => {
    const r = readProgram('(+ 1\n   (car x))  foo');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.forms.map((f) => [f.line, f.col])).toEqual([[1, 1], [2, 14]]);
    const inner = ((r.forms[0]!.datum as Pair).cdr as Pair).cdr as Pair;
    expect([(inner.car as Pair).line, (inner.car as Pair).col]).toEqual([2, 4]);
    expect(r.compound).toBe(2);
  });

  it.each([
    ['(1 2', 1, 1, 'missing )'],
    ['(1 2))', 1, 6, 'unexpected )'],
    ['"abc', 1, 1, 'unterminated string'],
    ['#\\bogus', 1, 1, 'unknown character name'],
    ['(1 . 2 3)', 1, 4, 'expected )'],
    ['#|', 1, 1, 'unterminated block comment'],
    ['(a]', 1, 3, 'mismatched bracket'],
    ['#u8(256)', 1, 1, 'bytevector'],
    ['#2#', 1, 1, 'undefined datum label'],
    ['(a #x#x1)', 1, 4, 'bad number #x#x1: two radix prefixes'],
    ['#e+inf.0', 1, 1, 'bad number #e+inf.0: +inf.0 has no exact value'],
  ])('reports %j as a syntax error at its position', (src, line, col, text) => {
    const r = readProgram(`x\n${src}`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.type).toBe('syntax_error');
    expect([r.error.line, r.error.col]).toEqual([line + 1, col]);
    expect(r.error.message).toContain(text);
    // "(1 2))" reads one whole form before the stray ")".
    expect(r.index).toBe(src === '(1 2))' ? 2 : 1);
  });

  it('caps nesting depth instead of exhausting the host stack', () => {
    const r = readProgram('('.repeat(100_000));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.type).toBe('too_complex');
  });

  it('reads one datum at a time for string ports', () => {
    const first = readDatum('  (a b) c');
    expect(writeString(first.datum)).toBe('(a b)');
    const second = readDatum('  (a b) c', first.end);
    expect(second.datum).toBe(Sym.intern('c'));
    expect(readDatum('  (a b) c', second.end).datum).toBe(EOF);
    expect(readAll('#\\x3bb')[0]).toEqual(Char.of(0x3bb));
  });
});
