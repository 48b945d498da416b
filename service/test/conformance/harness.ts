/**
 * Black-box harness for the conformance suite: runs the BUILT `evaluator` executable as a real
 * process (`node service/bin/evaluator.js serve …`, which loads service/dist) and talks to it over
 * plain HTTP / TCP only. Build first: `npx tsc -b service` (these tests never import src/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as http from 'node:http';
import * as net from 'node:net';
import { expect } from 'vitest';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/evaluator.js', import.meta.url));
export const SITE_ORIGIN = 'http://site.test';

export function tmpData(): string {
  return mkdtempSync(join(tmpdir(), 'evalconf-'));
}

export function rmData(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    /* ignore */
  }
}

/** A free TCP port on 127.0.0.1 (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Server {
  child: ChildProcess;
  port: number;
  url: string;
  data: string;
  stderr(): string;
  /** Resolves with the exit code (or signal name) once the process exits. */
  exited: Promise<number | string | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | string | null>;
}

export async function startServer(opts: { data?: string; slots?: number; extra?: string[]; viaEnv?: boolean } = {}): Promise<Server> {
  const data = opts.data ?? tmpData();
  const port = await freePort();
  let args = [BIN, 'serve', '--port', String(port), '--data', data, '--site-origin', SITE_ORIGIN, '--quiet'];
  if (opts.slots !== undefined) args.push('--slots', String(opts.slots));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['PORT', 'HOST', 'DATA_DIR', 'SITE_ORIGIN', 'EVAL_SLOTS', 'DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY']) delete env[k];
  if (opts.viaEnv) {
    // The same configuration through the environment variables only (evaluator-decisions.md).
    args = [BIN, 'serve', '--quiet'];
    Object.assign(env, { PORT: String(port), DATA_DIR: data, SITE_ORIGIN });
    if (opts.slots !== undefined) env.EVAL_SLOTS = String(opts.slots);
  }
  if (opts.extra) args.push(...opts.extra);
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise<number | string | null>((r) => child.once('exit', (code, sig) => r(code ?? sig)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 20 s; stderr:\n${err}`));
    }, 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening; stderr:\n${err}`));
    });
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      if (/listening on/.test(err)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    data,
    stderr: () => err,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs the executable to completion. */
export function runBin(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `keys create`; returns the key printed alone on the last line of stdout. */
export async function createKey(data: string, account: string, opts: { plan?: string; cpuQuotaMs?: number } = {}): Promise<string> {
  const args = ['keys', 'create', '--data', data, '--account', account];
  if (opts.plan) args.push('--plan', opts.plan);
  if (opts.cpuQuotaMs !== undefined) args.push('--cpu-quota-ms', String(opts.cpuQuotaMs));
  const r = await runBin(args);
  if (r.code !== 0) throw new Error(`keys create failed (${r.code}): ${r.stderr}`);
  const key = r.stdout.trim().split('\n').pop()!.trim();
  if (!/^sk_[A-Za-z0-9]{32,}$/.test(key)) throw new Error(`unexpected key line: ${key}`);
  return key;
}

export async function revokeKey(data: string, key: string): Promise<void> {
  const r = await runBin(['keys', 'revoke', '--data', data, key]);
  if (r.code !== 0) throw new Error(`keys revoke failed (${r.code}): ${r.stderr}`);
}

export interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface ReqOpts {
  method?: string;
  headers?: Record<string, string | number>;
  /** Object → JSON text; string/Buffer sent as is. */
  body?: unknown;
  /** Local (client) address, e.g. 127.0.0.2, so the demo sees another peer IP. */
  localAddress?: string;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
}

/** One request on a fresh connection via node:http. */
export function request(srv: { port: number }, path: string, opts: ReqOpts = {}): Promise<Res> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  let payload: Buffer | undefined;
  if (opts.body !== undefined) {
    payload = Buffer.isBuffer(opts.body)
      ? opts.body
      : typeof opts.body === 'string'
        ? Buffer.from(opts.body, 'utf8')
        : Buffer.from(JSON.stringify(opts.body), 'utf8');
  }
  const headers: Record<string, string | number> = { ...(opts.headers ?? {}) };
  if (payload && !opts.chunked && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
    headers['Content-Length'] = payload.length;
  }
  if (payload && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    let responded = false;
    const req = http.request(
      { host: '127.0.0.1', port: srv.port, path, method, headers, agent: false, localAddress: opts.localAddress },
      (res) => {
        responded = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text.length ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode!, headers: res.headers, text, body });
        });
        res.on('error', reject);
      },
    );
    // An early refusal (413 on Content-Length) closes the connection while a large body is
    // still being written: the write fails with EPIPE/ECONNRESET after the answer arrived.
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (responded && (e.code === 'EPIPE' || e.code === 'ECONNRESET')) return;
      reject(e);
    });
    const send = () => {
      if (responded) return; // refused on the headers alone: the body is never wanted
      if (payload) {
        if (opts.chunked) {
          // Several chunks so the body really streams.
          const step = 64 * 1024;
          for (let i = 0; i < payload.length; i += step) req.write(payload.subarray(i, i + step));
        } else req.write(payload);
      }
      req.end();
    };
    // A large fixed-length body waits for an early answer before it is written, so the
    // server's refusal is read rather than raced by the write.
    if (payload && !opts.chunked && payload.length > 64 * 1024) {
      req.flushHeaders();
      setTimeout(send, 300);
    } else send();
  });
}

