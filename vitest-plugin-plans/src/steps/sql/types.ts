/** The `sql:` request as the loader types it. */
import type { Template, JsonTemplate } from '../../plan/types.js';

/** `sql:` request: one query through a relational connection. */
export interface SqlRequest {
  /** `postgres://…`, `mysql://…` or `sqlite:<path>`, templated. */
  url: Template;
  /** Literal SQL text with placeholders (`$1` / `?`). */
  query: string;
  params: JsonTemplate[];
  timeoutMs?: number;
}
