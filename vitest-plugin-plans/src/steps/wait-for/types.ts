/** The `waitFor:` request as the loader types it. */
import type { CompiledExpr } from '../../plan/types.js';
import type { HttpRequest } from '../http/types.js';

/** `waitFor:` request: poll an http request until `until` holds `stable` polls in a row. */
export interface WaitForRequest {
  http: HttpRequest;
  /** Compiled against the http names. */
  until: CompiledExpr;
  /** Pause before the second poll (default 1s). */
  intervalMs: number;
  /** The pause grows by `factor` after each poll, up to `maxMs`. */
  backoff?: { factor: number; maxMs: number };
  /** Most polls (default 30). */
  attempts: number;
  /** Polls in a row the condition must hold (default 1). */
  stable: number;
  timeoutMs?: number;
}
