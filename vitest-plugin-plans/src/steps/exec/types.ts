/** The `exec:` request as the loader types it. */
import type { Template, NamedTemplate } from '../../plan/types.js';

/** `exec:` request: run a command without a shell. */
export interface ExecRequest {
  command: Template;
  args: Template[];
  /** Set over the runner's own environment. */
  env: NamedTemplate[];
  /** Relative to the plan's directory; default the plan's directory. */
  cwd?: string;
  stdin?: Template;
  timeoutMs?: number;
  /** Bytes of stdout and of stderr kept (default 1 MiB each). */
  maxOutput: number;
}
