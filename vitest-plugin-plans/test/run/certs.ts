/**
 * Test certificates made with the `openssl` CLI in a temp dir: a CA, a server
 * certificate for 127.0.0.1/localhost signed by it, and a client certificate.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCerts {
  dir: string;
  caCert: string;
  serverKey: string;
  serverCert: string;
  clientKey: string;
  clientCert: string;
  /** PEM text of each, for starting servers. */
  pem: { ca: string; key: string; cert: string };
}

const ssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** Make a CA, a server cert (SAN 127.0.0.1, localhost) and a client cert. */
export function makeCerts(): TestCerts {
  const dir = mkdtempSync(join(tmpdir(), 'runner-certs-'));
  ssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=runner test CA'], dir);
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  ssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1'], dir);
  ssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.ext'], dir);
  ssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'client.key', '-out', 'client.csr', '-subj', '/CN=runner client'], dir);
  ssl(['x509', '-req', '-in', 'client.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'client.pem', '-days', '2'], dir);
  const f = (n: string) => join(dir, n);
  return {
    dir,
    caCert: f('ca.pem'),
    serverKey: f('server.key'),
    serverCert: f('server.pem'),
    clientKey: f('client.key'),
    clientCert: f('client.pem'),
    pem: { ca: readFileSync(f('ca.pem'), 'utf8'), key: readFileSync(f('server.key'), 'utf8'), cert: readFileSync(f('server.pem'), 'utf8') },
  };
}