export const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

export function evalReq(srv: { port: number }, key: string | null, body: unknown, extra: ReqOpts = {}): Promise<Res> {
  return request(srv, '/v1/eval', { ...extra, method: 'POST', body, headers: { ...(key ? auth(key) : {}), ...(extra.headers ?? {}) } });
}

export function demoReq(srv: { port: number }, body: unknown, extra: ReqOpts & { origin?: string | null } = {}): Promise<Res> {
  const origin = extra.origin === undefined ? SITE_ORIGIN : extra.origin;
  return request(srv, '/v1/demo', {
    ...extra,
    method: 'POST',
    body,
    headers: { ...(origin === null ? {} : { Origin: origin }), ...(extra.headers ?? {}) },
  });
}

/** Raw TCP: writes `parts` (with `gapMs` between them) and collects everything until the peer closes or `maxMs`. */
export function rawExchange(
  port: number,
  parts: (string | Buffer)[],
  opts: { gapMs?: number; maxMs?: number } = {},
): Promise<{ data: string; closed: boolean; elapsedMs: number }> {
  return new Promise((resolve) => {
    const start = Date.now();
    const sock = net.connect(port, '127.0.0.1');
    let data = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      resolve({ data, closed, elapsedMs: Date.now() - start });
    };
    const timer = setTimeout(() => finish(false), opts.maxMs ?? 5000);
    sock.on('data', (d: Buffer) => (data += d.toString('utf8')));
    sock.on('close', () => finish(true));
    sock.on('error', () => finish(true));
    sock.on('connect', async () => {
      for (const p of parts) {
        if (done || sock.destroyed) return;
        sock.write(p);
        if (opts.gapMs) await sleep(opts.gapMs);
      }
    });
  });
}

