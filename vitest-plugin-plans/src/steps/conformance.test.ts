/**
 * The shared conformance suite every step kind module runs (style.md): it
 * answers with its names, records its exchanges, turns a transport failure
 * into an error and a deadline into a timeout with a phase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../test/run/fixture-server.js';
import { createHttpClient, type HttpClient } from './transport/http-client.js';
import { STEP_MODULES } from './index.js';
import type { StepContext } from './types.js';
import type { Step, Template } from '../plan/types.js';

const text = (s: string): Template => ({ source: s, span: { file: 'p', line: 1 }, path: 'x', parts: [{ kind: 'text', text: s }] });
const span = { file: 'p', line: 1 };

/** A minimal step of each kind, pointed at `url`. */
const STEPS: Record<string, (url: string) => Step> = {
  http: (url) => ({ kind: 'http', number: 1, span, path: 's', kindSpan: span, request: { method: 'GET', url: text(url + '/echo'), headers: [], followRedirects: false }, assertions: [], optional: [], results: [] }),
  graphql: (url) => ({ kind: 'graphql', number: 1, span, path: 's', kindSpan: span, request: { url: text(url + '/fixtures/graphql'), query: '{ echo }', operations: [], headers: [] }, assertions: [], optional: [], results: [] }),
};

let server: FixtureServer;
let http: HttpClient;
beforeAll(async () => {
  server = await startFixtureServer();
  http = createHttpClient({ rejectUnauthorized: true });
});
afterAll(async () => {
  await http.close();
  await server.close();
});

function ctx(signal = new AbortController().signal) {
  const exchanges: unknown[] = [];
  const c: StepContext = {
    task: 't',
    step: 1,
    attempt: 1,
    signal,
    render: { text: (t) => t.parts.map((p) => (p.kind === 'text' ? p.text : '')).join(''), json: () => 'null', value: () => null },
    resources: { http, planDir: '.' },
    exchange: (ex) => exchanges.push(ex),
  };
  return { c, exchanges };
}

describe.each(Object.keys(STEP_MODULES))('step kind %s', (kind) => {
  const mod = STEP_MODULES[kind as 'http']!;
  const step = (url: string) => STEPS[kind]!(url) as never;

  it('declares its kind and a loader', () => {
    expect(mod.kind).toBe(kind);
    expect(typeof mod.load).toBe('function');
  });

  it('answers with names and records the exchange', async () => {
    const { c, exchanges } = ctx();
    const out = await mod.run(step(server.url), c);
    expect(out.error).toBeNull();
    expect(out.timedOut).toBeNull();
    expect(out.names.status).toMatchObject({ k: 'num' });
    expect(out.names.duration).toMatchObject({ k: 'map' });
    expect(out.requests).toBe(1);
    expect(exchanges).toHaveLength(1);
  });

  it('turns a transport failure into an error, in the transport\'s words', async () => {
    const { c } = ctx();
    const out = await mod.run(step('http://127.0.0.1:9'), c);
    expect(out.error).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });

  it('turns a deadline into a timeout naming the phase', async () => {
    const slow = await startFixtureServer({ routes: [{ path: '/echo', delayMs: 2000 }, { path: '/fixtures/graphql', delayMs: 2000 }] });
    const { c } = ctx(AbortSignal.timeout(150));
    const out = await mod.run(step(slow.url), c);
    expect(out.timedOut).toEqual({ phase: 'waiting for first byte' });
    await slow.close();
  });
});
