/**
 * The file a script step hands its runtime. `file:` runs where it lies (so its
 * own relative imports work); inline `source:` is written once per run into a
 * private temporary directory, named by its hash, and removed when the run
 * ends (a cache value's `close()`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { RunResources } from '../types.js';
import type { ScriptRequest } from './types.js';

const CACHE_KEY = 'script.sources';

/** File extensions some runtimes need to recognise a file (the rest take any name). */
const EXTENSIONS: Array<[RegExp, string]> = [
  [/^(node|nodejs|bun|deno)$/, '.js'],
  [/^(tsx|ts-node)$/, '.ts'],
  [/^python[0-9.]*$|^pypy[0-9.]*$/, '.py'],
  [/^(ba|da|z|k)?sh$/, '.sh'],
  [/^ruby$/, '.rb'],
  [/^perl$/, '.pl'],
];

class SourceDir {
  private dir: string | null = null;
  private readonly written = new Set<string>();

  /** The path of `bytes` as a file, written on first use. */
  path(bytes: Uint8Array | string, runtime: string): string {
    this.dir ??= mkdtempSync(join(tmpdir(), 'runner-script-'));
    const ext = EXTENSIONS.find(([re]) => re.test(basename(runtime)))?.[1] ?? '';
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}${ext}`;
    const p = join(this.dir, name);
    if (!this.written.has(name)) {
      writeFileSync(p, bytes, { mode: 0o600 });
      this.written.add(name);
    }
    return p;
  }

  close(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
    this.written.clear();
  }
}

/** The script file to run for a request. */
export function scriptPath(q: ScriptRequest, resources: RunResources): string {
  // A plan loaded from a real file runs its script in place; bytes loaded from elsewhere go to a file.
  if (q.file && existsSync(q.file.resolved)) return q.file.resolved;
  let dir = resources.cache.get(CACHE_KEY) as SourceDir | undefined;
  if (!dir) resources.cache.set(CACHE_KEY, (dir = new SourceDir()));
  return dir.path(q.file ? q.file.bytes : (q.source ?? ''), q.runtime);
}
