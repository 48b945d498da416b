/**
 * TLS flags of one invocation (plan-runner.md §5.2), checked before the plan
 * loads and shared by the http, graphql, ws and grpc steps.
 */
import { readFileSync, statSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

export interface TlsFlags {
  insecureSkipVerify?: boolean;
  caCerts?: string[];
  clientCert?: string;
  clientKey?: string;
}

/** Options handed to `tls.connect` (through undici's connector). */
export interface TlsConnectOptions {
  rejectUnauthorized: boolean;
  ca?: string[];
  cert?: string;
  key?: string;
}

/** A TLS flag that cannot be used; the message is printed after `runner run: `. */
export class TlsFlagError extends Error {
  override name = 'TlsFlagError';
}

/** A file-system error the way the other load messages print it: `open <file>: <reason>`. */
function openReason(file: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'no such file or directory' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : code === 'ENOTREG' ? 'not a regular file' : (e as Error).message;
  return `open ${file}: ${why}`;
}

/** Reads a flag's file; a device or pipe (`/dev/zero`) would never end. */
function readRegular(file: string): string {
  const st = statSync(file);
  if (!st.isFile() && !st.isDirectory()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
  return readFileSync(file, 'utf8');
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Check the flags and read the files. Returns the connect options and any
 * warnings (one line each, printed on stderr).
 * @throws TlsFlagError
 */
export function loadTlsOptions(flags: TlsFlags): { options: TlsConnectOptions; warnings: string[] } {
  const warnings: string[] = [];
  const options: TlsConnectOptions = { rejectUnauthorized: !flags.insecureSkipVerify };
  if (Boolean(flags.clientCert) !== Boolean(flags.clientKey)) {
    throw new TlsFlagError('--client-cert and --client-key go together; pass both or neither');
  }
  if (flags.caCerts && flags.caCerts.length > 0) {
    // --ca-cert adds to the system roots; Node's `ca` option would replace them.
    const ca = [...rootCertificates];
    for (const file of flags.caCerts) {
      let text: string;
      try {
        text = readRegular(file);
      } catch (e) {
        throw new TlsFlagError(`--ca-cert ${file}: ${openReason(file, e)}`);
      }
      const certs = text.match(PEM_CERT);
      if (!certs) throw new TlsFlagError(`--ca-cert ${file}: no PEM certificate in the file`);
      ca.push(...certs);
    }
    options.ca = ca;
  }
  if (flags.clientCert && flags.clientKey) {
    try {
      options.cert = readRegular(flags.clientCert);
    } catch (e) {
      throw new TlsFlagError(`--client-cert ${flags.clientCert}: ${openReason(flags.clientCert, e)}`);
    }
    if (!PEM_CERT.test(options.cert)) throw new TlsFlagError(`--client-cert ${flags.clientCert}: no PEM certificate in the file`);
    PEM_CERT.lastIndex = 0;
    try {
      options.key = readRegular(flags.clientKey);
      const mode = statSync(flags.clientKey).mode & 0o777;
      if (mode & 0o044) {
        warnings.push(`warning: --client-key ${flags.clientKey} is readable by group or others (mode ${mode.toString(8).padStart(4, '0')}); chmod 600 it`);
      }
    } catch (e) {
      throw new TlsFlagError(`--client-key ${flags.clientKey}: ${openReason(flags.clientKey, e)}`);
    }
  }
  return { options, warnings };
}
