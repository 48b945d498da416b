import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';
import { parseJsonExact, toJsonText } from './json-exact.js';
import { Rational } from './rational.js';
import { formatValue } from './explain.js';
import { headers, list, map, num, str, NA, NIL } from './values.js';

const R = (s: string) => Rational.parse(s)!;

describe('Rational', () => {
  it('parses and compares exactly', () => {
    expect(R('10.10').equals(R('10.1'))).toBe(true);
    expect(R('10000000000000001').equals(R('10000000000000000'))).toBe(false);
    expect(R('1e3').toDecimal()).toBe('1000');
    expect(R('1.5E-2').toDecimal()).toBe('0.015');
    expect(R('-0.5').cmp(R('0'))).toBe(-1);
    expect(R('0x1F').toDecimal()).toBe('31');
    expect(Rational.parse('0o19')).toBeUndefined();
    expect(Rational.parse('1.')).toBeUndefined();
  });
  it('keeps integers integral and divides exactly', () => {
    expect(R('9007199254740993').add(R('1')).toDecimal()).toBe('9007199254740994');
    expect(R('1').div(R('8')).toDecimal()).toBe('0.125');
    expect(R('2').div(R('3')).toDecimal()).toBe('0.66666666666666666666…');
    expect(R('2').div(R('3')).mul(R('3')).equals(R('2'))).toBe(true);
    expect(R('-7').mod(R('3')).toDecimal()).toBe('-1');
  });
});

describe('durations', () => {
  it('parses every unit and compound literals', () => {
    expect(parseDuration('1m30s')!.toDecimal()).toBe('90000000000');
    expect(parseDuration('1.5s')!.toDecimal()).toBe('1500000000');
    expect(parseDuration('2h')!.equals(parseDuration('120m')!)).toBe(true);
    expect(parseDuration('1us')!.equals(parseDuration('1µs')!)).toBe(true);
    expect(parseDuration('5ns')!.toDecimal()).toBe('5');
    expect(parseDuration('200x')).toBeUndefined();
    expect(parseDuration('ms')).toBeUndefined();
  });
  it('prints durations as written', () => {
    expect(formatDuration(parseDuration('200ms')!)).toBe('200ms');
    expect(formatDuration(parseDuration('1.5s')!)).toBe('1.5s');
    expect(formatDuration(parseDuration('1m30s')!)).toBe('1m30s');
    expect(formatDuration(parseDuration('1h0m5s')!)).toBe('1h0m5s');
    expect(formatDuration(parseDuration('12.345678ms')!)).toBe('12.345ms');
    expect(formatDuration(parseDuration('0s')!)).toBe('0s');
  });
});

describe('exact JSON', () => {
  it('keeps numbers as text', () => {
    const r = parseJsonExact('{"a": 10.10, "b": [1e3, -0.5, 10000000000000001]}');
    expect(r.ok && toJsonText(r.value)).toBe('{"a":10.10,"b":[1e3,-0.5,10000000000000001]}');
  });
  it('refuses a duplicate key with its place', () => {
    const r = parseJsonExact('{\n  "a": 1,\n  "a": 2\n}');
    expect(r.ok ? undefined : r.error).toEqual({ type: 'json_duplicate_key', message: 'duplicate key "a" at line 3 column 3', offset: 14, line: 3, column: 3 });
  });
  it.each(['', '{', '[1,]', '{"a" 1}', '01', '"\\x"', 'nul', '1 2', '"\u0001"'])('refuses %j', (text) => {
    const r = parseJsonExact(text);
    expect(r.ok).toBe(false);
  });
  it('decodes escapes', () => {
    const r = parseJsonExact('"a\\n\\u00e9\\""');
    expect(r.ok && r.value).toEqual({ k: 'str', v: 'a\né"' });
  });
  it('writes indented JSON', () => {
    const r = parseJsonExact('{"a":[1,{"b":null}],"c":{}}');
    expect(r.ok && toJsonText(r.value, 2)).toBe('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": {}\n}');
  });
});

describe('formatValue', () => {
  it('prints each kind as failure blocks show it', () => {
    expect(formatValue(str('a"b'))).toBe('"a\\"b"');
    expect(formatValue(num('10.10'))).toBe('10.10');
    expect(formatValue(NIL)).toBe('nil');
    expect(formatValue(NA)).toBe('n/a');
    expect(formatValue(map({ status: num(200) }, 'response'))).toBe('HTTP 200');
    expect(formatValue(list([map({ status: num(200) }, 'response'), map({ status: num(429) }, 'response')], 'responses'))).toBe('[200 429] (2 responses, by status)');
    expect(formatValue(headers({ 'Content-Type': 'a', 'X-Id': ['1', '2'] }))).toBe('headers(Content-Type, X-Id)');
    expect(formatValue(list([map({ id: num(1) })], 'rows'))).toBe('[{"id":1}] (1 row)');
  });
  it('joins repeated headers', () => {
    expect(headers([['a', '1'], ['A', '2']]).entries.get('a')).toBe('1, 2');
  });
});
