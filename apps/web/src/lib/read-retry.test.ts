import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { retryRead } from './read-retry';

const answer = (status: number) => new ApiError(status, 'wrong_status', 'x');

describe('read retries', () => {
  it('retries a failed read 3 times: server errors, network errors and 4xx answers the client does not handle', () => {
    for (const error of [answer(500), answer(502), answer(400), answer(409), new TypeError('fetch failed')]) {
      expect([0, 1, 2, 3].map((n) => retryRead(n, error))).toEqual([true, true, true, false]);
    }
  });

  it('never retries the answers §8 handles: 401, 403, 404 and 429', () => {
    for (const status of [401, 403, 404, 429]) expect(retryRead(0, answer(status))).toBe(false);
  });
});
