import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { retryDelay, shouldRetry } from './query-client.js';

const problem = (status: number) =>
  new ApiError({ type: 'about:blank', title: 'x', status, detail: '' });

describe('retry policy', () => {
  it('waits out a syncing BFF (503) for as long as it takes, every 2 s', () => {
    expect([
      shouldRetry(1, problem(503)),
      shouldRetry(50, problem(503)),
      retryDelay(7, problem(503)),
    ]).toStrictEqual([true, true, 2000]);
  });

  it('gives up at once on 4xx and after two tries on other failures', () => {
    expect([
      shouldRetry(0, problem(404)),
      shouldRetry(1, problem(500)),
      shouldRetry(2, problem(500)),
      shouldRetry(1, new TypeError('Failed to fetch')),
    ]).toStrictEqual([false, true, false, true]);
  });
});
