import { describe, expect, it } from 'vitest';
import { API_RULES, DEMO_RULES, parseEvalRequest } from './eval-request.js';

const parse = (body: string, rules = API_RULES) => parseEvalRequest(Buffer.from(body), rules);
const typeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as { type: string }).type;
  }
};

describe('parseEvalRequest', () => {
  it('applies the default timeout per endpoint', () => {
    expect(parse('{"source":"1"}')).toEqual({ source: '1', timeoutMs: 1000 });
    expect(parse('{"source":"1"}', DEMO_RULES)).toEqual({ source: '1', timeoutMs: 500 });
    expect(parse('{"source":"1","timeout_ms":5000,"extra":true}')).toEqual({ source: '1', timeoutMs: 5000 });
  });

  it.each([
    ['', 'invalid_json'],
    ['{', 'invalid_json'],
    ['\uFEFF{"source":"1"}', 'invalid_json'],
    ['42', 'invalid_request'],
    ['{"source":["1"]}', 'invalid_request'],
    ['{"source":"1","timeout_ms":"5"}', 'invalid_request'],
    ['{"source":"1","timeout_ms":1e9}', 'invalid_request'],
    [JSON.stringify({ source: 'é'.repeat(32769) }), 'source_too_large'],
    [JSON.stringify({ source: 'x'.repeat(65537), timeout_ms: 0 }), 'invalid_request'],
  ])('%j → %s', (body, type) => {
    expect(typeOf(() => parse(body))).toBe(type);
  });

  it('refuses an unpaired surrogate in source with 400 invalid_request, and keeps pairs', () => {
    for (const body of ['{"source":"\\ud800"}', '{"source":"\\udc00 x"}', '{"source":"\\ude00\\ud83d"}']) {
      let err: { type: string; status: number } | undefined;
      try {
        parse(body);
      } catch (e) {
        err = e as { type: string; status: number };
      }
      expect([body, err?.type, err?.status]).toEqual([body, 'invalid_request', 400]);
    }
    expect(parse('{"source":"\\ud83d\\ude00"}').source).toBe('😀');
  });

  it('counts UTF-8 bytes on the demo (4096)', () => {
    expect(typeOf(() => parse(JSON.stringify({ source: 'é'.repeat(2048) }), DEMO_RULES))).toBeNull();
    expect(typeOf(() => parse(JSON.stringify({ source: 'é'.repeat(2048) + 'x' }), DEMO_RULES))).toBe('source_too_large');
    expect(typeOf(() => parse('{"source":"1","timeout_ms":501}', DEMO_RULES))).toBe('invalid_request');
  });
});
