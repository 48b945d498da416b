import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, HttpError, STATUS_OF, errorBody } from './errors.js';

describe('HttpError', () => {
  // One row per error type: the contract's status for each (evaluation-api.md §7, decisions).
  it.each([
    ['invalid_json', 400],
    ['invalid_request', 422],
    ['unauthorized', 401],
    ['forbidden_origin', 403],
    ['not_found', 404],
    ['source_too_large', 413],
    ['request_too_large', 413],
    ['rate_limited', 429],
    ['too_many_in_flight', 429],
    ['cpu_quota_exceeded', 429],
    ['busy', 503],
    ['internal_error', 500],
  ] as const)('%s → %i', (type, status) => {
    const err = new HttpError(type, 'm');
    expect(err.status).toBe(status);
    expect(STATUS_OF[type]).toBe(status);
    expect(JSON.parse(errorBody(err, 'req_1'))).toEqual({ error: { type, message: 'm' }, request_id: 'req_1' });
  });

  it('covers exactly the contract enum', () => {
    expect([...ERROR_TYPES].sort()).toEqual(Object.keys(STATUS_OF).sort());
    expect(ERROR_TYPES).toHaveLength(12);
  });

  it('renders request_id null when there is none', () => {
    expect(JSON.parse(errorBody(new HttpError('not_found', 'x'), null)).request_id).toBeNull();
  });
});
