/**
 * `runner run --openapi-coverage <doc>`: which operations and documented
 * responses of an OpenAPI document the run's http exchanges exercised.
 * Computed once, in the run session, from the scrubbed exchange events every
 * report reads (redirect hops count: each hop was an answer); the result goes
 * out as one `openapi.coverage` event before `run.end`, so the terminal line,
 * the HTML table and `runner report --html` all show the same numbers.
 * Operations are found as `response matches openapi` finds them (openapi-doc.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { get, loadOpenApiDocument, pickResponse, type OpenApiDocument, type Operation } from '../expr/matchers/openapi-doc.js';
import type { FileRead } from '../expr/matchers/types.js';
import type { CoverageOperation, OpenApiCoverageEvent, RunEvent } from '../events/types.js';
import { fsReason } from '../plan/compile.js';

/** Distinct unmatched method-and-path pairs listed; the rest are counted. */
export const UNMATCHED_LISTED = 20;

/** A document loaded for coverage, with the name it was given on the command line. */
export interface CoverageDocument {
  readonly name: string;
  readonly doc: OpenApiDocument;
}

/**
 * Load the document named on the command line, relative to `cwd`. A fault
 * reads `--openapi-coverage <doc>: <what>` (`open api.yaml: no such file or
 * directory`, `version 2.0.0 is not supported; only OpenAPI 3.0 and 3.1 are`).
 */
export function loadCoverageDocument(name: string, cwd: string): { ok: true; document: CoverageDocument } | { ok: false; message: string } {
  const read = (path: string): FileRead => {
    try {
      return { ok: true, text: readFileSync(resolve(cwd, path), 'utf8') };
    } catch (e) {
      const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
      return { ok: false, missing, error: `open ${path}: ${fsReason(e)}` };
    }
  };
  const r = loadOpenApiDocument('--openapi-coverage', name, { read });
  return r.ok ? { ok: true, document: { name, doc: r.doc } } : r;
}

export interface CoverageTally {
  /** Feed every event of the run; exchanges with an HTTP answer count. */
  add(event: RunEvent): void;
  /** The `openapi.coverage` event for what was fed so far. */
  event(): OpenApiCoverageEvent;
}

function urlPath(url: string): string | null {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? u.pathname : null;
  } catch {
    return null;
  }
}

/** Tally one run's exchanges against a document. */
export function createCoverageTally(d: CoverageDocument): CoverageTally {
  const byOp = new Map<Operation, CoverageOperation>();
  for (const o of d.doc.operations) {
    const responses = get(o.op, 'responses');
    const statuses = responses && responses.k === 'map' ? [...responses.entries.keys()] : [];
    byOp.set(o, { method: o.method.toUpperCase(), path: o.template, seen: 0, responses: statuses.map((status) => ({ status, seen: 0 })) });
  }
  const undocumented = new Map<string, OpenApiCoverageEvent['undocumented'][number]>();
  const unmatched = new Map<string, OpenApiCoverageEvent['unmatched'][number]>();
  let moreUnmatched = 0;

  const hit = (method: string, url: string, status: number) => {
    const path = urlPath(url);
    if (path === null) return;
    const o = d.doc.find(method.toLowerCase(), path);
    if (!o) {
      const key = `${method.toUpperCase()} ${path}`;
      const u = unmatched.get(key);
      if (u) u.seen++;
      else if (unmatched.size < UNMATCHED_LISTED) unmatched.set(key, { method: method.toUpperCase(), path, seen: 1 });
      else moreUnmatched++;
      return;
    }
    const entry = byOp.get(o)!;
    entry.seen++;
    // Exact status, then 2XX, then default: the response `matches openapi` would check.
    const picked = pickResponse(get(o.op, 'responses'), status);
    const documented = picked && entry.responses.find((r) => r.status === picked.key);
    if (documented) {
      documented.seen++;
      return;
    }
    const key = `${entry.method} ${entry.path} ${status}`;
    const u = undocumented.get(key);
    if (u) u.seen++;
    else undocumented.set(key, { method: entry.method, path: entry.path, status, seen: 1 });
  };

  return {
    add(ev) {
      // An answer over HTTP: http, graphql and waitFor polls (a ws upgrade has a ws: URL, grpc its own proto).
      if (ev.type !== 'exchange' || !ev.response || !ev.response.proto.startsWith('HTTP/')) return;
      for (const r of ev.redirects) hit(r.method, r.url, r.status);
      hit(ev.request.method, ev.request.url, ev.response.status);
    },
    event: () => ({
      type: 'openapi.coverage',
      document: d.name,
      operations: [...byOp.values()].map((o) => ({ ...o, responses: o.responses.map((r) => ({ ...r })) })),
      undocumented: [...undocumented.values()].map((u) => ({ ...u })),
      unmatched: [...unmatched.values()].map((u) => ({ ...u })),
      moreUnmatched,
    }),
  };
}
