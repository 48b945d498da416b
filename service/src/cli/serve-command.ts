/**
 * `evaluator serve`: flags, each with an environment fallback (evaluator-decisions.md "Commands"),
 * then `startServer` and graceful shutdown on SIGTERM/SIGINT.
 */
import { parseArgs } from 'node:util';
import { isServiceFault } from '../errors.js';

const USAGE = `usage: evaluator serve [--port 8080] [--host 127.0.0.1] [--data DIR] [--site-origin URL]
                      [--slots N] [--database-url URL] [--redis-url URL] [--trust-proxy] [--quiet]

  --port N            PORT          port to listen on (default 8080)
  --host ADDR         HOST          address to bind (default 127.0.0.1)
  --data DIR          DATA_DIR      SQLite data directory (default ./data)
  --site-origin URL   SITE_ORIGIN   Origin accepted by /v1/demo (default: this server's own origin)
  --slots N           EVAL_SLOTS    evaluations at once (default: CPUs, at least 4)
  --database-url URL  DATABASE_URL  PostgreSQL for accounts, keys and CPU usage
  --redis-url URL     REDIS_URL     Redis for rate windows, in-flight counts, demo counts
  --trust-proxy       TRUST_PROXY=1 take the demo client's address from X-Forwarded-For
  --quiet                           no request logs (else LOG_LEVEL, default info, to stdout)
`;

/** A usage error: printed with the usage, exit 64 (EX_USAGE). */
export class UsageError extends Error {}

function intIn(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return n;
}

/** The serialized origin of `raw` (what browsers send in `Origin`), or a usage error. */
export function parseOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--site-origin must be an origin like https://example.org, got ${JSON.stringify(raw)}`);
  }
  if (url.origin === 'null') throw new UsageError(`--site-origin must be an http(s) origin, got ${JSON.stringify(raw)}`);
  return url.origin;
}

/** Parsed `serve` options (exported for tests). */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        'site-origin': { type: 'string' },
        slots: { type: 'string' },
        'database-url': { type: 'string' },
        'redis-url': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const pick = (flag: string | undefined, envName: string): string | undefined => flag ?? (env[envName] || undefined);
  const siteOrigin = pick(values['site-origin'], 'SITE_ORIGIN');
  const slots = pick(values.slots, 'EVAL_SLOTS');
  return {
    help: values.help ?? false,
    port: intIn('--port', pick(values.port, 'PORT') ?? '8080', 0, 65535),
    host: pick(values.host, 'HOST') ?? '127.0.0.1',
    dataDir: pick(values.data, 'DATA_DIR') ?? './data',
    siteOrigin: siteOrigin === undefined ? undefined : parseOrigin(siteOrigin),
    slots: slots === undefined ? undefined : intIn('--slots', slots, 1, 1024), // undefined: server's default
    databaseUrl: pick(values['database-url'], 'DATABASE_URL'),
    redisUrl: pick(values['redis-url'], 'REDIS_URL'),
    trustProxy: values['trust-proxy'] ?? ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
    logLevel: values.quiet ? 'silent' : env.LOG_LEVEL || 'info',
  };
}

/** Runs `serve`; resolves with the exit code once the server has stopped. */
export async function serveCommand(argv: string[]): Promise<number> {
  let opts;
  try {
    opts = parseServeArgs(argv, process.env);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`evaluator serve: ${e.message}\n${USAGE}`);
    return 64;
  }
  if (opts.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const { startServer } = await import('../server.js');
  let running;
  try {
    running = await startServer(opts);
  } catch (e) {
    const msg = isServiceFault(e) ? `${e.code}: ${e.message}` : (e as Error).message;
    process.stderr.write(`evaluator serve: cannot start: ${msg}\n`);
    return isServiceFault(e, 'invalid_config') ? 64 : 1;
  }
  process.stderr.write(`evaluator listening on ${running.url}\n`);
  const srv = running;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) {
        // Second signal: the operator wants out now.
        process.stderr.write(`evaluator: ${signal} again, exiting at once\n`);
        process.exit(1);
      }
      stopping = true;
      process.stderr.write(`evaluator: ${signal}, shutting down\n`);
      srv.close().then(
        () => resolve(0),
        (err: unknown) => {
          process.stderr.write(`evaluator: shutdown failed: ${(err as Error).message}\n`);
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
}
