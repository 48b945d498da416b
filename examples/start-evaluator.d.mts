/** A running evaluator started for the examples. */
export interface StartedEvaluator {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The main key (account `examples`). */
  apiKey: string;
  /** A key of its own account (`examples-rate`), which the rate-limit example spends. */
  rateKey: string;
  /** The fresh data directory (removed by `stop`). */
  data: string;
  /** Stops the service and removes its data directory. */
  stop(): Promise<void>;
}

/** The origin `/v1/demo` accepts; the plans send it as env.site. */
export const SITE_ORIGIN: string;

/** Starts the evaluator on a free port with a fresh data directory and two new keys. */
export function startEvaluator(): Promise<StartedEvaluator>;

/** The environment variables the example plans read (`fromEnv` in their env). */
export function planEnv(ev: { url: string; apiKey: string; rateKey?: string }): Record<string, string>;
