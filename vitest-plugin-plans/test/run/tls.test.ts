/**
 * TLS flags against a local HTTPS server (HTTP/2 offered by ALPN) whose
 * certificate is made in the test with the openssl CLI.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { makeCerts, type TestCerts } from './certs.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

let certs: TestCerts;
let server: FixtureServer;
let mtls: FixtureServer;
let dir: string;
beforeAll(async () => {
  certs = makeCerts();
  server = await startFixtureServer({ tls: certs.pem });
  mtls = await startFixtureServer({ tls: { ...certs.pem, requestCert: true } });
  dir = mkdtempSync(join(tmpdir(), 'runner-tls-'));
  const plan = (url: string) => `tasks:
  - name: secure
    steps:
      - http: { url: "${url}/echo" }
        assert:
          - status == 200
          - proto == "HTTP/2.0"
          - duration.tls < 10s
      - http: { url: "${url}/echo" }
        assert:
          - proto == "HTTP/2.0"
          - duration.tls < 10s
`;
  writeFileSync(join(dir, 'plan.yaml'), plan(server.url));
  writeFileSync(join(dir, 'mtls.yaml'), plan(mtls.url).replace(/- proto == "HTTP\/2.0"\n {10}- duration.tls < 10s\n$/, '- status == 200\n'));
}, 60_000);
afterAll(async () => {
  await server.close();
  await mtls.close();
});

async function run(...argv: string[]) {
  const io = memoryIo(dir, {});
  const exit = await runCli(['run', '--jobs', '1', ...argv], io);
  return { exit, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe('TLS flags', () => {
  it('refuses an unknown CA: the step errors with the TLS reason', async () => {
    const r = await run('plan.yaml');
    expect(r.exit).toBe(1);
    expect(r.out).toMatch(/ERROR secure › step 1/);
    expect(r.out).toContain("error: self-signed certificate in certificate chain; trust the server's CA with --ca-cert <file> (or skip the check with --insecure-skip-verify)");
  });

  it('--ca-cert adds the CA; HTTP/2 is negotiated; a reused connection has tls n/a', async () => {
    const r = await run('--ca-cert', certs.caCert, 'plan.yaml');
    expect(r.out).toContain('FAIL secure › step 2 › assert #2');
    expect(r.out).toContain('duration.tls = n/a');
    expect(r.out).toContain('0 passed 1 failed');
  });

  it('--insecure-skip-verify skips verification', async () => {
    const r = await run('--insecure-skip-verify', '--only', 'secure', 'plan.yaml');
    expect(r.out).toContain('HTTP/2.0 200');
  });

  it('presents --client-cert and --client-key; warns on a key readable by others', async () => {
    chmodSync(certs.clientKey, 0o644);
    const r = await run('--ca-cert', certs.caCert, '--client-cert', certs.clientCert, '--client-key', certs.clientKey, 'mtls.yaml');
    expect(r.err).toBe(`warning: --client-key ${certs.clientKey} is readable by group or others (mode 0644); chmod 600 it`);
    expect(r.exit).toBe(0);
    chmodSync(certs.clientKey, 0o600);
    const quiet = await run('--ca-cert', certs.caCert, '--client-cert', certs.clientCert, '--client-key', certs.clientKey, 'mtls.yaml');
    expect(quiet).toMatchObject({ exit: 0, err: '' });
    const without = await run('--ca-cert', certs.caCert, 'mtls.yaml');
    expect(without.exit).toBe(1);
    expect(without.out).toContain('error: the server requires a client certificate (TLS alert 116 certificate required); pass --client-cert and --client-key');
  });
});
