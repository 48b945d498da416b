/** The `http:` request as the loader types it. */
import type { Template, NamedTemplate, JsonTemplate, LoadedFile } from '../../plan/types.js';

/** `http:` request. */
export interface HttpRequest {
  /** Upper-case method, default GET. */
  method: string;
  url: Template;
  headers: NamedTemplate[];
  /** `json:` body (sent as application/json). At most one of json, body, bodyFile. */
  json?: JsonTemplate;
  /** `body:` string body, templated. */
  body?: Template;
  /** `bodyFile:` read at load. */
  bodyFile?: LoadedFile;
  /** Default false; true follows up to 10 redirects. */
  followRedirects: boolean;
  timeoutMs?: number;
}
