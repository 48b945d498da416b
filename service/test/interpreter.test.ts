/**
 * Machine properties that need more than a value check: constant space for a 10,000,000-
 * iteration tail loop, recursion depth bounded only by memory, cooperative stops, and the
 * `evaluator eval` command's exit codes and output (run as a real process on the built dist).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_LIMITS, DEMO_LIMITS, evaluate, toEvalResponse } from '../src/scheme/index.js';

const BIN = fileURLToPath(new URL('../bin/evaluator.js', import.meta.url));

describe('machine', () => {
  it('runs a 10,000,000-iteration tail loop in constant memory', () => {
    const o = evaluate('(define (loop i) (if (= i 0) (quote done) (loop (- i 1)))) (loop 10000000)', {
      ...API_LIMITS,
      timeoutMs: 60_000,
    });
    expect(o.error).toBeNull();
    expect(o.results[1]!.value).toBe('done');
    expect(o.steps).toBeGreaterThan(10_000_000);
    // Far below what 10M frames would take (hundreds of MiB).
    expect(o.memory_bytes).toBeLessThan(32 * 1024 * 1024);
  });

  it('recurses 1,000,000 deep when the memory bound allows it', () => {
    const o = evaluate('(define (d n) (if (= n 0) 0 (+ 1 (d (- n 1))))) (d 1000000)', {
      ...API_LIMITS,
      timeoutMs: 60_000,
      maxMemoryBytes: 1024 * 1024 * 1024,
    });
    expect(o.error).toBeNull();
    expect(o.results[1]!.value).toBe('1000000');
  });

  it('stops deep recursion with memory_limit, not a host stack overflow', () => {
    const o = evaluate('(define (d n) (+ 1 (d n))) (d 0)', { ...API_LIMITS, timeoutMs: 30_000, maxMemoryBytes: 16 * 1024 * 1024 });
    expect(o.status).toBe('limit_exceeded');
    expect(o.error?.type).toBe('memory_limit');
    expect(o.memory_bytes).toBeGreaterThan(16 * 1024 * 1024);
  });

  // Functional only: whether 1M steps fit in the demo's 500 ms is a speed figure,
  // printed by `npm run bench -w service` (steps/s), never asserted in a timed test.
  it('ends a tight loop at the demo step bound with step_limit', () => {
    const o = evaluate('(let loop ((i 0)) (loop (+ i 1)))', { ...DEMO_LIMITS, timeoutMs: 60_000 });
    expect(o.status).toBe('limit_exceeded');
    expect(o.error?.type).toBe('step_limit');
    expect(o.steps).toBe(1_000_001);
  });

  it('stops at the deadline cooperatively, with stats measured', () => {
    const o = evaluate('(let loop () (loop))', { ...API_LIMITS, timeoutMs: 50 });
    expect(o.status).toBe('timeout');
    expect(o.error).toMatchObject({ type: 'timeout', index: 0, line: 1 });
    expect(o.wall_ms).toBeGreaterThanOrEqual(50);
    expect(o.wall_ms).toBeLessThan(1000);
    expect(o.steps).toBeGreaterThan(0);
  });

  it('builds the contract EvalResponse', () => {
    const r = toEvalResponse(evaluate('(display "hi") (+ 1 2)', API_LIMITS), { requestId: 'req_x', cpuMs: 1.5 });
    expect(Object.keys(r).sort()).toEqual(['error', 'request_id', 'results', 'stats', 'status', 'stdout', 'stdout_truncated']);
    expect(Object.keys(r.stats).sort()).toEqual(['cpu_ms', 'memory_bytes', 'steps', 'wall_ms']);
    expect(r.results).toEqual([
      { index: 0, line: 1, col: 1, value: null, value_truncated: false, json: null },
      expect.objectContaining({ index: 1, line: 1, col: 16, value: '3', value_truncated: false }),
    ]);
    expect(r.stdout).toBe('hi');
  });
});

describe('evaluator eval', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-cli-'));
  const a = join(dir, 'a.scm');
  const b = join(dir, 'b.scm');
  writeFileSync(a, '(define (f) 1)\n(+ (f) 1)\n');
  writeFileSync(b, '(car 1)');

  it('prints one EvalResponse per file, in order, and exits 0', () => {
    const out = execFileSync('node', [BIN, 'eval', a, b], { encoding: 'utf8' });
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0].status).toBe('ok');
    expect(lines[0].results[1].value).toBe('2');
    expect(lines[1].error).toMatchObject({ type: 'wrong_type', message: 'car: expected a pair, got 1', line: 1, col: 1 });
    expect(lines[0].request_id).not.toBe(lines[1].request_id);
    expect(typeof lines[0].stats.cpu_ms).toBe('number');
  });

  it('reads stdin for -', () => {
    const out = execFileSync('node', [BIN, 'eval', '-'], { input: '(* 6 7)', encoding: 'utf8' });
    expect(JSON.parse(out).results[0].value).toBe('42');
  });

  it('exits 64 on an unreadable file, evaluating nothing', () => {
    const r = spawnSync('node', [BIN, 'eval', a, join(dir, 'missing.scm')], { encoding: 'utf8' });
    expect(r.status).toBe(64);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('cannot read');
    expect(r.stderr).toContain('no such file');
  });

  it.each([
    [['eval'], 'expected at least one FILE'],
    [['eval', '--timeout-ms', '0', a], 'from 1 to 5000'],
    [['eval', '--timeout-ms', '5001', a], 'from 1 to 5000'],
    [['eval', '--demo', '--timeout-ms', '501', a], 'from 1 to 500'],
    [['eval', '--timeout-ms', 'abc', a], 'from 1 to 5000'],
    [['eval', '--bogus', a], 'bogus'],
  ])('exits 64 on usage error %j', (args, text) => {
    const r = spawnSync('node', [BIN, ...args], { encoding: 'utf8' });
    expect(r.status).toBe(64);
    expect(r.stderr).toContain(text);
  });

  it('honours --timeout-ms and --demo', () => {
    writeFileSync(join(dir, 'spin.scm'), '(let loop () (loop))');
    const t = JSON.parse(execFileSync('node', [BIN, 'eval', '--timeout-ms', '30', join(dir, 'spin.scm')], { encoding: 'utf8' }));
    expect(t.status).toBe('timeout');
    const d = JSON.parse(execFileSync('node', [BIN, 'eval', '--demo', join(dir, 'spin.scm')], { encoding: 'utf8' }));
    expect(d.error.type).toBe('step_limit');
  });
});

describe('total size of the printed results', () => {
  it('cuts later values once the values of all results pass the total budget', () => {
    const source = `(define s (make-string 1000 #\\a)) ${'s '.repeat(10)}`;
    const o = evaluate(source, { ...API_LIMITS, maxTotalValueChars: 4500 });
    expect(o.status).toBe('ok');
    const printed = o.results.slice(1).map((r) => [r.value?.length, r.value_truncated, r.json === null]);
    // Each of value and json costs 1002 characters: two results fit whole (4008), the third gets the 492 left and no json.
    expect(printed.slice(0, 4)).toEqual([[1002, false, false], [1002, false, false], [492, true, true], [0, true, true]]);
    expect(o.results).toHaveLength(11);
  });
});

