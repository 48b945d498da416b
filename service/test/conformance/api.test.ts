/**
 * BLACK-BOX conformance suite, part 1: one `evaluator serve` process (embedded default: SQLite
 * under a temporary --data, limits in memory), exercised over HTTP/TCP only, against
 * shared/spec/evaluation-api.md + evaluator-decisions.md (and, where both are silent, the team's
 * decisions in service/docs/*.md).
 *
 * PREREQUISITE: the service must be built (`npx tsc -b service`); the server runs from
 * service/dist through `node service/bin/evaluator.js`.
 * Run: npx vitest run --project service test/conformance
 *
 */
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth, createKey, ensureMinuteRoom, evalReq, expectError, expectEvalOk, commonHeaders,
  parseRaw, rateHeaders, rawExchange, request, revokeKey, rmData, seenIds, sleep, startServer, type Res, type Server,
} from './harness.js';

let S: Server;
const K: Record<string, string> = {};

// Background slowloris clients, started first so their ~10 s timeouts overlap the other tests.
let slowHeaders: Promise<{ data: string; closed: boolean; elapsedMs: number }>;
let slowBody: Promise<{ data: string; closed: boolean; elapsedMs: number }>;

beforeAll(async () => {
  S = await startServer();
  const names = ['main', 'auth', 'revoke', 'valid', 'rate', 'limits', 'inflight', 'cpu', 'out1', 'out2', 'out3', 'hostile'];
  const made = await Promise.all([
    ...names.map((n) => createKey(S.data, `acct-${n}`)),
    createKey(S.data, 'acct-quota', { cpuQuotaMs: 1 }),
    createKey(S.data, 'acct-pro', { plan: 'pro' }),
  ]);
  names.forEach((n, i) => (K[n] = made[i]!));
  K.quota = made[names.length]!;
  K.pro = made[names.length + 1]!;
  // Headers trickled one byte a second, never finished.
  const trickle = ['POST /v1/eval HTTP/1.1\r\nHost: x\r\n', ...'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'.split('')];
  slowHeaders = rawExchange(S.port, trickle, { gapMs: 1000, maxMs: 25_000 });
  // Headers complete, body promised but never sent.
  slowBody = rawExchange(S.port, [`POST /v1/eval HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${K.hostile}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"sou`], { maxMs: 25_000 });
}, 60_000);

afterAll(async () => {
  if (S) {
    const code = await S.stop();
    expect(code).toBe(0);
    rmData(S.data);
  }
});

