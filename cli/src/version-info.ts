/**
 * Build information for `runner version` and the `version` field of the
 * `run.start` event. Read lazily at run time (no generated file): the
 * package.json beside dist/ for the version, `git` in the package's
 * directory for the commit and whether the tree was modified. Outside a git
 * checkout (an installed package) the commit is unknown and `runner version`
 * prints `runner (no build info)` after the version lines it can print.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';

/** Directory of the cli package (parent of src/ or dist/). */
export const PACKAGE_DIR = dirname(dirname(fileURLToPath(import.meta.url)));

/** The package version, or undefined when package.json cannot be read. */
export function packageVersion(): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(`${PACKAGE_DIR}/package.json`, 'utf8')) as { version?: string };
    return pkg.version;
  } catch {
    return undefined;
  }
}

/**
 * First line of `runner version`, also recorded as `version` in `run.start`.
 * @example versionLine() // 'runner 0.1.0 node v20.20.2'
 */
export function versionLine(): string {
  return `runner ${packageVersion() ?? '(devel)'} node ${process.version}`;
}

/** The commit of the checkout the package sits in, or undefined outside git. */
export function commitInfo(): { hash: string; modified: boolean } | undefined {
  try {
    const opts = { cwd: PACKAGE_DIR, encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'ignore'] as ['ignore', 'pipe', 'ignore'], timeout: 2000 };
    const hash = execFileSync('git', ['rev-parse', 'HEAD'], opts).trim();
    if (!/^[0-9a-f]{40}$/.test(hash)) return undefined;
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], opts);
    return { hash, modified: status.trim() !== '' };
  } catch {
    return undefined;
  }
}
