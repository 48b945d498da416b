import { describe, expect, it } from 'vitest';
import { runData } from './data-harness.js';
import { compareCodePoints } from './string-index.js';

const w = (src: string): string => runData(src).text;
const fails = (src: string, message: string | RegExp): void => {
  expect(() => runData(src)).toThrow(message);
};

describe('characters', () => {
  it('compares n-ary, with and without case', () => {
    expect(w('(char<? #\\a #\\b #\\c)')).toBe('#t');
    expect(w('(char<? #\\a #\\c #\\b)')).toBe('#f');
    expect(w('(char=? #\\a #\\A)')).toBe('#f');
    expect(w('(char-ci=? #\\a #\\A)')).toBe('#t');
    expect(w('(char>=? #\\b #\\b #\\a)')).toBe('#t');
    fails('(char<? #\\a 1)', 'char<?: expected a character, got 1');
  });
  it('classifies by Unicode properties', () => {
    expect(w('(char-alphabetic? #\\λ)')).toBe('#t');
    expect(w('(char-numeric? #\\5)')).toBe('#t');
    expect(w('(char-whitespace? #\\tab)')).toBe('#t');
    expect(w('(char-upper-case? #\\A)')).toBe('#t');
    expect(w('(char-lower-case? #\\A)')).toBe('#f');
    expect(w('(digit-value #\\7)')).toBe('7');
    expect(w('(digit-value #\\x0663)')).toBe('3');
    expect(w('(digit-value #\\a)')).toBe('#f');
  });
  it('converts', () => {
    expect(w('(char->integer #\\A)')).toBe('65');
    expect(w('(integer->char 955)')).toBe('#\\λ');
    fails('(integer->char 55296)', /integer->char: 55296 is not a Unicode scalar value/);
    expect(w('(char-upcase #\\a)')).toBe('#\\A');
    expect(w('(char-upcase #\\ß)')).toBe('#\\ß');
    expect(w('(char-downcase #\\Σ)')).toBe('#\\σ');
    expect(w('(char-foldcase #\\ς)')).toBe('#\\σ');
  });
});

describe('symbols', () => {
  it('converts both ways', () => {
    expect(w('(symbol->string (quote abc))')).toBe('"abc"');
    expect(w('(string->symbol "hello world")')).toBe('|hello world|');
    expect(w('(symbol=? (quote a) (string->symbol "a") (quote a))')).toBe('#t');
    expect(w('(symbol? (quote a))')).toBe('#t');
    expect(w('(string->symbol "__proto__")')).toBe('__proto__');
  });
});

describe('strings', () => {
  it('builds and measures in code points', () => {
    expect(w('(make-string 3 #\\x)')).toBe('"xxx"');
    expect(w('(make-string 2)')).toBe('"  "');
    expect(w('(string #\\a #\\b)')).toBe('"ab"');
    expect(w('(string-length "a😀b")')).toBe('3');
    expect(w('(string-ref "a😀b" 1)')).toBe('#\\😀');
    expect(w('(string-ref "a😀b" 2)')).toBe('#\\b');
    fails('(string-ref "abc" 3)', 'string-ref: index 3 out of range for a string of length 3');
    fails('(string-ref "abc" -1)', 'string-ref: expected an exact non-negative integer, got -1');
  });
  it('refuses to modify a literal', () => {
    fails('(string-set! "abc" 0 #\\z)', 'string-set!: cannot modify a literal string; copy it first (e.g. with string-copy)');
    fails('(string-fill! "abc" #\\z)', /string-fill!: cannot modify a literal string/);
  });
  it('mutates fresh strings, by code point', () => {
    expect(w('(define s (make-string 3 #\\a)) (string-set! s 1 #\\😀) s')).toBe('"a😀a"');
    expect(w('(define s (string-copy "abcde")) (string-fill! s #\\z 1 3) s')).toBe('"azzde"');
    expect(w('(define s (string-copy "abcde")) (string-copy! s 1 "xy") s')).toBe('"axyde"');
    expect(w('(define s (string-copy "abcde")) (string-copy! s 0 s 2) s')).toBe('"cdede"');
    fails('(string-copy! (make-string 2) 1 "xy")', 'string-copy!: cannot copy 2 elements to index 1 of a string of length 2');
  });
  it('substring, append, copy', () => {
    expect(w('(substring "hello" 1 3)')).toBe('"el"');
    expect(w('(string-append "a" "" "bc")')).toBe('"abc"');
    expect(w('(string-copy "abc")')).toBe('"abc"');
    expect(w('(string-copy "abc" 1)')).toBe('"bc"');
    fails('(substring "abc" 2 5)', 'substring: end 5 out of range for a string of length 3');
    fails('(substring "abc" 2 1)', 'substring: start 2 is past end 1 (a string of length 3)');
  });
  it('converts to and from lists and vectors', () => {
    expect(w('(string->list "a😀")')).toBe('(#\\a #\\😀)');
    expect(w('(string->list "abcd" 1 3)')).toBe('(#\\b #\\c)');
    expect(w('(list->string (list #\\a #\\b))')).toBe('"ab"');
    fails('(list->string (list #\\a 1))', 'list->string: expected a character, got 1');
    expect(w('(string->vector "ab")')).toBe('#(#\\a #\\b)');
    expect(w('(vector->string (vector #\\a #\\b #\\c) 1)')).toBe('"bc"');
  });
  it('compares in code-point order, n-ary, with and without case', () => {
    expect(w('(string<? "abc" "abd" "b")')).toBe('#t');
    expect(w('(string=? "abc" "abc" "abc")')).toBe('#t');
    expect(w('(string=? "abc" "ABC")')).toBe('#f');
    expect(w('(string-ci=? "Straße" "STRASSE")')).toBe('#t');
    expect(w('(string<? "ab" "abc")')).toBe('#t');
    expect(compareCodePoints('\uffff', '😀')).toBe(-1);
    expect(compareCodePoints('😀', '\uffff')).toBe(1);
  });
  it('maps case', () => {
    expect(w('(string-upcase "straße")')).toBe('"STRASSE"');
    expect(w('(string-downcase "ABC")')).toBe('"abc"');
    expect(w('(string-foldcase "ΧΑΟΣ")')).toBe('"χαοσ"');
  });
});
