/**
 * Runs a golden case folder: starts the fixture server with the case's
 * routes, copies the case to a temp dir with `__BASE__` replaced by the
 * server's address, runs `runner run` in-process with every export, and
 * returns the outputs masked (timings, ULIDs, addresses, temp paths) for
 * comparison with the case's expected files.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../cli/src/cli.js';
import { memoryIo } from '../../../cli/src/io.js';
import { readRoutes, startFixtureServer, type FixtureServer } from './fixture-server.js';

export interface CaseOutput {
  exit: number;
  terminal: string;
  stderr: string;
  junit: string;
  tap: string;
  html: string;
  events: string;
  dir: string;
  server: FixtureServer;
}

const ULID = /\b[0-9A-HJKMNP-TV-Z]{26}\b/g;
const DUR = /\b\d+(?:\.\d+)?(?:ns|µs|ms|s)\b|\b\d+m\d+s\b/g;

/** Mask what changes from run to run. */
export function mask(text: string, base: string, dir: string): string {
  return text
    .split(dir)
    .join('__DIR__')
    .split(base)
    .join('__BASE__')
    .split(base.replace('http://', '').replace('https://', ''))
    .join('__HOST__')
    .replace(ULID, '<ULID>')
    .replace(/time="[0-9.]+"/g, 'time="<t>"')
    .replace(/timestamp="[^"]*"/g, 'timestamp="<ts>"')
    .replace(/duration_ms: \d+/g, 'duration_ms: <n>')
    .replace(DUR, '<dur>');
}

/** Copy a case folder to a temp dir, replacing `__BASE__` in every text file. */
export function stageCase(caseDir: string, base: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'runner-case-'));
  cpSync(caseDir, dir, { recursive: true });
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json|graphql|txt)$/.test(name)) writeFileSync(p, readFileSync(p, 'utf8').split('__BASE__').join(base));
    }
  };
  walk(dir);
  return dir;
}

/** Run one case; the caller closes `server`. */
export async function runCase(caseDir: string): Promise<CaseOutput> {
  const routesFile = join(caseDir, 'routes.yaml');
  const server = await startFixtureServer({ routes: existsSync(routesFile) ? readRoutes(routesFile) : [] });
  const dir = stageCase(caseDir, server.url);
  const argsFile = join(dir, 'args');
  const extra = existsSync(argsFile) ? readFileSync(argsFile, 'utf8').trim().split(/\s+/).filter(Boolean) : ['--jobs', '1'];
  const io = memoryIo(dir, {});
  const exit = await runCli(['run', ...extra, '--junit', 'out.junit.xml', '--tap', 'out.tap', '--html', 'out.html', '--events', 'out.events.jsonl', 'plan.yaml'], io);
  const read = (f: string) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : '');
  const m = (t: string) => mask(t, server.url, dir);
  return {
    exit,
    terminal: m(io.stdout.join('\n') + '\n'),
    stderr: m(io.stderr.join('\n')),
    junit: m(read('out.junit.xml')),
    tap: m(read('out.tap')),
    html: read('out.html'),
    events: read('out.events.jsonl'),
    dir,
    server,
  };
}
