/**
 * The slice of `postman-collection` the importer reads, typed here. The
 * package ships its typings as an ambient `declare module` file that its
 * package.json does not name, so TypeScript under NodeNext cannot find them;
 * declaring the few members used keeps the compile honest without a path
 * hack into node_modules. The SDK is what makes v2.0 and v2.1 read alike
 * (auth as object or list, url as string or parts, request as a bare url).
 */
import { createRequire } from 'node:module';

/** A variable-like SDK list (`auth.parameters()`, `url.variables`). */
export interface PmVariableList {
  toObject(): Record<string, unknown>;
}

/** `RequestAuth`: the type and its parameters, whichever export shape it came from. */
export interface PmAuth {
  type: string;
  parameters(): PmVariableList;
}

/** `Url`: `toString()` substitutes `:path` variables and skips disabled query params. */
export interface PmUrl {
  toString(): string;
}

/** A header, form field or query parameter as `toJSON()` gives it. */
export interface PmPair {
  key?: string;
  value?: unknown;
  disabled?: boolean;
  type?: string;
  src?: unknown;
  contentType?: string;
}

/** `RequestBody.toJSON()`. */
export interface PmBodyJson {
  mode?: string;
  raw?: unknown;
  urlencoded?: PmPair[];
  formdata?: PmPair[];
  graphql?: { query?: unknown; variables?: unknown };
  file?: { src?: string };
  options?: { raw?: { language?: string } };
  disabled?: boolean;
}

/** `Event`: a `test` or `prerequest` script. */
export interface PmEvent {
  listen: string;
  disabled?: boolean;
  script?: { exec?: string[] };
}

/** `Request`. */
export interface PmRequest {
  method?: string;
  url: PmUrl;
  headers: { all(): Array<{ toJSON(): PmPair }> };
  body?: { toJSON(): PmBodyJson };
  auth?: PmAuth;
}

/** Members shared by items, folders and the collection. */
export interface PmNode {
  name?: string;
  events: { all(): PmEvent[] };
}

/** `Item`: one request. */
export interface PmItem extends PmNode {
  request: PmRequest;
}

/** `ItemGroup`: a folder (the collection is one too). */
export interface PmGroup extends PmNode {
  items: { all(): Array<PmItem | PmGroup> };
  auth?: PmAuth;
}

/** `Collection`. */
export interface PmCollection extends PmGroup {
  variables: { all(): Array<{ toJSON(): PmPair }> };
}

/** The SDK entry points used. */
export interface PostmanSdk {
  Collection: new (json: unknown) => PmCollection;
  ItemGroup: { isItemGroup(x: unknown): x is PmGroup };
}

let sdk: PostmanSdk | undefined;

/** Loads the SDK once (CommonJS, so through `createRequire`). */
export function postmanSdk(): PostmanSdk {
  sdk ??= createRequire(import.meta.url)('postman-collection') as PostmanSdk;
  return sdk;
}
