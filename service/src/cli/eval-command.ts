/**
 * `evaluator eval [--timeout-ms N] [--demo] FILE...`: evaluate each file (`-` is stdin) with
 * the API's (or the demo's) limits, without HTTP, printing one EvalResponse JSON per file per
 * line, in file order. Exit 0 whenever the evaluations ran; 64 on a usage error or an
 * unreadable file (nothing is evaluated then).
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { API_LIMITS, DEMO_LIMITS, evaluate, toEvalResponse } from '../scheme/index.js';
import { stringifyJson } from '../scheme/json.js';
import { threadCpuMs } from '../sandbox/thread-cpu.js';

const USAGE = `usage: evaluator eval [--timeout-ms N] [--demo] FILE...
  FILE            Scheme source file, or - for stdin
  --timeout-ms N  wall-clock limit, 1..5000 (with --demo 1..500); default 1000 (demo 500)
  --demo          use the demo's limits
`;

class UsageError extends Error {}

/** A fresh unique request id. */
export function newRequestId(): string {
  return `req_${randomBytes(12).toString('hex')}`;
}

/** Parsed flags (exported for tests). */
export function parseEvalArgs(argv: string[]): { timeoutMs: number; demo: boolean; files: string[] } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { 'timeout-ms': { type: 'string' }, demo: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const demo = parsed.values.demo === true;
  const max = demo ? DEMO_LIMITS.timeoutMs : 5000;
  let timeoutMs = demo ? DEMO_LIMITS.timeoutMs : API_LIMITS.timeoutMs;
  const raw = parsed.values['timeout-ms'];
  if (raw !== undefined) {
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isInteger(n) || n < 1 || n > max) {
      throw new UsageError(`--timeout-ms must be an integer from 1 to ${max}, got ${JSON.stringify(raw)}`);
    }
    timeoutMs = n;
  }
  if (parsed.positionals.length === 0) throw new UsageError('expected at least one FILE (or - for stdin)');
  return { timeoutMs, demo, files: parsed.positionals };
}

function readSource(file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UsageError(`cannot read ${file}: ${why}`);
  }
}

/** Evaluate one source as the CLI does and return the EvalResponse JSON text. */
export function evalToJson(source: string, opts: { timeoutMs: number; demo: boolean }): string {
  const base = opts.demo ? DEMO_LIMITS : API_LIMITS;
  const before = threadCpuMs();
  const outcome = evaluate(source, { ...base, timeoutMs: opts.timeoutMs });
  const cpuMs = Math.max(0, threadCpuMs() - before);
  return stringifyJson(toEvalResponse(outcome, { requestId: newRequestId(), cpuMs }));
}

export async function evalCommand(argv: string[]): Promise<number> {
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      process.stdout.write(USAGE);
      return 0;
    }
    const opts = parseEvalArgs(argv);
    // A reader that stops early (`| head`) is not an error of ours: stop writing quietly.
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
    });
    // Read every file first: an unreadable one is a usage error before anything runs.
    const sources = opts.files.map(readSource);
    for (const source of sources) process.stdout.write(`${evalToJson(source, opts)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`evaluator eval: ${e.message}\n${USAGE}`);
      return 64;
    }
    throw e;
  }
}
