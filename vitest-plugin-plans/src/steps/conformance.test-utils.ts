/**
 * The shared conformance suite of the step kinds (style.md: every
 * implementation of an interface runs one suite). Each kind's folder holds
 * `<kind>.conformance.ts` with its cases; a case starts the peer it talks to
 * (a real server), runs a plan through `runner run` in-process, and checks the
 * exit code, the terminal lines and the events.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';

/** A running peer: the values its plan reads (`__NAME__` in the plan text) and how to stop it. */
export interface Peer {
  vars: Record<string, string>;
  close(): Promise<void>;
}

/** One conformance case of a step kind. */
export interface ConformanceCase {
  name: string;
  /** Starts what the plan talks to. */
  peer?: () => Promise<Peer>;
  /** The plan's YAML; `__NAME__` is replaced by the peer's `vars.NAME`. */
  plan: string;
  /** Files beside the plan (a .proto, a body file), same replacement. */
  files?: Record<string, string>;
  /** Extra `runner run` flags (default `--jobs 2`). */
  args?: string[];
  exit: number;
  /** Substrings the terminal report must contain, in this order. */
  output: string[];
  /** Substrings stderr must contain, in this order (load errors, warnings). */
  errors?: string[];
  /** Substrings the terminal report must not contain. */
  absent?: string[];
}

/** What a case produced. */
export interface CaseRun {
  exit: number;
  stdout: string;
  stderr: string;
  events: Array<Record<string, unknown>>;
  junit: string;
  tap: string;
  html: string;
  /** `runner report --html` from the event log: must equal `html` byte for byte. */
  reportHtml: string;
  /** The peer's values, to fill `__NAME__` in expected lines. */
  vars: Record<string, string>;
}

/** Replaces `__NAME__` by the peer's values. */
export const fill = (text: string, vars: Record<string, string>) => Object.entries(vars).reduce((t, [k, v]) => t.split(`__${k}__`).join(v), text);

/** Runs one case through `runner run` (in-process, real sockets). */
export async function runConformanceCase(c: ConformanceCase): Promise<CaseRun> {
  const peer = c.peer ? await c.peer() : { vars: {}, close: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'runner-conformance-'));
  try {
    writeFileSync(join(dir, 'plan.yaml'), fill(c.plan, peer.vars));
    for (const [name, text] of Object.entries(c.files ?? {})) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), fill(text, peer.vars));
    }
    const io = memoryIo(dir, {});
    const exports = ['--events', 'events.jsonl', '--junit', 'out.xml', '--tap', 'out.tap', '--html', 'out.html'];
    const exit = await runCli(['run', ...(c.args ?? ['--jobs', '2']), ...exports, 'plan.yaml'], io);
    const read = (f: string) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : '');
    const events = read('events.jsonl').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    let reportHtml = '';
    if (events.length > 0) {
      await runCli(['report', '--html', 'again.html', 'events.jsonl'], memoryIo(dir, {}));
      reportHtml = read('again.html');
    }
    return { exit, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n'), events, junit: read('out.xml'), tap: read('out.tap'), html: read('out.html'), reportHtml, vars: peer.vars };
  } finally {
    await peer.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Asserts the lines appear in order; returns the first one missing, or null. */
export function missingInOrder(text: string, lines: string[]): string | null {
  let at = 0;
  for (const l of lines) {
    const i = text.indexOf(l, at);
    if (i < 0) return l;
    at = i + l.length;
  }
  return null;
}
