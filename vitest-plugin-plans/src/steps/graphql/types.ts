/** The `graphql:` request as the loader types it. */
import type { Template, NamedTemplate, JsonTemplate, LoadedFile } from '../../plan/types.js';

/** `graphql:` request: an http POST whose JSON body is `{query, variables?, operationName?}`. */
export interface GraphqlRequest {
  url: Template;
  /** The query text sent, exactly as written or read from `queryFile`. */
  query: string;
  /** Set when the query came from `queryFile`. */
  queryFile?: LoadedFile;
  /** Operation names defined by the query document, in order. */
  operations: string[];
  variables?: JsonTemplate;
  operationName?: Template;
  headers: NamedTemplate[];
  timeoutMs?: number;
}
