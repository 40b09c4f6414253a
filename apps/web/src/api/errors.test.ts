import { describe, expect, it } from 'vitest';
import { ApiError, describeError, problemFrom } from './errors.js';

describe('problemFrom', () => {
  it('reads a problem+json document', () => {
    const body = {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'no PodDisruptionBudget default/web',
    };
    expect(problemFrom(body, 404, 'Not Found')).toStrictEqual(body);
  });

  it('falls back to the HTTP status when the body is not a problem', () => {
    expect(problemFrom('<html>bad gateway</html>', 502, 'Bad Gateway')).toStrictEqual({
      type: 'about:blank',
      title: 'Bad Gateway',
      status: 502,
      detail: '',
    });
    expect(problemFrom(undefined, 503, '')).toStrictEqual({
      type: 'about:blank',
      title: 'HTTP 503',
      status: 503,
      detail: '',
    });
  });
});

describe('describeError', () => {
  it('says what was not found', () => {
    const error = new ApiError({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'no PodDisruptionBudget default/web',
    });
    expect(describeError(error)).toBe('Not found: no PodDisruptionBudget default/web');
  });

  it('says a token is needed rather than repeating the API client instructions of a 401', () => {
    const error = new ApiError({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail:
        'this pdbscope needs a token: send Authorization: Bearer <token>, or sign in with POST /api/session',
    });
    expect(describeError(error)).toBe('This pdbscope needs a token: sign in with it.');
  });

  it('gives the title and detail of other errors', () => {
    const error = new ApiError({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'pods[0]: expected "namespace/name"',
    });
    expect(describeError(error)).toBe('Bad Request: pods[0]: expected "namespace/name"');
  });

  it('names a network failure as the server being unreachable', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the pdbscope server (Failed to fetch).',
    );
  });
});
