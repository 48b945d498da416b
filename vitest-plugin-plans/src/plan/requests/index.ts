/**
 * Per-kind request loaders. The engine's `steps/<kind>.ts` modules reference
 * these for their `load`, so plan/ imports nothing from steps/.
 */
import type { RequestByKind, StepKind } from '../types.js';
import type { RequestLoader } from './common.js';
import { loadExecRequest } from './exec.js';
import { loadFixtureRequest } from './fixture.js';
import { loadGraphqlRequest } from './graphql.js';
import { loadGrpcRequest } from './grpc.js';
import { loadHttpRequest } from './http.js';
import { loadScriptRequest } from './script.js';
import { loadSqlRequest } from './sql.js';
import { loadWaitForRequest } from './wait-for.js';
import { loadWsRequest } from './ws.js';

export type { RequestLoader } from './common.js';

/** Kind → request loader. */
export const REQUEST_LOADERS: { [K in StepKind]: RequestLoader<RequestByKind[K]> } = {
  http: loadHttpRequest,
  graphql: loadGraphqlRequest,
  ws: loadWsRequest,
  grpc: loadGrpcRequest,
  sql: loadSqlRequest,
  fixture: loadFixtureRequest,
  exec: loadExecRequest,
  script: loadScriptRequest,
  waitFor: loadWaitForRequest,
};

export { loadExecRequest, loadFixtureRequest, loadGraphqlRequest, loadGrpcRequest, loadHttpRequest, loadScriptRequest, loadSqlRequest, loadWaitForRequest, loadWsRequest };
