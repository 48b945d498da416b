import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import { httpRuntime } from './runtime.js';
import { kindScope } from '../steps/registry.js';

/** mulberry32: a tiny seeded PRNG so every run tries the same cases. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS = [
  'responses where (it.status == 429) count 1',
  'body.items all (.qty > 0) and len(body.items) == 3',
  'tasks.create-order.results.orderId == body.id',
  'duration.ttfb < 200ms or 1m30s > 1.5s',
  'body.p99 ~= 12.5 ± 0.1',
  'exists body.x and missing body.y[-1]',
  'headers["retry-after"] not in ["1", "2"] ? status == 429 : status != 429',
  'body matches snapshot "s.json" ignoring ["a[*].b"]',
  'responses[0:3] any (.headers["x"] startsWith "a")',
  'map(filter(body.items, .qty > 0), it.qty) == [1, 0x1F, 0b101, 1e3]',
];
const PIECES = ['(', ')', '[', ']', '.', '?.', ',', ':', '?', '±', '+/-', '~=', '==', '!=', '<', '<=', '+', '-', '*', '/', '%', '!', '"', "'", '`', ' ', 'and', 'or', 'not', 'in', 'count', 'where', 'all', 'any', 'none', 'exists', 'missing', 'matches', 'schema', 'snapshot', 'openapi', 'ignoring', 'it', 'body', 'status', 'responses', 'duration', 'tasks', 'results', 'len', 'filter', 'nil', 'true', '0', '12', '1.5', '200ms', '200x', '0x1F', '1e', 'µ', '"a"', '\\', '{', '}', '#', 'é'];

const files = { read: () => ({ ok: true as const, text: '{}' }) };
const scope = kindScope('http', { repeat: 'serial' });
const ex = { request: { method: 'GET', url: 'http://h/' }, status: 200, headers: { 'content-type': 'application/json' }, body: '{"items":[{"qty":1}],"x":null}', timing: { total: 1 } };
const rt = httpRuntime(ex, {}, [ex, ex]);

function checkOne(src: string): void {
  let r;
  try {
    r = compileExpression(src, { scope, role: 'assert', files });
  } catch (e) {
    throw new Error(`compile threw on ${JSON.stringify(src)}: ${(e as Error).stack}`);
  }
  if (!r.ok) {
    expect(r.diagnostics.length, src).toBeGreaterThan(0);
    for (const d of r.diagnostics) {
      expect(d.column, src).toBeGreaterThanOrEqual(1);
      expect(d.column, src).toBeLessThanOrEqual(src.length + 1);
      expect(d.message.length, src).toBeGreaterThan(0);
    }
    return;
  }
  if (!rt.ok) throw new Error(rt.error);
  try {
    const out = r.compiled.evaluate(rt.scope);
    expect(['held', 'failed', 'n/a', 'error']).toContain(out.outcome);
  } catch (e) {
    throw new Error(`evaluate threw on ${JSON.stringify(src)}: ${(e as Error).stack}`);
  }
}

describe('fuzz: tokenizer, parser, checker, evaluator', () => {
  it('random token soup ends in diagnostics with a column or a compiled expression', () => {
    const r = rng(0xc0ffee);
    for (let i = 0; i < 1500; i++) {
      const n = 1 + Math.floor(r() * 12);
      let s = '';
      for (let j = 0; j < n; j++) s += PIECES[Math.floor(r() * PIECES.length)]! + (r() < 0.5 ? ' ' : '');
      checkOne(s);
    }
  });
  it('mutated valid expressions never throw', () => {
    const r = rng(42);
    for (let i = 0; i < 1500; i++) {
      let s = SEEDS[Math.floor(r() * SEEDS.length)]!;
      const edits = 1 + Math.floor(r() * 3);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(r() * (s.length + 1));
        const op = r();
        if (op < 0.33) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 4));
        else if (op < 0.66) s = s.slice(0, at) + PIECES[Math.floor(r() * PIECES.length)]! + s.slice(at);
        else s = s.slice(0, at) + s.slice(Math.floor(r() * s.length));
      }
      checkOne(s);
    }
  });
  it('survives pathological nesting and length', () => {
    checkOne('('.repeat(5000));
    checkOne('('.repeat(150) + 'status == 200' + ')'.repeat(150));
    checkOne('-'.repeat(3000) + '1 == 1');
    checkOne('[' + '1,'.repeat(5000) + '1] count 5001');
    checkOne('status == 1e99999999');
  });
});