// ---------------------------------------------------------------------------------------------
describe('health, 404, methods, openapi', () => {
  it('GET /v1/health → 200 Health {status:"ok", request_id}', async () => {
    const r = await request(S, '/v1/health');
    expect(r.status).toBe(200);
    commonHeaders(r, 'health');
    expect(Object.keys(r.body).sort()).toEqual(['request_id', 'status']);
    expect(r.body.status).toBe('ok');
    expect(typeof r.body.request_id).toBe('string');
  });

  it('unknown paths → 404 not_found with the Error body', async () => {
    for (const [m, p] of [['GET', '/v1/nope'], ['GET', '/'], ['POST', '/v1/evaluate'], ['GET', '/v2/health'], ['GET', '/v1/health/x'], ['DELETE', '/nothing']]) {
      const r = await request(S, p!, { method: m });
      expectError(r, 404, 'not_found', `${m} ${p}`);
    }
  });

  it('known path, wrong method → 404 not_found (team decision: no 405 in the enum), with Allow', async () => {
    for (const [m, p, allow] of [['GET', '/v1/eval', 'POST'], ['PUT', '/v1/eval', 'POST'], ['POST', '/v1/health', 'GET'], ['POST', '/v1/limits', 'GET'], ['GET', '/v1/demo', 'POST'], ['DELETE', '/v1/limits', 'GET']]) {
      const r = await request(S, p!, { method: m, ...(m === 'GET' || m === 'DELETE' ? {} : { body: '{}' }) });
      expectError(r, 404, 'not_found', `${m} ${p}`);
      expect(String(r.headers.allow ?? ''), `${m} ${p} Allow`).toContain(allow);
    }
  });

  // URL paths are case-sensitive (RFC 3986 §6.2.2.1) and the version is the path prefix `/v1`
  // (contract §9), so another spelling is an unknown path (Polka alone would match it).
  it('paths are case-sensitive: /V1/health, /v1/HEALTH → 404 not_found', async () => {
    for (const p of ['/V1/health', '/v1/HEALTH', '/V1/limits']) expectError(await request(S, p), 404, 'not_found', p);
    expectError(await request(S, '/V1/EVAL', { method: 'POST', body: { source: '1' }, headers: auth(K.main!) }), 404, 'not_found', 'POST /V1/EVAL');
  });

  it('HEAD /v1/health → 200 with application/json and an X-Request-Id (team decision: HEAD wherever GET)', async () => {
    const r = await request(S, '/v1/health', { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof r.headers['x-request-id']).toBe('string');
    expect(r.text).toBe('');
  });

  it('query strings are ignored by routing: GET /v1/health?x=1 → 200', async () => {
    const r = await request(S, '/v1/health?x=1');
    expect(r.status).toBe(200);
    commonHeaders(r, 'health?x=1');
  });

  it('GET /v1/openapi.json → 200 JSON OpenAPI document with the four endpoints', async () => {
    const r = await request(S, '/v1/openapi.json');
    expect(r.status).toBe(200);
    commonHeaders(r, 'openapi');
    expect(typeof r.body.openapi).toBe('string');
    for (const p of ['/v1/health', '/v1/eval', '/v1/limits', '/v1/demo']) expect(Object.keys(r.body.paths)).toContain(p);
  });
});

// ---------------------------------------------------------------------------------------------
describe('POST /v1/eval: 401 unauthorized', () => {
  const ok = { source: '(+ 1 2)' };

  it('missing Authorization → 401 on /v1/eval and /v1/limits', async () => {
    expectError(await evalReq(S, null, ok), 401, 'unauthorized', 'eval no key');
    expectError(await request(S, '/v1/limits'), 401, 'unauthorized', 'limits no key');
  });

  it('malformed credentials → 401', async () => {
    const valid = K.auth!;
    const bad = [
      'Bearer x',
      'Bearer',
      'Bearer ',
      `Basic ${Buffer.from('user:pass').toString('base64')}`,
      `Basic ${valid}`,
      valid, // no scheme
      `Bearer sk_${'a'.repeat(31)}`, // one character short
      `Bearer sk_${'a'.repeat(31)}-`, // non-alphanumeric
      `Bearer sk_${'a'.repeat(20)}_${'b'.repeat(20)}`,
      `Bearer sk_${'a'.repeat(32)}.`, // non-alphanumeric
      `Bearer sk_${'a'.repeat(16)}+/${'a'.repeat(16)}`,
      `Bearer pk_${'a'.repeat(40)}`,
      `Bearer SK_${valid.slice(3)}`,
      `Bearer ${valid}x!`,
      `Bearer ${valid} extra`,
    ];
    for (const h of bad) {
      expectError(await evalReq(S, null, ok, { headers: { Authorization: h } }), 401, 'unauthorized', `eval Authorization: ${h}`);
      expectError(await request(S, '/v1/limits', { headers: { Authorization: h } }), 401, 'unauthorized', `limits Authorization: ${h}`);
    }
  });

  it('unknown (well-formed) key → 401', async () => {
    const unknown = `sk_${'Q'.repeat(40)}`;
    expectError(await evalReq(S, unknown, ok), 401, 'unauthorized', 'unknown key');
    expectError(await request(S, '/v1/limits', { headers: auth(unknown) }), 401, 'unauthorized', 'limits unknown key');
    // A valid key with one character changed is unknown too.
    const flipped = K.auth!.slice(0, -1) + (K.auth!.endsWith('A') ? 'B' : 'A');
    expectError(await evalReq(S, flipped, ok), 401, 'unauthorized', 'flipped key');
  });

  it('a valid key works (the same requests with the real key are 200)', async () => {
    const b = expectEvalOk(await evalReq(S, K.valid!, ok), 'valid key');
    expect(b.status).toBe('ok');
    expect(b.results[0].value).toBe('3');
    const l = await request(S, '/v1/limits', { headers: auth(K.valid!) });
    expect(l.status).toBe(200);
  });

  it('key revoked while the server runs → 401 at once (eval and limits); the account\'s other key still works', async () => {
    const other = await createKey(S.data, 'acct-revoke');
    expectEvalOk(await evalReq(S, K.revoke!, ok), 'before revoke');
    await revokeKey(S.data, K.revoke!);
    expectEvalOk(await evalReq(S, other, ok), 'other key of the account');
    expectError(await evalReq(S, K.revoke!, ok), 401, 'unauthorized', 'revoked eval');
    expectError(await request(S, '/v1/limits', { headers: auth(K.revoke!) }), 401, 'unauthorized', 'revoked limits');
  });

  it('401 comes before body validation (bad key + invalid JSON → 401)', async () => {
    expectError(await evalReq(S, null, '{'), 401, 'unauthorized', 'no key + bad json');
    expectError(await evalReq(S, `sk_${'Z'.repeat(40)}`, '[]'), 401, 'unauthorized', 'unknown key + non-object');
    // … and before the body size: an anonymous client cannot make the service read 1 MB.
    expectError(await evalReq(S, null, JSON.stringify({ source: '1', pad: 'x'.repeat(1_100_000) })), 401, 'unauthorized', 'no key + >1MB');
  });
});

// ---------------------------------------------------------------------------------------------
describe('POST /v1/eval: 400 / 422 / 413', () => {
  it('400 invalid_json: empty body, truncated, garbage, trailing garbage', async () => {
    for (const body of ['', '{', '{"source": }', 'source=(+ 1 2)', '{"source":"1"} x', "{'source':'1'}", '{"source":"1",}', '\u0000']) {
      expectError(await evalReq(S, K.main!, body), 400, 'invalid_json', `body ${JSON.stringify(body)}`);
    }
  });

  it('422 invalid_request: valid JSON that is not an object ([] "x" 1 null true)', async () => {
    for (const body of ['[]', '"x"', '1', 'null', 'true', '[{"source":"1"}]']) {
      expectError(await evalReq(S, K.main!, body), 422, 'invalid_request', `body ${body}`);
    }
  });

  it('422 invalid_request: source missing or not a string', async () => {
    for (const body of [{}, { source: 1 }, { source: null }, { source: ['(+ 1 2)'] }, { source: { a: 1 } }, { source: true }, { src: '(+ 1 2)' }]) {
      expectError(await evalReq(S, K.main!, body), 422, 'invalid_request', `body ${JSON.stringify(body)}`);
    }
  });

  it('422 invalid_request: bad timeout_ms (0, 5001, 1.5, "100", null, -1, true, 1e10)', async () => {
    for (const t of [0, 5001, 1.5, '100', null, -1, true, 1e10, [100], {}]) {
      expectError(await evalReq(S, K.main!, { source: '1', timeout_ms: t }), 422, 'invalid_request', `timeout_ms ${JSON.stringify(t)}`);
    }
  });

  it('422 invalid_request: timeout_ms 1e400 (Infinity), 5000.5, 1e-3 as raw JSON', async () => {
    for (const t of ['1e400', '5000.5', '1e-3', '-0']) {
      expectError(await evalReq(S, K.main!, `{"source":"1","timeout_ms":${t}}`), 422, 'invalid_request', `timeout_ms ${t}`);
    }
  });

  it('timeout_ms bounds 1 and 5000 are accepted; 1000.0 (an integer in JSON) is accepted', async () => {
    for (const t of [1, 5000]) {
      const b = expectEvalOk(await evalReq(S, K.main!, { source: '(+ 1 2)', timeout_ms: t }), `timeout_ms ${t}`);
      expect(['ok', 'timeout']).toContain(b.status);
    }
    const b = expectEvalOk(await evalReq(S, K.main!, '{"source":"(+ 1 2)","timeout_ms":1000.0}'), 'timeout_ms 1000.0');
    expect(b.status).toBe('ok');
  });

  it('a small body sent chunked (no Content-Length) is evaluated', async () => {
    const b = expectEvalOk(await evalReq(S, K.main!, { source: '(+ 20 22)' }, { chunked: true }), 'chunked');
    expect(b.results[0].value).toBe('42');
  });

  it('unknown members are ignored; Content-Type is not required', async () => {
    const b = expectEvalOk(await evalReq(S, K.main!, { source: '(* 6 7)', extra: 1 }), 'extra member');
    expect(b.results[0].value).toBe('42');
    const c = expectEvalOk(await evalReq(S, K.main!, { source: '(* 6 7)' }, { headers: { 'Content-Type': 'text/plain' } }), 'text/plain');
    expect(c.results[0].value).toBe('42');
  });

  it('413 source_too_large: 65,537 bytes, and 21,846 × "€" (65,538 bytes, 21,846 characters)', async () => {
    expectError(await evalReq(S, K.main!, { source: `;${' '.repeat(65_536)}` }), 413, 'source_too_large', '65,537 ASCII');
    expectError(await evalReq(S, K.main!, { source: '€'.repeat(21_846) }), 413, 'source_too_large', '21,846 €');
    // Same source with the € escaped in JSON: the limit is on the source, not on the body text.
    const escaped = `{"source":"${'\\u20ac'.repeat(21_846)}"}`;
    expectError(await evalReq(S, K.main!, escaped), 413, 'source_too_large', '21,846 € escaped');
  });

  it('exactly 65,536 bytes of source is accepted (ASCII and multi-byte)', async () => {
    const ascii = `42${' '.repeat(65_534)}`;
    expect(Buffer.byteLength(ascii)).toBe(65_536);
    const a = expectEvalOk(await evalReq(S, K.main!, { source: ascii }), '64 KB ASCII');
    expect(a.status).toBe('ok');
    expect(a.results.map((r: any) => r.value)).toEqual(['42']);
    const multi = `;${'€'.repeat(21_845)}`; // 1 + 65,535 bytes: a comment
    expect(Buffer.byteLength(multi)).toBe(65_536);
    const m = expectEvalOk(await evalReq(S, K.main!, { source: multi }), '64 KB €');
    expect(m.status).toBe('ok');
    expect(m.results).toEqual([]);
  });

  it('413 request_too_large: body over 1 MB with Content-Length', async () => {
    const body = JSON.stringify({ source: '1', pad: 'x'.repeat(1_048_600) });
    expectError(await evalReq(S, K.main!, body), 413, 'request_too_large', '>1MB CL');
  });

  it('413 request_too_large: body over 1 MB sent chunked (no Content-Length)', async () => {
    const body = JSON.stringify({ source: '1', pad: 'x'.repeat(1_200_000) });
    expectError(await evalReq(S, K.main!, body, { chunked: true }), 413, 'request_too_large', '>1MB chunked');
  });

  it('413 request_too_large: Content-Length claims 5 MB (lying), answered without the body', async () => {
    const r = await rawExchange(S.port, [
      `POST /v1/eval HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${K.main}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"source":"1"}`,
    ], { maxMs: 5000 });
    const p = parseRaw(r.data);
    expect(p, r.data).not.toBeNull();
    expectError({ status: p!.status, headers: p!.headers, text: r.data, body: p!.body } as Res, 413, 'request_too_large', 'lying CL');
    expect(r.elapsedMs).toBeLessThan(4000);
  });

  it('body boundary: exactly 1,048,576 bytes accepted, 1,048,577 → 413 request_too_large', async () => {
    const frame = '{"source":"(+ 1 2)","pad":""}';
    const exact = `{"source":"(+ 1 2)","pad":"${'x'.repeat(1_048_576 - frame.length)}"}`;
    expect(Buffer.byteLength(exact)).toBe(1_048_576);
    const b = expectEvalOk(await evalReq(S, K.main!, exact), 'exactly 1 MiB');
    expect(b.results[0].value).toBe('3');
    const over = `{"source":"(+ 1 2)","pad":"${'x'.repeat(1_048_577 - frame.length)}"}`;
    expectError(await evalReq(S, K.main!, over), 413, 'request_too_large', '1 MiB + 1');
    expectError(await evalReq(S, K.main!, over, { chunked: true }), 413, 'request_too_large', '1 MiB + 1 chunked');
  });

  it('a body of just under 1 MB with a small source is accepted (the 1 MB cap is on the body)', async () => {
    const body = JSON.stringify({ source: '(+ 1 2)', pad: 'x'.repeat(1_000_000) });
    expect(Buffer.byteLength(body)).toBeLessThan(1_048_576);
    const b = expectEvalOk(await evalReq(S, K.main!, body), '~1MB body');
    expect(b.results[0].value).toBe('3');
  });

  it('a 1 MB body whose source is 70 KB → 413 source_too_large (not request_too_large)', async () => {
    const body = JSON.stringify({ source: ';'.repeat(70_000), pad: 'x'.repeat(900_000) });
    expectError(await evalReq(S, K.main!, body), 413, 'source_too_large', '70KB source in 970KB body');
  });

  // RFC 8259 §8.1: JSON text MUST be UTF-8, so a body with invalid bytes is not valid JSON.
  it('invalid UTF-8 in the body → 400 invalid_json (RFC 8259: JSON text is UTF-8), never 5xx', async () => {
    const body = Buffer.concat([Buffer.from('{"source":"(string-length \\"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('\\")"}')]);
    const r = await evalReq(S, K.main!, body);
    expectError(r, 400, 'invalid_json', 'invalid utf-8');
  });
});

// ---------------------------------------------------------------------------------------------
describe('invalid UTF-8 (robustness part)', () => {
  it('a body with invalid UTF-8 bytes is never a 5xx and the server keeps serving', async () => {
    const body = Buffer.concat([Buffer.from('{"source":"\\"'), Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('\\""}')]);
    const r = await evalReq(S, K.hostile!, body);
    expect([200, 400]).toContain(r.status);
    if (r.status === 200) expectEvalOk(r, 'invalid utf-8');
    else expectError(r, 400, 'invalid_json', 'invalid utf-8');
    expect((await request(S, '/v1/health')).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
describe('POST /v1/eval: 429 rate_limited (60 per key per minute)', () => {
  it('exactly 60 accepted in one window (RateLimit-* count down), the 61st → 429 with Retry-After', async () => {
    await ensureMinuteRoom(6_000);
    const remaining: number[] = [];
    for (let i = 0; i < 60; i += 4) {
      const rs = await Promise.all([0, 1, 2, 3].map(() => evalReq(S, K.rate!, { source: '(+ 1 2)' })));
      for (const r of rs) {
        expectEvalOk(r, `rate #${i}`);
        const h = rateHeaders(r);
        expect(h.limit).toBe(60);
        expect(h.reset).toBeGreaterThanOrEqual(1);
        expect(h.reset).toBeLessThanOrEqual(60);
        remaining.push(h.remaining);
      }
    }
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    const r = await evalReq(S, K.rate!, { source: '(+ 1 2)' });
    expectError(r, 429, 'rate_limited', '61st');
    const ra = Number(r.headers['retry-after']);
    expect(ra).toBeGreaterThanOrEqual(1);
    expect(ra).toBeLessThanOrEqual(60);
    expect(Math.abs(ra - Math.ceil((60_000 - (Date.now() % 60_000)) / 1000))).toBeLessThanOrEqual(2);
    // team decision: the rate_limited 429 also carries RateLimit-* (remaining 0, reset = Retry-After)
    const h = rateHeaders(r);
    expect(h.remaining).toBe(0);
    expect(h.reset).toBe(ra);
    // Still refused on retry; another key of another account is unaffected.
    expectError(await evalReq(S, K.rate!, { source: '1' }), 429, 'rate_limited', '62nd');
    expectEvalOk(await evalReq(S, K.main!, { source: '1' }), 'other key');
    const l = await request(S, '/v1/limits', { headers: auth(K.rate!) });
    expect(l.status).toBe(200);
    expect(l.body.rate_limit.remaining).toBe(0);
    expect(l.body.rate_limit.used).toBe(60);
    // The limit is per key: a second key of the same account has its own 60.
    const second = await createKey(S.data, 'acct-rate');
    const s2 = await evalReq(S, second, { source: '1' });
    expectEvalOk(s2, 'second key of the same account');
    expect(rateHeaders(s2).remaining).toBe(59);
  });
});

// ---------------------------------------------------------------------------------------------
describe('GET /v1/limits', () => {
  const currentMonth = () => new Date().toISOString().slice(0, 7);
  const secondsToNextMonth = () => {
    const d = new Date();
    return (Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - d.getTime()) / 1000;
  };

  it('200 Limits: every field, integer types, plan free defaults', async () => {
    const r = await request(S, '/v1/limits', { headers: auth(K.limits!) });
    expect(r.status).toBe(200);
    commonHeaders(r, 'limits');
    const b = r.body;
    expect(Object.keys(b).sort()).toEqual(['cpu', 'in_flight', 'max_timeout_ms', 'plan', 'rate_limit', 'request_id']);
    expect(Object.keys(b.rate_limit).sort()).toEqual(['limit', 'remaining', 'reset_s', 'used']);
    expect(Object.keys(b.in_flight).sort()).toEqual(['current', 'limit']);
    expect(Object.keys(b.cpu).sort()).toEqual(['month', 'quota_ms', 'remaining_ms', 'reset_s', 'used_ms']);
    for (const v of [...Object.values(b.rate_limit), ...Object.values(b.in_flight), b.cpu.quota_ms, b.cpu.used_ms, b.cpu.remaining_ms, b.cpu.reset_s, b.max_timeout_ms]) {
      expect(Number.isInteger(v), `integer: ${JSON.stringify(b)}`).toBe(true);
    }
    expect(b.plan).toBe('free');
    expect(b.rate_limit).toMatchObject({ limit: 60, used: 0, remaining: 60 });
    expect(b.rate_limit.reset_s).toBeGreaterThanOrEqual(1);
    expect(b.rate_limit.reset_s).toBeLessThanOrEqual(60);
    expect(b.in_flight).toEqual({ limit: 4, current: 0 });
    expect(b.max_timeout_ms).toBe(5000);
    expect(b.cpu.month).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    expect(b.cpu.month).toBe(currentMonth());
    expect(b.cpu.quota_ms).toBeGreaterThan(0);
    expect(b.cpu.used_ms).toBe(0);
    expect(b.cpu.remaining_ms).toBe(b.cpu.quota_ms);
    expect(Math.abs(b.cpu.reset_s - secondsToNextMonth())).toBeLessThanOrEqual(3);
    expect(typeof b.request_id).toBe('string');
  });

  it('plan pro is reported with its own limits', async () => {
    const r = await request(S, '/v1/limits', { headers: auth(K.pro!) });
    expect(r.status).toBe(200);
    expect(r.body.plan).toBe('pro');
    expect(r.body.rate_limit.limit).toBe(600);
    expect(r.body.in_flight.limit).toBe(16);
    const e = await evalReq(S, K.pro!, { source: '1' });
    expect(rateHeaders(e).limit).toBe(600);
  });

  it('does not count against the rate limit: 100 × /v1/limits, then an eval sees remaining unchanged', async () => {
    await ensureMinuteRoom(5_000);
    const first = expectEvalOk(await evalReq(S, K.limits!, { source: '1' }), 'first');
    const rem1 = rateHeaders(await evalReq(S, K.limits!, { source: '1' })).remaining;
    expect(first).toBeTruthy();
    for (let i = 0; i < 100; i += 10) {
      const rs = await Promise.all(Array.from({ length: 10 }, () => request(S, '/v1/limits', { headers: auth(K.limits!) })));
      for (const r of rs) {
        expect(r.status).toBe(200);
        commonHeaders(r, 'limits x100');
        expect(r.body.rate_limit.remaining).toBe(rem1);
        expect(r.body.rate_limit.used).toBe(60 - rem1);
      }
    }
    // Refused requests (400/422/413) are not counted either (team decision: only accepted ones count).
    expectError(await evalReq(S, K.limits!, '{'), 400, 'invalid_json', 'bad json');
    expectError(await evalReq(S, K.limits!, {}), 422, 'invalid_request', 'no source');
    expectError(await evalReq(S, K.limits!, { source: ';'.repeat(70_000) }), 413, 'source_too_large', 'big source');
    const after = await evalReq(S, K.limits!, { source: '1' });
    expectEvalOk(after, 'after 100 limits');
    expect(rateHeaders(after).remaining).toBe(rem1 - 1);
  });

  it('in_flight.current counts a running evaluation', async () => {
    const running = evalReq(S, K.inflight!, { source: '(let loop () (loop))', timeout_ms: 800 });
    await sleep(300);
    const during = await request(S, '/v1/limits', { headers: auth(K.inflight!) });
    expect(during.status).toBe(200);
    expect(during.body.in_flight).toEqual({ limit: 4, current: 1 });
    const b = expectEvalOk(await running, 'loop');
    expect(b.status).toBe('timeout');
    const after = await request(S, '/v1/limits', { headers: auth(K.inflight!) });
    expect(after.body.in_flight.current).toBe(0);
  });

  it('cpu.used_ms grows by max(1, ceil(cpu_ms)) per evaluation; remaining_ms = quota − used', async () => {
    const l0 = (await request(S, '/v1/limits', { headers: auth(K.cpu!) })).body;
    const a = expectEvalOk(await evalReq(S, K.cpu!, { source: '(+ 1 2)' }), 'cheap');
    const b = expectEvalOk(await evalReq(S, K.cpu!, { source: '(let loop ((i 0)) (if (< i 300000) (loop (+ i 1)) i))' }), 'busy');
    expect(b.results[0].value).toBe('300000');
    expect(b.stats.cpu_ms).toBeGreaterThan(0);
    const l1 = (await request(S, '/v1/limits', { headers: auth(K.cpu!) })).body;
    const billed = Math.max(1, Math.ceil(a.stats.cpu_ms)) + Math.max(1, Math.ceil(b.stats.cpu_ms));
    expect(l1.cpu.used_ms - l0.cpu.used_ms).toBe(billed);
    expect(l1.cpu.remaining_ms).toBe(l1.cpu.quota_ms - l1.cpu.used_ms);
  });
});

// ---------------------------------------------------------------------------------------------
describe('POST /v1/eval: 429 too_many_in_flight and cpu_quota_exceeded', () => {
  it('5 concurrent infinite loops of one account → 4 × 200 timeout + 1 × 429 too_many_in_flight', async () => {
    const t0 = Date.now();
    const all = Promise.all(Array.from({ length: 5 }, () => evalReq(S, K.inflight!, { source: '(let loop () (loop))', timeout_ms: 500 })));
    // Default --slots is max(4, CPUs): on a machine with ≤ 4 CPUs the 4 loops take every slot.
    let busyProbe: Promise<Res> | null = null;
    if (availableParallelism() <= 4) {
      await sleep(200);
      busyProbe = evalReq(S, K.main!, { source: '(+ 1 2)' });
      expectError(await busyProbe, 503, 'busy', 'default slots');
    }
    const rs = await all;
    const ok = rs.filter((r) => r.status === 200);
    const refused = rs.filter((r) => r.status !== 200);
    expect(ok.length, rs.map((r) => `${r.status} ${r.text.slice(0, 80)}`).join('\n')).toBe(4);
    expect(refused.length).toBe(1);
    expectError(refused[0]!, 429, 'too_many_in_flight', '5th');
    for (const r of ok) {
      const b = expectEvalOk(r, 'loop');
      expect(b.status).toBe('timeout');
      expect(b.error.type).toBe('timeout');
    }
    expect(Date.now() - t0).toBeLessThan(5000);
    if (busyProbe) expect((await busyProbe).status, 'another account while the 4 default slots spin').toBe(503);
    // Released afterwards.
    expectEvalOk(await evalReq(S, K.inflight!, { source: '1' }), 'after');
  });

  it('the in-flight limit is per account: 3 loops on one key + 2 on another key of the same account → one 429; CPU shared', async () => {
    const second = await createKey(S.data, 'acct-inflight');
    const keys = [K.inflight!, K.inflight!, K.inflight!, second, second];
    const rs = await Promise.all(keys.map((k) => evalReq(S, k, { source: '(let loop () (loop))', timeout_ms: 400 })));
    expect(rs.filter((r) => r.status === 200).length, rs.map((r) => r.status).join(',')).toBe(4);
    const refused = rs.filter((r) => r.status !== 200);
    expect(refused.length).toBe(1);
    expectError(refused[0]!, 429, 'too_many_in_flight', 'per account');
    const [a, b] = await Promise.all([K.inflight!, second].map((k) => request(S, '/v1/limits', { headers: auth(k) })));
    expect(a!.body.cpu.used_ms).toBe(b!.body.cpu.used_ms);
    expect(a!.body.cpu.used_ms).toBeGreaterThan(0);
  });

  it('cpu quota of 1 ms: first eval runs and bills ≥ 1 ms, the next → 429 cpu_quota_exceeded until next month', async () => {
    const first = expectEvalOk(await evalReq(S, K.quota!, { source: '(+ 1 2)' }), 'first');
    expect(first.status).toBe('ok');
    const r = await evalReq(S, K.quota!, { source: '(+ 1 2)' });
    expectError(r, 429, 'cpu_quota_exceeded', 'second');
    const d = new Date();
    const toMonth = (Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - d.getTime()) / 1000;
    expect(Math.abs(Number(r.headers['retry-after']) - toMonth)).toBeLessThanOrEqual(5);
    const l = await request(S, '/v1/limits', { headers: auth(K.quota!) });
    expect(l.status).toBe(200);
    expect(l.body.cpu.quota_ms).toBe(1);
    expect(l.body.cpu.used_ms).toBeGreaterThanOrEqual(1);
    expect(l.body.cpu.remaining_ms).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
describe('evaluation outcomes through HTTP', () => {
  // Each key has 60/minute; spread the outcome tests over three keys.
  let n = 0;
  const ev = (source: string, extra: Record<string, unknown> = {}) =>
    evalReq(S, [K.out1!, K.out2!, K.out3!][n++ % 3]!, { source, ...extra });

  it('ok: results with index/line/col/value/value_truncated/json for each form', async () => {
    const src = "(define x 2)\n(+ x 1)\n  \"hi\"\n'(1 2 3)\n'sym #t #\\a 1/3 1.5 '(1 . 2) car (vector 1 \"a\") (list)";
    const b = expectEvalOk(await ev(src), 'ok');
    expect(b.status).toBe('ok');
    expect(b.error).toBeNull();
    expect(b.stdout).toBe('');
    expect(b.stdout_truncated).toBe(false);
    const rows = b.results.map((r: any) => [r.index, r.line, r.col, r.value, r.json, r.value_truncated]);
    expect(rows).toEqual([
      [0, 1, 1, null, null, false],
      [1, 2, 1, '3', 3, false],
      [2, 3, 3, '"hi"', 'hi', false],
      [3, 4, 1, '(1 2 3)', [1, 2, 3], false],
      [4, 5, 1, 'sym', 'sym', false],
      [5, 5, 6, '#t', true, false],
      [6, 5, 9, '#\\a', 'a', false],
      [7, 5, 13, '1/3', 1 / 3, false],
      [8, 5, 17, '1.5', 1.5, false],
      [9, 5, 21, '(1 . 2)', null, false],
      [10, 5, 30, '#<procedure car>', null, false],
      [11, 5, 34, '#(1 "a")', [1, 'a'], false],
      [12, 5, 49, '()', [], false],
    ]);
  });

  it('bignum: json carries every digit in the raw body text', async () => {
    const r = await ev('(expt 2 100)');
    const b = expectEvalOk(r, 'bignum');
    expect(b.results[0].value).toBe('1267650600228229401496703205376');
    expect(r.text).toMatch(/"json"\s*:\s*1267650600228229401496703205376\b/);
    const neg = await ev('(- (expt 10 30))');
    expect(neg.text).toMatch(/"json"\s*:\s*-1000000000000000000000000000000\b/);
  });

  it('runtime errors: status error, error type + index/line/col; earlier results kept', async () => {
    const cases: [string, string, number, number][] = [
      ['(define a 1)\n(car 5)', 'wrong_type', 1, 2],
      ['(define a 1)\n  nope-undefined', 'unbound_variable', 1, 2],
      ['1\n(car 1 2)', 'arity_mismatch', 1, 2],
      ['1\n(5 3)', 'not_a_procedure', 1, 2],
      ['1\n(/ 1 0)', 'division_by_zero', 1, 2],
    ];
    for (const [src, type, index, line] of cases) {
      const b = expectEvalOk(await ev(src), type);
      expect(b.status, src).toBe('error');
      expect(b.error.type, src).toBe(type);
      expect(b.error.index, src).toBe(index);
      expect(b.error.line, src).toBe(line);
      expect(Number.isInteger(b.error.col) && b.error.col >= 1, src).toBe(true);
      expect(b.results.length, src).toBe(1);
      expect(b.results[0].index).toBe(0);
    }
  });

  it('syntax_error anywhere: nothing runs (no stdout, no results), line/col of the fault', async () => {
    const b = expectEvalOk(await ev('(display "ran")\n(+ 1 2)\n(+ 1'), 'syntax');
    expect(b.status).toBe('error');
    expect(b.error.type).toBe('syntax_error');
    expect(b.results).toEqual([]);
    expect(b.stdout).toBe('');
    expect(b.error.index).toBe(2);
    expect(Number.isInteger(b.error.line)).toBe(true);
    expect(Number.isInteger(b.error.col)).toBe(true);
    const c = expectEvalOk(await ev('(display "ran")\n)'), 'stray paren');
    expect(c.error.type).toBe('syntax_error');
    expect(c.error.line).toBe(2);
    expect(c.error.col).toBe(1);
    expect(c.stdout).toBe('');
  });

  it('timeout: status timeout, error.type timeout, steps/memory_bytes measured', async () => {
    const b = expectEvalOk(await ev('(display "a")\n(let loop () (loop))', { timeout_ms: 300 }), 'timeout');
    expect(b.status).toBe('timeout');
    expect(b.error.type).toBe('timeout');
    expect(b.error.index).toBe(1);
    expect(Number.isInteger(b.stats.steps) && b.stats.steps > 0).toBe(true);
    expect(Number.isInteger(b.stats.memory_bytes)).toBe(true);
    expect(b.stats.wall_ms).toBeGreaterThanOrEqual(250);
    expect(b.stats.wall_ms).toBeLessThan(2000);
    expect(b.stdout).toBe('a');
  });

  it('default timeout_ms is 1000', async () => {
    const b = expectEvalOk(await ev('(let loop () (loop))'), 'default timeout');
    expect(b.status).toBe('timeout');
    expect(b.stats.wall_ms).toBeGreaterThanOrEqual(900);
    expect(b.stats.wall_ms).toBeLessThan(2000);
  });

  it('empty source and comments only → ok with no results', async () => {
    for (const src of ['', '   \n\t', '; just a comment\n#| block |#']) {
      const b = expectEvalOk(await ev(src), JSON.stringify(src));
      expect(b.status).toBe('ok');
      expect(b.results).toEqual([]);
      expect(b.error).toBeNull();
    }
  });

  it('limits: memory_limit and integer_too_large → limit_exceeded', async () => {
    const m = expectEvalOk(await ev('(make-vector 1000000000 0)', { timeout_ms: 5000 }), 'memory');
    expect(m.status).toBe('limit_exceeded');
    expect(m.error.type).toBe('memory_limit');
    const m2 = expectEvalOk(await ev('(define (grow l) (grow (cons (make-vector 100 0) l)))\n(grow \'())', { timeout_ms: 5000 }), 'memory loop');
    expect(m2.status).toBe('limit_exceeded');
    expect(m2.error.type).toBe('memory_limit');
    expect(m2.stats.wall_ms, 'a memory bomb ends well within the timeout').toBeLessThan(4000);
    const i = expectEvalOk(await ev('(expt 10 100000)'), 'integer');
    expect(i.status).toBe('limit_exceeded');
    expect(i.error.type).toBe('integer_too_large');
  });

  it('many large results: the response stays bounded (values cut past the total budget); service keeps serving', async () => {
    const src = '(make-string 65000 #\\a)'.repeat(2700); // ~62 KB of source, ~175 MB of values if printed whole
    const r = await evalReq(S, K.hostile!, { source: src, timeout_ms: 5000 });
    const b = expectEvalOk(r, 'many large results');
    expect(b.status).toBe('ok');
    expect(b.results).toHaveLength(2700);
    const printed = b.results.reduce((n: number, x: any) => n + (x.value?.length ?? 0), 0);
    expect(printed).toBeLessThanOrEqual(1024 * 1024);
    expect(b.results.at(-1).value_truncated).toBe(true);
    expect(b.results.at(-1).json).toBeNull();
    expect(b.stats.steps === null, 'steps and memory_bytes are null together (killed) or measured together').toBe(b.stats.memory_bytes === null);
    const after = expectEvalOk(await evalReq(S, K.hostile!, { source: '(+ 1 2)' }), 'after');
    expect(after.results[0].value).toBe('3');
  });

  it('stdout, and stdout_truncated when the output is cut (≤ 1 MiB)', async () => {
    const b = expectEvalOk(await ev('(display "hello") (newline) (write "q") (display 42)'), 'stdout');
    expect(b.stdout).toBe('hello\n"q"42');
    expect(b.stdout_truncated).toBe(false);
    expect(b.results.every((r: any) => r.value === null && r.json === null)).toBe(true);
    const t = expectEvalOk(await ev('(let loop ((i 0)) (if (< i 200000) (begin (display "0123456789") (loop (+ i 1)))))', { timeout_ms: 5000 }), 'big stdout');
    expect(t.status).toBe('ok');
    expect(t.stdout_truncated).toBe(true);
    expect(Buffer.byteLength(t.stdout)).toBeLessThanOrEqual(1 << 20);
    expect(t.stdout.length).toBeGreaterThan(0);
    expect('0123456789'.repeat(200_000).startsWith(t.stdout)).toBe(true);
  });

  it('unspecified values: value null, json null', async () => {
    const b = expectEvalOk(await ev('(define z 1) (set! z 2) (if #f #f) (display "") (vector-fill! (make-vector 2) 0)'), 'unspecified');
    expect(b.results.length).toBe(5);
    for (const r of b.results) {
      expect(r.value).toBeNull();
      expect(r.json).toBeNull();
    }
  });

  it('user_error from (error "x" 1); raise of a non-condition', async () => {
    const u = expectEvalOk(await ev('(error "x" 1)'), 'error');
    expect(u.status).toBe('error');
    expect(u.error.type).toBe('user_error');
    expect(u.error.message).toContain('x');
    expect(u.error.message).toContain('1');
    expect([u.error.index, u.error.line, u.error.col]).toEqual([0, 1, 1]);
    const r = expectEvalOk(await ev("1\n(raise 'boom)"), 'raise');
    expect(r.status).toBe('error');
    expect(r.error.type).toBe('user_error');
    expect(r.error.message).toContain('boom');
    expect(r.error.index).toBe(1);
    const g = expectEvalOk(await ev('(guard (e (#t (list "caught" e))) (raise 42))'), 'guard');
    expect(g.status).toBe('ok');
    expect(g.results[0].json).toEqual(['caught', 42]);
  });

  it('stats: wall_ms, cpu_ms numbers ≥ 0, steps and memory_bytes integers', async () => {
    const b = expectEvalOk(await ev('(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))\n(fib 18)'), 'stats');
    expect(b.results[1].value).toBe('2584');
    expect(b.stats.cpu_ms).toBeGreaterThanOrEqual(0);
    expect(b.stats.wall_ms).toBeGreaterThanOrEqual(0);
    const tiny = expectEvalOk(await ev('(+ 1 2)'), 'tiny');
    expect(tiny.stats.cpu_ms, 'cpu_ms is the evaluation\'s own CPU, not the process\'s').toBeLessThan(50);
    expect(Number.isInteger(b.stats.steps) && b.stats.steps > 1000).toBe(true);
    expect(Number.isInteger(b.stats.memory_bytes)).toBe(true);
  });

  it('value_truncated for a huge printed value (the cut size is not shown)', async () => {
    const b = expectEvalOk(await ev('(make-string 200000 #\\a)'), 'trunc');
    expect(b.results[0].value_truncated).toBe(true);
    expect(typeof b.results[0].value).toBe('string');
    expect(b.results[0].value.length).toBeLessThan(200_002);
    const s = expectEvalOk(await ev('(make-string 10 #\\a)'), 'short');
    expect(s.results[0].value_truncated).toBe(false);
  });

  it('unicode: emoji in strings, string-length counts code points, stdout UTF-8', async () => {
    const b = expectEvalOk(await ev('(string-length "a😀b")\n"λ😀"\n(display "héllo 😀")\n(string->list "😀é")\n(string-length "€€€")'), 'unicode');
    expect(b.results.map((r: any) => r.value)).toEqual(['3', '"λ😀"', null, '(#\\😀 #\\é)', '3']);
    expect(b.results[1].json).toBe('λ😀');
    expect(b.results[3].json).toEqual(['😀', 'é']);
    expect(b.stdout).toBe('héllo 😀');
  });

  it('values: write form and json copy per evaluator-decisions.md', async () => {
    const src = [
      '1.0', '0.1', '(/ 1. 0)', '(/ -1. 0)', '(/ 0. 0.)', '-0.0', '(bytevector 1 2 255)', '"a\\"b\\\\c\\n"',
      "(let ((x (list 1 2))) (list x x))", '(define-record-type point (make-point x y) point? (x px) (y py)) (make-point 1 2)',
      '(lambda (x) x)', "'(a (b #t) #(1 2))", '#\\space', "'|hello world|", '(exact->inexact 1/3)',
    ].join('\n');
    const r = await ev(src);
    const b = expectEvalOk(r, 'values');
    expect(b.status).toBe('ok');
    const v = b.results.map((x: any) => x.value);
    const j = b.results.map((x: any) => x.json);
    expect(v.slice(0, 8)).toEqual(['1.0', '0.1', '+inf.0', '-inf.0', '+nan.0', '-0.0', '#u8(1 2 255)', '"a\\"b\\\\c\\n"']);
    expect(j.slice(0, 8)).toEqual([1, 0.1, null, null, null, -0, [1, 2, 255], 'a"b\\c\n']);
    expect(v[8]).toBe('((1 2) (1 2))'); // shared but acyclic: no labels
    expect(j[8]).toEqual([[1, 2], [1, 2]]);
    expect(v[9]).toBeNull(); // define-record-type
    expect(typeof v[10]).toBe('string');
    expect(j[10]).toBeNull(); // record
    expect(v[11]).toMatch(/^#<procedure/);
    expect(j[11]).toBeNull();
    expect(j[12]).toEqual(['a', ['b', true], [1, 2]]);
    expect([v[13], j[13]]).toEqual(['#\\space', ' ']);
    expect([v[14], j[14]]).toEqual(['|hello world|', 'hello world']);
    expect(j[15]).toBe(1 / 3);
    // inexact 1.0 keeps its decimal point in the raw JSON text
    expect(r.text).toMatch(/"value":"1\.0","value_truncated":false,"json":1\.0[,}]/);
  });

  it('circular structure prints with datum labels; json null', async () => {
    const b = expectEvalOk(await ev("(define l (list 1 2))\n(set-cdr! (cdr l) l)\nl"), 'cycle');
    expect(b.results[2].value).toBe('#0=(1 2 . #0#)');
    expect(b.results[2].json).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
describe('hostile input', () => {
  it('huge headers → 431 with the Error body (no crash)', async () => {
    const r = await rawExchange(S.port, [`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`], { maxMs: 5000 });
    const p = parseRaw(r.data);
    expect(p, r.data.slice(0, 200)).not.toBeNull();
    expect(p!.status).toBe(431);
    expect(p!.headers['content-type']).toMatch(/^application\/json/);
    expect(p!.body?.error?.type).toBe('request_too_large');
    expect(p!.body.request_id).toBe(p!.headers['x-request-id']);
    expect((await request(S, '/v1/health')).status).toBe(200);
  });

  it('unparsable request line → 400 JSON Error body, server keeps serving', async () => {
    const r = await rawExchange(S.port, ['GARBAGE\r\n\r\n'], { maxMs: 5000 });
    const p = parseRaw(r.data);
    expect(p, r.data.slice(0, 200)).not.toBeNull();
    expect(p!.status).toBe(400);
    expect(p!.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof p!.body?.error?.type).toBe('string');
    expect((await request(S, '/v1/health')).status).toBe(200);
  });

  it('many parallel clients while slowloris connections are open are all served', async () => {
    const t0 = Date.now();
    const rs = await Promise.all(Array.from({ length: 20 }, () => request(S, '/v1/health')));
    expect(rs.every((r) => r.status === 200)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(3000);
    const e = expectEvalOk(await evalReq(S, K.hostile!, { source: '(+ 40 2)' }), 'eval during slowloris');
    expect(e.results[0].value).toBe('42');
  });

  it('slowloris (headers trickled) is closed by the server (408 or close) within ~15 s', async () => {
    const r = await slowHeaders;
    expect(r.closed, `still open after ${r.elapsedMs} ms`).toBe(true);
    expect(r.elapsedMs).toBeLessThan(20_000);
    const p = parseRaw(r.data);
    if (p) {
      expect(p.status).toBe(408);
      expect(p.headers['content-type']).toMatch(/^application\/json/);
    }
  }, 30_000);

  it('a body that never arrives is closed (408) within ~15 s', async () => {
    const r = await slowBody;
    expect(r.closed, `still open after ${r.elapsedMs} ms`).toBe(true);
    expect(r.elapsedMs).toBeLessThan(20_000);
    const p = parseRaw(r.data);
    if (p) {
      expect(p.status).toBe(408);
      expect(p.headers['content-type']).toMatch(/^application\/json/);
    }
  }, 30_000);

  it('request ids were unique across the whole run', () => {
    expect(seenIds.size).toBeGreaterThan(100);
  });
});
