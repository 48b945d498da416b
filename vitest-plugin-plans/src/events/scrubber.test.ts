import { describe, expect, it } from 'vitest';
import { createScrubber } from './scrubber.js';
import { EventLogError, parseEventLog } from './log.js';
import { createEmitter } from './emitter.js';
import type { RunEvent } from './types.js';

describe('scrubber', () => {
  const secret = 'p@ss word/+=42';
  const s = createScrubber();
  s.add('token', secret);
  it.each([
    ['raw', secret],
    ['JSON-escaped', JSON.stringify(secret).slice(1, -1)],
    ['URL-encoded', encodeURIComponent(secret)],
    ['form-encoded', encodeURIComponent(secret).replace(/%20/g, '+')],
    ['base64', Buffer.from(secret).toString('base64')],
    ['base64url', Buffer.from(secret).toString('base64url')],
  ])('replaces the %s form', (_name, form) => {
    expect(s.scrubText(`a ${form} b`)).toBe('a [secret:token] b');
  });
  it('scrubs keys and values deeply and leaves other text alone', () => {
    expect(s.scrubValue({ [secret]: [secret, 1, { x: `y${secret}` }], ok: 'fine' })).toEqual({ '[secret:token]': ['[secret:token]', 1, { x: 'y[secret:token]' }], ok: 'fine' });
  });
});

describe('emitter', () => {
  it('scrubs before cutting bodies, so a secret across the cut is gone whole', () => {
    const scrubber = createScrubber();
    scrubber.add('k', 'SECRETSECRET');
    const em = createEmitter({ scrubber, bodyCap: 8 });
    const got: RunEvent[] = [];
    em.onEvent((e) => got.push(e));
    const msg = { headers: [], body: 'abcdSECRETSECRETxyz', bodyEncoding: 'utf8' as const, bodySize: 19, bodyTruncated: false };
    em.emit({ type: 'exchange', task: 't', step: 1, attempt: 1, index: null, request: { method: 'GET', url: 'u', ...msg }, response: null, redirects: [], timing: { dns: null, connect: null, tls: null, ttfb: null, total: 1 }, newConnection: false, error: null });
    const ex = got[0] as Extract<RunEvent, { type: 'exchange' }>;
    expect(ex.request.body).toBe('abcd[sec');
    expect(ex.request.bodyTruncated).toBe(true);
    expect(ex.request.bodySize).toBe(19);
  });
});

describe('event log reader', () => {
  const start = { type: 'run.start', schema: 'runner.events/v1', version: 'v', runId: 'x', plan: 'p', jobs: 1, lifecycle: { strategy: 'unique', sharedTarget: false }, startedAt: 's', runtimes: [], tasks: 0, finallyTasks: 0 };
  const lines = (...evs: object[]) => evs.map((e) => JSON.stringify(e)).join('\n') + '\n';
  it('reads a valid log', () => {
    expect(parseEventLog(lines(start, { type: 'notice', kind: 'only', text: 't' }))).toHaveLength(2);
  });
  it.each([
    ['another schema', lines({ ...start, schema: 'other/v2' }), 'event 1: schema "other/v2" is not runner.events/v1'],
    ['an unknown type', lines(start, { type: 'bogus' }), 'event 2: unknown event type "bogus"'],
    ['an unknown field', lines(start, { type: 'notice', kind: 'k', text: 't', extra: 1 }), 'event 2: unknown field "extra" in notice'],
    ['an unknown nested field', lines({ ...start, lifecycle: { strategy: 'unique', sharedTarget: false, x: 1 } }), 'event 1: unknown field "x" in run.start.lifecycle'],
    ['a line that is not JSON', lines(start) + '{nope\n', 'event 2: not a JSON object'],
  ])('refuses %s with the event number', (_n, text, msg) => {
    expect(() => parseEventLog(text)).toThrow(EventLogError);
    expect(() => parseEventLog(text)).toThrow(msg);
  });
});
