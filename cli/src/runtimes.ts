/**
 * Script runtimes: where `<runtime>` is on PATH and what `<runtime>
 * --version` says (spec §4 rule 2: `plan` runs it for each runtime). Shared
 * with `run`, which prints the same lines in its header.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** A probed runtime. */
export interface RuntimeInfo {
  name: string;
  path?: string;
  version?: string;
}

/** Finds a command on PATH. */
export function which(name: string, env: Record<string, string | undefined> = process.env): string | undefined {
  if (name.includes('/')) return isAbsolute(name) ? name : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Probes a runtime: its path and the first line of `<runtime> --version`. */
export function probeRuntime(name: string, env: Record<string, string | undefined> = process.env): RuntimeInfo {
  const path = which(name, env);
  if (!path) return { name };
  const r = spawnSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5000 });
  const text = `${r.stdout ?? ''}`.trim() || `${r.stderr ?? ''}`.trim();
  const version = text.split('\n')[0];
  return version ? { name, path, version } : { name, path };
}

/** `runtime <name>: <path> <version>` (or why it is missing). */
export function runtimeLine(r: RuntimeInfo): string {
  if (!r.path) return `runtime ${r.name}: not found on PATH`;
  return `runtime ${r.name}: ${r.path} ${r.version ?? '(no version)'}`;
}
