/**
 * Faults of the infrastructure: one exception class with a documented `code`.
 *
 * Failures of the user's input are values (EvalError, the HTTP Error body); everything that is the
 * service's own environment failing (a database that cannot be reached, a migration that cannot
 * run, Redis gone) is a `ServiceFault`. The HTTP layer maps any `ServiceFault` to 500
 * `internal_error` and logs `code`; the CLI prints `message` and exits non-zero.
 */

/** Every fault code, with what it means. Add a row here (and to errors.test.ts) for a new code. */
export const FAULT_CODES = {
  /** The accounts/keys/usage database cannot be opened, reached or queried. */
  store_unavailable: 'the store database cannot be reached or queried',
  /** A schema migration failed, or the database holds a newer schema than this build knows. */
  store_migration_failed: 'the store schema could not be migrated',
  /** Redis (rate windows, in-flight leases, demo counts) cannot be reached or queried. */
  limits_unavailable: 'the limits backend cannot be reached or queried',
  /** A caller passed an argument the operation cannot accept (unknown plan, empty account, …). */
  invalid_argument: 'an argument is invalid',
  /** Configuration is unusable (bad URL scheme, unwritable data directory, …). */
  invalid_config: 'the configuration is invalid',
} as const;

/** A documented fault code. */
export type FaultCode = keyof typeof FAULT_CODES;

/**
 * An infrastructure fault.
 *
 * @example
 * try { await store.migrate(); }
 * catch (e) { if (e instanceof ServiceFault && e.code === 'store_unavailable') retryLater(); else throw e; }
 */
export class ServiceFault extends Error {
  override readonly name = 'ServiceFault';
  /** Stable code from `FAULT_CODES`. */
  readonly code: FaultCode;

  constructor(code: FaultCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** True when `e` is a `ServiceFault` (optionally with the given code). */
export function isServiceFault(e: unknown, code?: FaultCode): e is ServiceFault {
  return e instanceof ServiceFault && (code === undefined || e.code === code);
}

/**
 * Wraps whatever a driver threw into a `ServiceFault` with `code`, keeping the original as
 * `cause`; a `ServiceFault` passes through unchanged so the innermost code wins.
 */
export function toFault(code: FaultCode, what: string, e: unknown): ServiceFault {
  if (e instanceof ServiceFault) return e;
  const detail = e instanceof Error ? e.message : String(e);
  return new ServiceFault(code, `${what}: ${detail}`, { cause: e });
}
