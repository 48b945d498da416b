/**
 * Where a plan's event log travels from the test worker to the main process:
 * one file per plan module in a directory the plugin provides. The worker
 * writes the scrubbed log as the engine runs; the reporter renders from it.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** Key under which the plugin provides the events directory to test workers. */
export const EVENTS_DIR_KEY = 'plans:eventsDir';
/** Key under which a global setup may provide `env.<name>` values (e.g. the address of a service it started). */
export const ENV_KEY = 'plans:env';

declare module 'vitest' {
  export interface ProvidedContext {
    'plans:eventsDir': string;
    'plans:env': Record<string, string>;
  }
}

/** The event log file of one plan module (by its absolute path). */
export function eventsFileFor(dir: string, moduleId: string): string {
  return join(dir, `${createHash('sha1').update(moduleId).digest('hex').slice(0, 20)}.events.jsonl`);
}
