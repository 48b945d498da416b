/**
 * Bounded fuzzing of the whole evaluator: random programs from a small grammar and mutations
 * of the Scheme corpus, with a fixed seed. Every case must end in a well-formed outcome whose
 * error type is one of the contract's — no JS exception, no host stack overflow, no hang.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_LIMITS, evaluate, type EvalLimits } from '../src/scheme/index.js';
import { statusForErrorType } from '../src/scheme/errors.js';

const TYPES = new Set([
  'syntax_error', 'unbound_variable', 'wrong_type', 'arity_mismatch', 'not_a_procedure', 'division_by_zero',
  'arithmetic_error', 'user_error', 'timeout', 'step_limit', 'memory_limit', 'integer_too_large', 'too_complex',
  'source_too_large', 'internal_error',
]);

const LIMITS: EvalLimits = { ...API_LIMITS, timeoutMs: 200, maxSteps: 50_000, maxMemoryBytes: 64 * 1024 * 1024 };

/** mulberry32: small, fast, deterministic. */
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

const ATOMS = ['0', '1', '-7', '2.5', '1/3', '#t', '#f', '"s"', "#\\a", "'()", "'x", 'x', 'y', 'f', 'car', '+', 'list', '#(1 2)', '100000000000000000000'];
const HEADS = [
  '+', '-', '*', '/', '<', '=', 'car', 'cdr', 'cons', 'list', 'vector', 'vector-ref', 'string-append', 'apply', 'map',
  'length', 'reverse', 'append', 'expt', 'exact->inexact', 'number->string', 'symbol->string', 'display', 'write',
  'call/cc', 'values', 'error', 'raise', 'f', 'x', 'lambda', 'if', 'let', 'define', 'set!', 'begin', 'quote', 'and',
  'or', 'cond', 'case', 'do', 'guard', 'dynamic-wind', 'make-vector', 'string-ref', 'list-tail', 'vector-fill!',
];

function genExpr(r: () => number, depth: number): string {
  if (depth <= 0 || r() < 0.3) return ATOMS[Math.floor(r() * ATOMS.length)]!;
  const head = HEADS[Math.floor(r() * HEADS.length)]!;
  const n = Math.floor(r() * 4);
  const parts = [head];
  for (let i = 0; i < n; i++) parts.push(genExpr(r, depth - 1));
  return `(${parts.join(' ')})`;
}

function genProgram(r: () => number): string {
  const forms = ['(define x 1)', '(define y (list 1 2))', '(define (f a) (if (< a 1) a (f (- a 1))))'];
  const n = 1 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) forms.push(genExpr(r, 4));
  return forms.join('\n');
}

function corpus(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return corpus(p);
    return name.endsWith('.scm') ? [readFileSync(p, 'utf8')] : [];
  });
}

function mutate(r: () => number, src: string): string {
  let s = src;
  const edits = 1 + Math.floor(r() * 4);
  const pieces = ['(', ')', "'", '`', ',', ',@', '#', '"', '\\', ' ', '.', '#(', '#\\', '|', ';', '#|', '(lambda', '(call/cc', '0'];
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(r() * (s.length + 1));
    const op = r();
    if (op < 0.4) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 5));
    else if (op < 0.8) s = s.slice(0, at) + pieces[Math.floor(r() * pieces.length)]! + s.slice(at);
    else {
      const from = Math.floor(r() * s.length);
      s = s.slice(0, at) + s.slice(from, from + 20) + s.slice(at);
    }
  }
  return s;
}

function check(source: string): void {
  let outcome;
  try {
    outcome = evaluate(source, LIMITS);
  } catch (e) {
    throw new Error(`evaluate threw ${String(e)} for:\n${source}`);
  }
  expect(['ok', 'error', 'timeout', 'limit_exceeded']).toContain(outcome.status);
  if (outcome.error !== null) {
    if (!TYPES.has(outcome.error.type)) throw new Error(`bad type ${outcome.error.type} for:\n${source}`);
    if (outcome.error.type === 'internal_error') throw new Error(`internal error ${outcome.error.message} for:\n${source}`);
    expect(outcome.status).toBe(statusForErrorType(outcome.error.type));
  } else {
    expect(outcome.status).toBe('ok');
  }
  expect(typeof outcome.stdout).toBe('string');
  expect(Number.isInteger(outcome.steps)).toBe(true);
}

describe('fuzz', () => {
  it('random programs from a grammar end in contract outcomes', () => {
    const r = rng(20261122);
    for (let i = 0; i < 3000; i++) check(genProgram(r));
  });

  it('mutated corpus programs end in contract outcomes', () => {
    const r = rng(42);
    const sources = corpus(fileURLToPath(new URL('./scheme/', import.meta.url)));
    for (let i = 0; i < 2000; i++) check(mutate(r, sources[Math.floor(r() * sources.length)]!));
  });

  it('pathological sources end in contract outcomes', () => {
    check('('.repeat(5000));
    check(`${'('.repeat(3000)}1${')'.repeat(3000)}`);
    check(`'${'('.repeat(900)}${')'.repeat(900)}`);
    check(`(list ${'1 '.repeat(20000)})`);
    check(`\`(${'(unquote 1) '.repeat(5000)})`);
    check(`(define-syntax m (syntax-rules () ((_ a) (m (a a))))) (m 1)`);
    check('#0=(1 . #0#)');
    check("(define l '#0=(1 2 . #0#)) l");
    check('"\\x110000;"');
    check('#\\x110000');
    check(')');
    check('#| unterminated');
    check('(let loop ((x (list 1))) (loop (cons x x)))');
  });
});
