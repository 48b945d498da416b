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
}
