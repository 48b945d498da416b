/**
 * `runner import`: the sources it reads and the one writer. The registry is
 * the only list of sources; each loads only when its subcommand runs (the
 * collection reader pulls in `postman-collection`).
 */
import type { Importer } from './types.js';

export * from './types.js';
export { renderImportedPlan, renderImportedPlanWithTree } from './write-plan.js';
export { emitYaml, type EmittedYaml } from './yaml-emit.js';
export { createTaskNamer, envIdentifier, slugTaskName } from './names.js';

/** One import source: `runner import <name> …`. */
export interface ImportSource {
  name: string;
  /** The synopsis after `runner import `. */
  synopsis: string;
  summary: string;
  /** True when the source reads the arguments after `--` rather than a file. */
  fromArgs: boolean;
  load(): Promise<Importer>;
}

/** Every import source, in the order the usage lists them. */
export const IMPORT_SOURCES: ImportSource[] = [
  {
    name: 'collection', synopsis: 'collection <file>', summary: 'a Postman collection (v2.0, v2.1)', fromArgs: false,
    load: async () => (await import('./collection/index.js')).importCollection,
  },
  {
    name: 'requestfile', synopsis: 'requestfile <file>', summary: 'a .http/.rest request file (REST Client, httpyac, JetBrains)', fromArgs: false,
    load: async () => (await import('./requestfile/index.js')).importRequestFile,
  },
  {
    name: 'commandline', synopsis: 'commandline -- <curl arguments>', summary: 'a curl command line', fromArgs: true,
    load: async () => (await import('./commandline/index.js')).importCommandLine,
  },
  {
    name: 'openapi', synopsis: 'openapi <file>', summary: 'an OpenAPI 3.0/3.1 document (JSON or YAML): one task per operation', fromArgs: false,
    load: async () => (await import('./openapi/index.js')).importOpenApi,
  },
];
