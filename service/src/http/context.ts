/**
 * What the HTTP layer is built from (`AppDeps`) and what it records about each request
 * (`RequestContext`, for the request log).
 */
import type { Request } from 'polka';
import type { Logger } from 'pino';
import type { Store } from '../store/types.js';
import type { Limits } from '../limits/types.js';
import type { SandboxPool } from '../sandbox/pool.js';

/** The collaborators of `createApp`. Tests pass in-memory ones; `serve` passes the real ones. */
export interface AppDeps {
  readonly store: Store;
  readonly limits: Limits;
  readonly pool: SandboxPool;
  /** Exact `Origin` values `/v1/demo` accepts (evaluator-decisions.md: "equals ... exactly"). */
  readonly siteOrigins: readonly string[];
  /** Take the demo's client address from X-Forwarded-For (only behind a trusted proxy). */
  readonly trustProxy?: boolean;
  /** Request log; null or omitted for none. */
  readonly logger?: Logger | null;
  /** A request body that sends nothing for this long is refused (408). Default 10 s. */
  readonly bodyIdleTimeoutMs?: number;
  /** Time a sandbox slot may overrun its deadline before it is killed (sizes in-flight leases). */
  readonly killMarginMs?: number;
}

/** Per-request facts for the log line. Never holds a key or a source. */
export interface RequestContext {
  readonly id: string;
  readonly startedAt: number;
  /** Route pattern, e.g. `POST /v1/eval`; `unmatched` for a 404. */
  route: string;
  /** Account id once authenticated. */
  account: string | null;
  /** EvalResponse.status of an evaluation that ran. */
  evalStatus: string | null;
  /** CPU ms of an evaluation that ran. */
  cpuMs: number | null;
  /** Error type of a refused request. */
  errorType: string | null;
}

/** A Polka request with its context. */
export interface AppRequest extends Request {
  ctx: RequestContext;
}