/** Parses the first HTTP response in `raw`. */
export function parseRaw(raw: string): { status: number; headers: Record<string, string>; body: any } | null {
  const m = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n/.exec(raw);
  if (!m) return null;
  const end = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw.slice(m[0].length, end).split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let bodyText = raw.slice(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    let out = '';
    let rest = bodyText;
    for (;;) {
      const nl = rest.indexOf('\r\n');
      if (nl < 0) break;
      const n = parseInt(rest.slice(0, nl), 16);
      if (!n) break;
      out += rest.slice(nl + 2, nl + 2 + n);
      rest = rest.slice(nl + 2 + n + 2);
    }
    bodyText = out;
  } else if (headers['content-length']) bodyText = bodyText.slice(0, Number(headers['content-length']));
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  return { status: Number(m[1]), headers, body };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** ms until the next UTC minute starts (the server runs on this machine's clock). */
export const msToNextMinute = () => 60_000 - (Date.now() % 60_000);

/** If fewer than `needMs` remain in the current UTC minute, waits for the next one. */
export async function ensureMinuteRoom(needMs: number): Promise<void> {
  const left = msToNextMinute();
  if (left < needMs) await sleep(left + 250);
}

// ---------------------------------------------------------------------------------------------
// Shape assertions (the contract's tables)

/** Every request id seen anywhere in the suite; ids must be unique. */
export const seenIds = new Map<string, string>();

const isInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
const isIntHeader = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v);

function keys(o: object): string[] {
  return Object.keys(o).sort();
}

/** Content-Type, X-Request-Id == body.request_id, uniqueness. */
export function commonHeaders(res: Res, where = ''): void {
  expect(res.headers['content-type'], `content-type ${where}`).toMatch(/^application\/json(\s*;\s*charset=utf-8)?$/i);
  const xid = res.headers['x-request-id'];
  expect(typeof xid, `X-Request-Id ${where}`).toBe('string');
  if (res.body && typeof res.body === 'object' && 'request_id' in res.body && res.body.request_id !== null) {
    expect(res.body.request_id, `request_id == X-Request-Id ${where}`).toBe(xid);
  }
  const prev = seenIds.get(xid as string);
  expect(prev, `request id ${xid} reused (first at ${prev})`).toBeUndefined();
  seenIds.set(xid as string, where || 'somewhere');
}

/** A non-200 answer: the Error body, exactly. */
export function expectError(res: Res, status: number, type: string, where = ''): void {
  const tag = `${where} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, tag).toBe(status);
  commonHeaders(res, tag);
  expect(res.body, tag).toBeTypeOf('object');
  expect(keys(res.body), tag).toEqual(['error', 'request_id']);
  expect(res.body.error.type, tag).toBe(type);
  expect(typeof res.body.error.message, tag).toBe('string');
  expect(res.body.error.message.length, tag).toBeGreaterThan(0);
  expect(keys(res.body.error).filter((k) => k !== 'type' && k !== 'message'), tag).toEqual([]);
  expect(typeof res.body.request_id === 'string' || res.body.request_id === null, tag).toBe(true);
  if (status === 429) {
    expect(isIntHeader(res.headers['retry-after']), `Retry-After integer on 429 ${tag}`).toBe(true);
  }
}

function expectEvalError(e: any, tag: string): void {
  expect(keys(e), tag).toEqual(['col', 'index', 'line', 'message', 'type']);
  expect(typeof e.type, tag).toBe('string');
  expect(typeof e.message, tag).toBe('string');
  for (const k of ['index', 'line', 'col']) expect(e[k] === null || isInt(e[k]), `${tag} error.${k}`).toBe(true);
}

const ERROR_TYPES = [
  'syntax_error', 'unbound_variable', 'wrong_type', 'arity_mismatch', 'not_a_procedure', 'division_by_zero',
  'arithmetic_error', 'user_error', 'timeout', 'step_limit', 'memory_limit', 'integer_too_large', 'too_complex',
  'source_too_large', 'internal_error',
];

/** EvalResponse body, exactly as the contract's tables fix it. */
export function expectEvalResponse(res: Res, where = ''): any {
  const tag = `${where} → ${res.status} ${res.text.slice(0, 400)}`;
  expect(res.status, tag).toBe(200);
  commonHeaders(res, tag);
  const b = res.body;
  expect(keys(b), tag).toEqual(['error', 'request_id', 'results', 'stats', 'status', 'stdout', 'stdout_truncated']);
  expect(['ok', 'error', 'timeout', 'limit_exceeded'], tag).toContain(b.status);
  expect(Array.isArray(b.results), tag).toBe(true);
  for (const r of b.results) {
    expect(keys(r), tag).toEqual(['col', 'index', 'json', 'line', 'value', 'value_truncated']);
    expect(isInt(r.index) && isInt(r.line) && isInt(r.col), tag).toBe(true);
    expect(r.line >= 1 && r.col >= 1 && r.index >= 0, `1-based line/col ${tag}`).toBe(true);
    expect(r.value === null || typeof r.value === 'string', tag).toBe(true);
    expect(typeof r.value_truncated, tag).toBe('boolean');
    expect('json' in r, tag).toBe(true);
  }
  expect(typeof b.stdout, tag).toBe('string');
  expect(typeof b.stdout_truncated, tag).toBe('boolean');
  expect(keys(b.stats), tag).toEqual(['cpu_ms', 'memory_bytes', 'steps', 'wall_ms']);
  expect(typeof b.stats.wall_ms === 'number' && b.stats.wall_ms >= 0, tag).toBe(true);
  expect(typeof b.stats.cpu_ms === 'number' && b.stats.cpu_ms >= 0, tag).toBe(true);
  expect(b.stats.steps === null || (isInt(b.stats.steps) && b.stats.steps >= 0), tag).toBe(true);
  expect(b.stats.memory_bytes === null || (isInt(b.stats.memory_bytes) && b.stats.memory_bytes >= 0), tag).toBe(true);
  if (b.status === 'ok') expect(b.error, tag).toBeNull();
  else {
    expect(b.error, tag).not.toBeNull();
    expectEvalError(b.error, tag);
    expect(ERROR_TYPES, tag).toContain(b.error.type);
    // decisions: timeout → timeout; step/memory/integer/complex → limit_exceeded; else error
    const want = b.error.type === 'timeout' ? 'timeout'
      : ['step_limit', 'memory_limit', 'integer_too_large', 'too_complex'].includes(b.error.type) ? 'limit_exceeded' : 'error';
    expect(b.status, `status for ${b.error.type} ${tag}`).toBe(want);
  }
  expect(typeof b.request_id, tag).toBe('string');
  return b;
}

/** RateLimit-* on a 200 of /v1/eval; returns them as numbers. */
export function rateHeaders(res: Res): { limit: number; remaining: number; reset: number } {
  for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    expect(isIntHeader(res.headers[h]), `${h} integer: ${res.headers[h]}`).toBe(true);
  }
  return {
    limit: Number(res.headers['ratelimit-limit']),
    remaining: Number(res.headers['ratelimit-remaining']),
    reset: Number(res.headers['ratelimit-reset']),
  };
}

/** An eval 200 with RateLimit headers. */
export function expectEvalOk(res: Res, where = ''): any {
  const b = expectEvalResponse(res, where);
  rateHeaders(res);
  return b;
}
