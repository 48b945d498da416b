/**
 * BLACK-BOX conformance suite, part 2: /v1/demo (origin, limits, per-IP rate), 503 busy with
 * --slots 1, durability of CPU billing and keys across a restart, graceful shutdown on SIGTERM.
 * Each group runs its own `evaluator serve` process (embedded default, temporary --data).
 *
 * PREREQUISITE: the service must be built (`npx tsc -b service`); the server runs from
 * service/dist through `node service/bin/evaluator.js`.
 * Run: npx vitest run --project service test/conformance
 *
 * The demo's per-IP limits use the connection's peer address: each demo group connects from its
 * own loopback address (127.0.0.x) so their counts do not interfere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth, commonHeaders, createKey, demoReq, ensureMinuteRoom, evalReq, expectError, expectEvalOk, expectEvalResponse,
  rateHeaders, request, revokeKey, rmData, runBin, sleep, startServer, SITE_ORIGIN, type Server,
} from './harness.js';

// ---------------------------------------------------------------------------------------------
describe('POST /v1/demo', () => {
  let S: Server;
  beforeAll(async () => {
    S = await startServer();
  });
  afterAll(async () => {
    expect(await S.stop()).toBe(0);
    rmData(S.data);
  });
  const ok = { source: '(+ 1 2)' };

  it('403 forbidden_origin: no Origin, another origin, same origin with other case / trailing slash / scheme / port', async () => {
    const origins: (string | null)[] = [
      null, 'http://evil.test', 'http://SITE.test', 'HTTP://site.test', 'http://site.test/', 'https://site.test',
      'http://site.test:8080', 'http://site.test.evil', 'null', '', 'http://site.test, http://site.test',
    ];
    for (const origin of origins) {
      expectError(await demoReq(S, ok, { origin, localAddress: '127.0.0.2' }), 403, 'forbidden_origin', `Origin ${JSON.stringify(origin)}`);
    }
    // A Referer from the site is not an Origin.
    expectError(await demoReq(S, ok, { origin: null, headers: { Referer: `${SITE_ORIGIN}/try` }, localAddress: '127.0.0.2' }), 403, 'forbidden_origin', 'Referer only');
    // A valid API key does not replace the origin.
    const key = await createKey(S.data, 'demo-keyholder');
    expectError(await demoReq(S, ok, { origin: null, headers: auth(key), localAddress: '127.0.0.2' }), 403, 'forbidden_origin', 'key, no origin');
  });

  it('403 comes before the body is looked at (wrong origin + invalid JSON / >1 MB → 403)', async () => {
    expectError(await demoReq(S, '{', { origin: 'http://evil.test', localAddress: '127.0.0.2' }), 403, 'forbidden_origin', 'bad json');
    expectError(await demoReq(S, JSON.stringify({ source: '1', pad: 'x'.repeat(1_100_000) }), { origin: null, localAddress: '127.0.0.2' }), 403, 'forbidden_origin', '>1MB');
  });

  it('CORS (team decision): preflight OPTIONS from the site → 200 with Access-Control-Allow-Origin; other origin → 403; 200 carries ACAO', async () => {
    const pre = await request(S, '/v1/demo', { method: 'OPTIONS', headers: { Origin: SITE_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect(pre.status).toBe(200);
    commonHeaders(pre, 'preflight');
    expect(pre.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
    expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expectError(await request(S, '/v1/demo', { method: 'OPTIONS', headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'POST' } }), 403, 'forbidden_origin', 'evil preflight');
  });

  it('200 EvalResponse with the exact site origin, no key needed', async () => {
    const r = await demoReq(S, ok, { localAddress: '127.0.0.2' });
    const b = expectEvalResponse(r, 'demo ok');
    expect(r.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
    expect(b.status).toBe('ok');
    expect(b.results[0]).toEqual({ index: 0, line: 1, col: 1, value: '3', value_truncated: false, json: 3 });
  });

  it('400 / 422 / 413 on the demo', async () => {
    const ip = { localAddress: '127.0.0.2' };
    expectError(await demoReq(S, '', ip), 400, 'invalid_json', 'empty');
    expectError(await demoReq(S, '{"source":', ip), 400, 'invalid_json', 'truncated');
    expectError(await demoReq(S, {}, ip), 422, 'invalid_request', 'no source');
    expectError(await demoReq(S, { source: 5 }, ip), 422, 'invalid_request', 'source 5');
    expectError(await demoReq(S, '[]', ip), 422, 'invalid_request', '[]');
    for (const t of [501, 0, 1000, 5000, 1.5, '500', null]) {
      expectError(await demoReq(S, { source: '1', timeout_ms: t }, ip), 422, 'invalid_request', `timeout_ms ${JSON.stringify(t)}`);
    }
    expectError(await demoReq(S, { source: `;${'x'.repeat(4096)}` }, ip), 413, 'source_too_large', '4097 bytes');
    expectError(await demoReq(S, { source: '€'.repeat(1366) }, ip), 413, 'source_too_large', '1366 € = 4098 bytes');
    expectError(await demoReq(S, JSON.stringify({ source: '1', pad: 'x'.repeat(1_100_000) }), ip), 413, 'request_too_large', '>1MB');
  });

  it('demo limits: timeout_ms 500 ok, 4096-byte source ok, 50 compound ok, 51 → too_complex, 1M steps → step_limit', async () => {
    const ip = { localAddress: '127.0.0.4' };
    const t = expectEvalResponse(await demoReq(S, { source: '(+ 1 2)', timeout_ms: 500 }, ip), 'timeout 500');
    expect(t.status).toBe('ok');
    const src4096 = `7${' '.repeat(4095)}`;
    const s = expectEvalResponse(await demoReq(S, { source: src4096 }, ip), '4096 bytes');
    expect(s.results.map((r: any) => r.value)).toEqual(['7']);
    const fifty = expectEvalResponse(await demoReq(S, { source: '(display 1)'.repeat(50) }, ip), '50 compound');
    expect(fifty.status).toBe('ok');
    expect(fifty.stdout).toBe('1'.repeat(50));
    const many = expectEvalResponse(await demoReq(S, { source: '(display 1)'.repeat(51) }, ip), '51 compound');
    expect(many.status).toBe('limit_exceeded');
    expect(many.error.type).toBe('too_complex');
    expect(many.stdout).toBe(''); // counted before anything runs
    expect(many.results).toEqual([]);
    // Default (and maximum) timeout 500 ms: a loop of slow steps ends in timeout near 500 ms.
    const slow = expectEvalResponse(await demoReq(S, { source: '(let loop ((i 0)) (string-length (make-string 200000 #\\a)) (loop (+ i 1)))' }, ip), 'demo default timeout');
    expect(slow.status).toBe('timeout');
    expect(slow.error.type).toBe('timeout');
    expect(slow.stats.wall_ms).toBeGreaterThanOrEqual(450);
    expect(slow.stats.wall_ms).toBeLessThan(1500);
    const steps = expectEvalResponse(await demoReq(S, { source: '(let loop ((i 0)) (loop (+ i 1)))' }, ip), 'steps');
    expect(steps.status).toBe('limit_exceeded');
    expect(steps.error.type).toBe('step_limit');
    // step_limit (not timeout) already shows the bound came first; the speed is a bench figure.
    expect(steps.stats.steps).toBeGreaterThanOrEqual(1_000_000);
  });

  it('per-IP: 10 per minute, the 11th → 429 rate_limited with Retry-After; another IP is unaffected', async () => {
    await ensureMinuteRoom(5_000);
    const ip = { localAddress: '127.0.0.3' };
    for (let i = 0; i < 10; i++) {
      const b = expectEvalResponse(await demoReq(S, { source: `(+ ${i} 1)` }, ip), `demo #${i + 1}`);
      expect(b.results[0].value).toBe(String(i + 1));
    }
    const r = await demoReq(S, ok, ip);
    expectError(r, 429, 'rate_limited', '11th');
    const ra = Number(r.headers['retry-after']);
    expect(ra).toBeGreaterThanOrEqual(1);
    expect(ra).toBeLessThanOrEqual(60); // the day's 100 are not used up
    // Refusals are not counted (still refused, same kind), and invalid requests do not lift it.
    expectError(await demoReq(S, ok, ip), 429, 'rate_limited', '12th');
    // Without --trust-proxy a forwarded-for header does not change the client address.
    expectError(await demoReq(S, ok, { ...ip, headers: { 'X-Forwarded-For': '203.0.113.9' } }), 429, 'rate_limited', 'XFF spoof');
    // Another client address is unaffected.
    expectEvalResponse(await demoReq(S, ok, { localAddress: '127.0.0.5' }), 'other IP');
    // The API is unaffected by the demo's per-IP counts.
    const key = await createKey(S.data, 'demo-api');
    expectEvalOk(await evalReq(S, key, ok, ip), 'api from same IP');
  });
});

// ---------------------------------------------------------------------------------------------
describe('503 busy (--slots 1)', () => {
  let S: Server;
  let a: string;
  let b: string;
  beforeAll(async () => {
    S = await startServer({ slots: 1 });
    [a, b] = await Promise.all([createKey(S.data, 'busy-a'), createKey(S.data, 'busy-b')]);
  });
  afterAll(async () => {
    expect(await S.stop()).toBe(0);
    rmData(S.data);
  });

  it('every slot taken → 503 busy at once for another account; health still answers; slot freed afterwards', async () => {
    const running = evalReq(S, a, { source: '(let loop () (loop))', timeout_ms: 1500 });
    await sleep(300);
    const t0 = Date.now();
    const r = await evalReq(S, b, { source: '(+ 1 2)' });
    expect(Date.now() - t0, 'answered at once, not queued behind the loop').toBeLessThan(800);
    expectError(r, 503, 'busy', 'second account');
    expect(r.headers['retry-after'], 'team decision: Retry-After on 503').toMatch(/^\d+$/);
    // the demo is also refused with busy
    expectError(await demoReq(S, { source: '1' }, { localAddress: '127.0.0.6' }), 503, 'busy', 'demo busy');
    const h = await request(S, '/v1/health');
    expect(h.status).toBe(200);
    const first = expectEvalOk(await running, 'the loop');
    expect(first.status).toBe('timeout');
    const after = expectEvalOk(await evalReq(S, b, { source: '(+ 1 2)' }), 'after');
    expect(after.results[0].value).toBe('3');
  });
});

// ---------------------------------------------------------------------------------------------
describe('durability across a restart, graceful shutdown', () => {
  let S: Server;
  let data: string;
  let live: string;
  let revoked: string;
  let revokedWhileDown: string;
  let usedBefore = 0;
  afterAll(async () => {
    if (S) await S.stop();
    if (data) rmData(data);
  });

  it('bills CPU, SIGTERM → exit 0; restarted on the same --data: cpu.used_ms unchanged, keys still valid, revoked still revoked', async () => {
    S = await startServer();
    data = S.data;
    [live, revoked, revokedWhileDown] = await Promise.all([
      createKey(data, 'dur-live'), createKey(data, 'dur-revoked'), createKey(data, 'dur-revoked2'),
    ]);
    let billed = 0;
    for (const src of ['(+ 1 2)', '(let loop ((i 0)) (if (< i 200000) (loop (+ i 1)) i))', '(expt 3 500)']) {
      const b = expectEvalOk(await evalReq(S, live, { source: src }), src);
      billed += Math.max(1, Math.ceil(b.stats.cpu_ms));
    }
    const t = expectEvalOk(await evalReq(S, live, { source: '(let loop () (loop))', timeout_ms: 200 }), 'timeout billed');
    billed += Math.max(1, Math.ceil(t.stats.cpu_ms));
    const l0 = await request(S, '/v1/limits', { headers: auth(live) });
    expect(l0.body.cpu.used_ms).toBe(billed);
    usedBefore = l0.body.cpu.used_ms;
    expectEvalOk(await evalReq(S, revoked, { source: '1' }), 'revoked before');
    await revokeKey(data, revoked);
    expectError(await evalReq(S, revoked, { source: '1' }), 401, 'unauthorized', 'revoked');
    const used2 = (await request(S, '/v1/limits', { headers: auth(revoked) })).status;
    expect(used2).toBe(401);

    expect(await S.stop()).toBe(0);
    await revokeKey(data, revokedWhileDown);
    S = await startServer({ data });

    const l1 = await request(S, '/v1/limits', { headers: auth(live) });
    expect(l1.status).toBe(200);
    commonHeaders(l1, 'limits after restart');
    expect(l1.body.cpu.used_ms).toBe(usedBefore);
    expect(l1.body.cpu.remaining_ms).toBe(l1.body.cpu.quota_ms - usedBefore);
    const e = expectEvalOk(await evalReq(S, live, { source: '(* 6 7)' }), 'live after restart');
    expect(e.results[0].value).toBe('42');
    expectError(await evalReq(S, revoked, { source: '1' }), 401, 'unauthorized', 'revoked after restart');
    expectError(await evalReq(S, revokedWhileDown, { source: '1' }), 401, 'unauthorized', 'revoked while down');
    const l2 = await request(S, '/v1/limits', { headers: auth(live) });
    expect(l2.body.cpu.used_ms).toBe(usedBefore + Math.max(1, Math.ceil(e.stats.cpu_ms)));
  });

  it('a second instance on the same --data sees the first one\'s CPU charges at once', async () => {
    const other = await startServer({ data });
    try {
      const e = expectEvalOk(await evalReq(S, live, { source: '(+ 1 1)' }), 'on A');
      const a = (await request(S, '/v1/limits', { headers: auth(live) })).body.cpu.used_ms;
      const b = (await request(other, '/v1/limits', { headers: auth(live) })).body.cpu.used_ms;
      expect(b).toBe(a);
      expect(e.status).toBe('ok');
      // And a key revoked through the shared store is refused by both.
      const k = await createKey(data, 'dur-two');
      expectEvalOk(await evalReq(other, k, { source: '1' }), 'B before revoke');
      await revokeKey(data, k);
      expectError(await evalReq(S, k, { source: '1' }), 401, 'unauthorized', 'A after revoke');
      expectError(await evalReq(other, k, { source: '1' }), 401, 'unauthorized', 'B after revoke');
    } finally {
      expect(await other.stop()).toBe(0);
    }
  });

  it('SIGTERM while an evaluation runs: that evaluation still answers 200, then the process exits 0; its CPU is billed', async () => {
    expect(S, 'previous test started the server').toBeTruthy();
    const before = (await request(S, '/v1/limits', { headers: auth(live) })).body.cpu.used_ms;
    const running = evalReq(S, live, { source: '(let loop ((i 0)) (loop (+ i 1)))', timeout_ms: 800 });
    await sleep(250);
    S.child.kill('SIGTERM');
    const r = await running;
    const b = expectEvalOk(r, 'in-flight during shutdown');
    expect(b.status).toBe('timeout');
    expect(await S.exited).toBe(0);
    // New connections are refused once it is down.
    await expect(request(S, '/v1/health')).rejects.toThrow();
    // Its charge survived: restart and read.
    S = await startServer({ data });
    const l = await request(S, '/v1/limits', { headers: auth(live) });
    expect(l.body.cpu.used_ms).toBe(before + Math.max(1, Math.ceil(b.stats.cpu_ms)));
    expect(rateHeaders(await evalReq(S, live, { source: '1' })).limit).toBe(60);
  });

  it('an answered charge survives SIGKILL of the server', async () => {
    const before = (await request(S, '/v1/limits', { headers: auth(live) })).body.cpu.used_ms;
    const b = expectEvalOk(await evalReq(S, live, { source: '(let loop ((i 0)) (if (< i 100000) (loop (+ i 1)) i))' }), 'billed');
    S.child.kill('SIGKILL');
    await S.exited;
    S = await startServer({ data });
    const l = await request(S, '/v1/limits', { headers: auth(live) });
    expect(l.body.cpu.used_ms).toBe(before + Math.max(1, Math.ceil(b.stats.cpu_ms)));
  });
});

// ---------------------------------------------------------------------------------------------
describe('configuration through the environment, keys CLI', () => {
  it('serve with PORT, DATA_DIR, SITE_ORIGIN, EVAL_SLOTS only (no flags) behaves as with the flags', async () => {
    const S = await startServer({ viaEnv: true, slots: 1 });
    try {
      const h = await request(S, '/v1/health');
      expect(h.status).toBe(200);
      const key = (await runBin(['keys', 'create', '--account', 'env-acct'], { DATA_DIR: S.data })).stdout.trim().split('\n').pop()!;
      expect(key).toMatch(/^sk_[A-Za-z0-9]{32,}$/);
      expectEvalOk(await evalReq(S, key, { source: '(+ 1 2)' }), 'env key');
      expectEvalResponse(await demoReq(S, { source: '1' }, { localAddress: '127.0.0.7' }), 'env SITE_ORIGIN demo');
      expectError(await demoReq(S, { source: '1' }, { origin: 'http://other.test', localAddress: '127.0.0.7' }), 403, 'forbidden_origin', 'env other origin');
      // EVAL_SLOTS=1: one loop takes the only slot.
      const other = (await runBin(['keys', 'create', '--account', 'env-other'], { DATA_DIR: S.data })).stdout.trim().split('\n').pop()!;
      const running = evalReq(S, key, { source: '(let loop () (loop))', timeout_ms: 700 });
      await sleep(250);
      expectError(await evalReq(S, other, { source: '1' }), 503, 'busy', 'EVAL_SLOTS=1');
      expect((await running).status).toBe(200);
    } finally {
      expect(await S.stop()).toBe(0);
      rmData(S.data);
    }
  });

  it('keys list shows accounts, plans and key ids, never a key; unknown plan refused; revoke by key id', async () => {
    const data = (await import('./harness.js')).tmpData();
    try {
      const key = await createKey(data, 'list-acct', { plan: 'pro' });
      const list = await runBin(['keys', 'list', '--data', data]);
      expect(list.code).toBe(0);
      expect(list.stdout).toContain('list-acct');
      expect(list.stdout).toContain('pro');
      expect(list.stdout).not.toContain(key);
      expect(list.stdout).not.toContain(key.slice(3));
      const bad = await runBin(['keys', 'create', '--data', data, '--account', 'x', '--plan', 'no-such-plan']);
      expect(bad.code).not.toBe(0);
      const keyId = /\b(key_[A-Za-z0-9]+)/.exec(list.stdout)?.[1];
      expect(keyId).toBeTruthy();
      const S = await startServer({ data });
      try {
        expectEvalOk(await evalReq(S, key, { source: '1' }), 'before revoke by id');
        expect((await runBin(['keys', 'revoke', '--data', data, keyId!])).code).toBe(0);
        expectError(await evalReq(S, key, { source: '1' }), 401, 'unauthorized', 'revoked by id');
      } finally {
        expect(await S.stop()).toBe(0);
      }
    } finally {
      rmData(data);
    }
  });
});
