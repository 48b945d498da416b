/**
 * `runner version`: module version and toolchain, then `module <path>` and
 * `commit <hash>` (` (modified)` when the tree has changes).
 */
import type { CommandSpec, ParsedArgs } from '../args.js';
import type { Io } from '../io.js';
import { PACKAGE_DIR, commitInfo, packageVersion, versionLine } from '../version-info.js';

/** Flags and arguments of `runner version`. */
export const spec: CommandSpec = {
  name: 'version',
  summary: 'print build version, toolchain and commit',
  synopsis: 'version',
  flags: [],
  args: { min: 0, max: 0, what: 'arguments' },
};

/** Prints the version block. */
export function run(_args: ParsedArgs, io: Io): number {
  if (packageVersion() === undefined) {
    io.out('runner (no build info)');
    return 0;
  }
  io.out(versionLine());
  io.out(`module ${PACKAGE_DIR}`);
  const c = commitInfo();
  io.out(c ? `commit ${c.hash}${c.modified ? ' (modified)' : ''}` : 'commit (no build info: not a git checkout)');
  return 0;
}
