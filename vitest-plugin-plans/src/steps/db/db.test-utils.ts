/**
 * Helpers of the sql and fixture tests against real databases: the URLs CI
 * sets (TEST_DATABASE_URL, TEST_MYSQL_URL; tests skip without them), unique
 * names, direct queries to check what a run left behind, and `runner` in
 * process or as a real child process.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { runCli } from '../../../../cli/src/cli.js';
import { memoryIo } from '../../../../cli/src/io.js';

export const PG_URL = process.env.TEST_DATABASE_URL;
export const MY_URL = process.env.TEST_MYSQL_URL;

/** The runner's compiled entry (`npx tsc -b` builds it), for tests that signal a real process. */
export const RUNNER_BIN = fileURLToPath(new URL('../../../../cli/bin/runner.js', import.meta.url));
export const RUNNER_BUILT = existsSync(join(dirname(RUNNER_BIN), '../dist/main.js'));

let counter = 0;
/** A name no other test (or earlier run) uses: `zz_<prefix>_<pid>_<n>`. */
export const uniq = (prefix: string) => `zz_${prefix}_${process.pid}_${++counter}_${Date.now() % 100000}`;

/** One query through a fresh connection (closed after). */
export async function pgQuery<T = Record<string, unknown>>(sql: string, params: unknown[] = [], url = PG_URL!): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** One query (or several statements) through a fresh MySQL/MariaDB connection. */
export async function myQuery<T = Record<string, unknown>>(sql: string, params: unknown[] = [], url = MY_URL!): Promise<T[]> {
  const c = await mysql.createConnection({ uri: url.replace(/^mariadb:/, 'mysql:'), multipleStatements: true });
  try {
    const [rows] = await c.query(sql, params);
    return rows as T[];
  } finally {
    await c.end();
  }
}

/** A temp directory holding `plan.yaml`; removed by `done()`. */
export function planDir(planText: string): { dir: string; plan: string; done(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'runner-db-'));
  const plan = join(dir, 'plan.yaml');
  writeFileSync(plan, planText);
  return { dir, plan, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `runner <args…>` in process; stdout and stderr joined by lines. */
export async function runner(args: string[], cwd: string): Promise<{ exit: number; stdout: string; stderr: string }> {
  const io = memoryIo(cwd, {});
  const exit = await runCli(args, io);
  return { exit, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

/** `node cli/bin/runner.js run <plan>` as a child process; `whenReady` decides when to send SIGINT. */
export async function runAndInterrupt(plan: string, whenReady: () => Promise<boolean>, signal: NodeJS.Signals = 'SIGINT'): Promise<{ exit: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [RUNNER_BIN, 'run', '--jobs', '2', plan], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  // Poll until the plan has written what the test waits for (bounded: 15 s).
  for (let i = 0; i < 150; i++) {
    if (await whenReady()) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const exit = await exited;
  clearTimeout(timer);
  return { exit, stdout, stderr };
}
