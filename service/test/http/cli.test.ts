/** `evaluator serve` and `evaluator keys` as processes, from the built executable. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT, BIN, run, serve, type Served } from './process-helpers.js';

describe.skipIf(!BUILT)('evaluator keys / serve (built)', () => {
  let data: string;
  let srv: Served;
  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), 'evaluator-cli-'));
    srv = await serve([process.execPath, BIN, 'serve', '--port', '0', '--data', data, '--slots', '1', '--site-origin', 'https://site.example/']);
  });
  afterAll(async () => {
    expect(await srv.stop()).toBe(0);
    rmSync(data, { recursive: true, force: true });
  });

  it('prints the listening line on stderr and one JSON log line per request on stdout', async () => {
    expect(srv.stderr()).toMatch(/^evaluator listening on http:\/\/127\.0\.0\.1:\d+$/m);
    await fetch(`${srv.url}/v1/health`);
    await new Promise((r) => setTimeout(r, 300));
    const line = srv.stdout().trim().split('\n').map((l) => JSON.parse(l)).find((l) => l.route === 'GET /v1/health');
    expect(line).toMatchObject({ method: 'GET', status: 200, request_id: expect.stringMatching(/^req_/) });
    expect(typeof line.duration_ms).toBe('number');
  });

  it('keys create prints the key alone on the last line; it works; list never shows it; revoke is effective at once', async () => {
    const created = await run(['keys', 'create', '--account', 'cli-acct', '--cpu-quota-ms', '99999', '--data', data]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim().split('\n').pop()!;
    expect(key).toMatch(/^sk_[A-Za-z0-9]{32,}$/);

    const ok = await fetch(`${srv.url}/v1/eval`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: '{"source":"(+ 1 2)"}' });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.status).toBe('ok');
    expect(body.results[0].value).toBe('3');

    const limits = await (await fetch(`${srv.url}/v1/limits`, { headers: { Authorization: `Bearer ${key}` } })).json();
    expect(limits.cpu.quota_ms).toBe(99999);

    const list = await run(['keys', 'list', '--data', data]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('cli-acct');
    expect(list.stdout).not.toContain(key);
    expect(list.stdout).not.toContain(key.slice(3, 20));

    const revoked = await run(['keys', 'revoke', key, '--data', data]);
    expect(revoked.code).toBe(0);
    const after = await fetch(`${srv.url}/v1/eval`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: '{"source":"1"}' });
    expect(after.status).toBe(401);
    expect((await run(['keys', 'revoke', key, '--data', data])).code).toBe(1);
  });

  it('the demo accepts the configured origin (normalised) and refuses others', async () => {
    const post = (origin: string) => fetch(`${srv.url}/v1/demo`, { method: 'POST', headers: { Origin: origin }, body: '{"source":"(* 6 7)"}' });
    const ok = await post('https://site.example');
    expect(ok.status).toBe(200);
    expect((await ok.json()).results[0].value).toBe('42');
    expect((await post('https://other.example')).status).toBe(403);
  });

  it.each([
    [['serve', '--port', 'abc']],
    [['serve', '--slots', '0']],
    [['serve', '--bogus']],
    [['serve', '--site-origin', 'not a url']],
    [['keys']],
    [['keys', 'frob']],
    [['keys', 'create']],
    [['keys', 'revoke']],
    [['keys', 'create', '--account', 'x', '--cpu-quota-ms', '-5']],
  ])('usage error %j exits 64 with a message', async (args) => {
    const r = await run([...args, '--data', data]);
    expect(r.code).toBe(64);
    expect(r.stderr.length).toBeGreaterThan(0);
  });
});
