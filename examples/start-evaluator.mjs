// Starts the evaluator for the examples: a fresh data directory, two new keys
// (the main one, and one of its own account that the rate-limit example
// spends), a free port on 127.0.0.1, and the site origin the demo checks.
// Used by the Vitest global setup and by `npm run demo`.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'service', 'bin', 'evaluator.js');

/** The origin `/v1/demo` accepts; the plans send it as env.site. */
export const SITE_ORIGIN = 'http://example.test';

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function createKey(data, account) {
  // `keys create` prints the key alone on the last line of stdout.
  const { stdout } = await run(process.execPath, [BIN, 'keys', 'create', '--account', account, '--data', data]);
  return stdout.trim().split('\n').pop().trim();
}

async function waitHealthy(url, child, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the evaluator exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the evaluator did not answer ${url}/v1/health within ${ms} ms`);
}

/**
 * @returns {Promise<{ url: string, apiKey: string, rateKey: string, data: string, stop(): Promise<void> }>}
 */
export async function startEvaluator() {
  const data = mkdtempSync(join(tmpdir(), 'evaluator-examples-'));
  // One after the other: the first creates and migrates the database file.
  const apiKey = await createKey(data, 'examples');
  const [rateKey, port] = await Promise.all([createKey(data, 'examples-rate'), freePort()]);
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data', data, '--site-origin', SITE_ORIGIN, '--quiet'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b) => (stderr += b));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(data, { recursive: true, force: true });
  };
  try {
    await waitHealthy(url, child, 15_000);
  } catch (e) {
    await stop();
    throw new Error(`${e.message}${stderr ? `\n${stderr}` : ''}`);
  }
  return { url, apiKey, rateKey, data, stop };
}

/** The environment variables the example plans read (`fromEnv` in their env). */
export function planEnv({ url, apiKey, rateKey }) {
  return { EVALUATOR_URL: url, EVALUATOR_API_KEY: apiKey, EVALUATOR_RATE_KEY: rateKey ?? '', EVALUATOR_SITE_ORIGIN: SITE_ORIGIN };
}
