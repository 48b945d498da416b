/**
 * The Scheme corpus: every `.scm` file under test/scheme/ is evaluated through the same code
 * path as `evaluator eval` and checked against the expectations written in its comments:
 *
 *   (+ 1 2) ;=> 3             the `value` of the last form starting on or before this line
 *   ;;! status: error         the response status (default: ok)
 *   ;;! error: wrong_type 3:5 error type, and optionally its line:col
 *   ;;! message: car: …       the error message, exactly
 *   ;;! stdout: a\nb          the program output, exactly (\n for newlines)
 *   ;;! stdout-truncated      stdout must have been cut
 *   ;;! value-truncated       some result's value must have been cut
 *   ;;! demo                  evaluate with the demo limits
 *   ;;! timeout-ms: 500       the timeout (default 5000, or 500 with demo)
 *   ;;! results: 3            how many results
 *   ;;! exit-code: 3          the program called exit with this code (without it: exit_code absent)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evalToJson } from '../src/cli/eval-command.js';

const ROOT = fileURLToPath(new URL('./scheme/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return name.endsWith('.scm') ? [p] : [];
  });
}

interface Expectations {
  values: Array<{ line: number; text: string }>;
  directives: Map<string, string>;
}

function expectationsOf(source: string): Expectations {
  const values: Expectations['values'] = [];
  const directives = new Map<string, string>();
  source.split('\n').forEach((text, i) => {
    const d = /^\s*;;!\s*([a-z-]+)(?::\s?(.*))?$/.exec(text);
    if (d) directives.set(d[1]!, d[2] ?? '');
    const v = /;=>\s?(.*)$/.exec(text);
    if (v && !d) values.push({ line: i + 1, text: v[1]!.trimEnd() });
  });
  return { values, directives };
}

interface Response {
  status: string;
  results: Array<{ line: number; value: string | null; value_truncated: boolean }>;
  stdout: string;
  stdout_truncated: boolean;
  error: { type: string; message: string; line: number | null; col: number | null } | null;
  exit_code?: number;
}

describe('Scheme corpus', () => {
  for (const file of files(ROOT).sort()) {
    const name = relative(ROOT, file);
    it(name, () => {
      const source = readFileSync(file, 'utf8');
      const { values, directives } = expectationsOf(source);
      const demo = directives.has('demo');
      const timeoutMs = Number(directives.get('timeout-ms') ?? (demo ? 500 : 5000));
      const res = JSON.parse(evalToJson(source, { timeoutMs, demo })) as Response;
      const problems: string[] = [];
      const wantStatus = directives.get('status') ?? 'ok';
      if (res.status !== wantStatus) problems.push(`status ${res.status}, expected ${wantStatus}; error: ${JSON.stringify(res.error)}`);
      for (const { line, text } of values) {
        const candidates = res.results.filter((r) => r.line <= line);
        const got = candidates.length > 0 ? candidates[candidates.length - 1]!.value : undefined;
        const shown = got === null ? '#<unspecified>' : got;
        if (shown !== text) problems.push(`${name}:${line}: expected ${text}, got ${shown === undefined ? '(no result)' : shown}`);
      }
      const err = directives.get('error');
      if (err !== undefined) {
        const [type, pos] = err.split(/\s+/);
        if (res.error?.type !== type) problems.push(`error type ${res.error?.type}, expected ${type} (${res.error?.message})`);
        if (pos !== undefined && `${res.error?.line}:${res.error?.col}` !== pos) {
          problems.push(`error at ${res.error?.line}:${res.error?.col}, expected ${pos}`);
        }
      }
      const msg = directives.get('message');
      if (msg !== undefined && res.error?.message !== msg) problems.push(`message ${JSON.stringify(res.error?.message)}, expected ${JSON.stringify(msg)}`);
      const out = directives.get('stdout');
      if (out !== undefined && res.stdout !== out.replace(/\\n/g, '\n')) problems.push(`stdout ${JSON.stringify(res.stdout)}, expected ${JSON.stringify(out)}`);
      if (directives.has('stdout-truncated') && !res.stdout_truncated) problems.push('stdout was not truncated');
      if (directives.has('value-truncated') && !res.results.some((r) => r.value_truncated)) problems.push('no value was truncated');
      const count = directives.get('results');
      if (count !== undefined && res.results.length !== Number(count)) problems.push(`${res.results.length} results, expected ${count}`);
      const code = directives.get('exit-code');
      if (res.exit_code !== (code === undefined ? undefined : Number(code))) problems.push(`exit_code ${res.exit_code}, expected ${code ?? '(absent)'}`);
      expect(problems).toEqual([]);
    });
  }
});
