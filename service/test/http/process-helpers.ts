/** Running the built `evaluator` executable as a child process (what operators and Docker run). */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Repository root (the Docker image's WORKDIR has the same layout). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/evaluator.js', import.meta.url));
/** These tests run the compiled service; `npm test` builds it first (`tsc -b`). */
export const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))) &&
  existsSync(fileURLToPath(new URL('../../dist/scheme/index.js', import.meta.url)));

export interface Served {
  child: ChildProcess;
  url: string;
  port: number;
  stderr: () => string;
  stdout: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Spawns `argv` (from `cwd`) and waits for its "evaluator listening on URL" line. */
export function serve(argv: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Served> {
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 20 s; stderr:\n${err}`));
    }, 20_000);
    let started = false;
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`server exited with ${code}; stderr:\n${err}`));
    });
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /evaluator listening on (http:\/\/\S+)/.exec(err);
      if (m && !started) {
        started = true;
        clearTimeout(timer);
        const url = m[1]!;
        resolve({
          child,
          url,
          port: Number(new URL(url).port),
          stderr: () => err,
          stdout: () => out,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
  });
}

/** Runs the executable to completion. */
export function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

declare global {
  // Tests read JSON answers loosely; the schema checks live in conform.ts.
  interface Response {
    json(): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}
