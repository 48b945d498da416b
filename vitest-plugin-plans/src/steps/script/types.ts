/** The `script:` request as the loader types it. */
import type { Template, LoadedFile } from '../../plan/types.js';

/** `script:` request: run a script file or inline source with a runtime. */
export interface ScriptRequest {
  /** Runtime command name: `node`, `python3`, … */
  runtime: string;
  file?: LoadedFile;
  source?: string;
  args: Template[];
  timeoutMs?: number;
  /** Bytes of stdout and of stderr kept (default 1 MiB each). */
  maxOutput: number;
  /**
   * `{{ env }}`, `{{ tasks }}` and `{{ run }}`, compiled at load: rendered at
   * run time, they are the `env`, `tasks` and `run` of the JSON on stdin.
   */
  input: { env: Template; tasks: Template; run: Template };
}
