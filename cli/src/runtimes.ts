/**
 * Script runtimes: where `<runtime>` is on PATH and what `<runtime>
 * --version` says (spec §4 rule 2: `plan` runs it for each runtime). Shared
 * with `run`, which prints the same lines in its header.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** A probed runtime. */
export interface RuntimeInfo {
  name: string;
  path?: string;
  version?: string;
}

function executableFile(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * Finds a command on PATH; a name with `/` is a path, relative to `base` (the
 * plan's directory, as the script step resolves it). A directory is not a command.
 */
export function which(name: string, env: Record<string, string | undefined> = process.env, base = process.cwd()): string | undefined {
  if (name.includes('/')) {
    const p = isAbsolute(name) ? name : resolve(base, name);
    return executableFile(p) ? p : undefined;
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    if (executableFile(p)) return p;
  }
  return undefined;
}

/** Probes a runtime: its path and the first line of `<runtime> --version`. */
export function probeRuntime(name: string, env: Record<string, string | undefined> = process.env, base = process.cwd()): RuntimeInfo {
  const path = which(name, env, base);
  if (!path) return { name };
  const r = spawnSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5000 });
  // Only a successful --version speaks of the version (dash's `sh --version` is an error message).
  const text = r.status !== 0 ? '' : `${r.stdout ?? ''}`.trim() || `${r.stderr ?? ''}`.trim();
  const version = text.split('\n')[0];
  return version ? { name, path, version } : { name, path };
}

/** `runtime <name>: <path> <version>` (or why it is missing). */
export function runtimeLine(r: RuntimeInfo): string {
  if (!r.path) return `runtime ${r.name}: not found on PATH`;
  return `runtime ${r.name}: ${r.path} ${r.version ?? '(no version)'}`;
}
