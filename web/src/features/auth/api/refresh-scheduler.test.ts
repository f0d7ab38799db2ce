import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PitchsideError } from '@pitchside/shared/errors';
import { createRefreshScheduler } from './refresh-scheduler.ts';
import { isTransientError } from '../../../lib/session/auth-fetch.ts';
import { tokensFrom } from '../../../lib/session/token-timing.ts';

const pair = (expires_in: number) => ({
  access_token: `a${expires_in}`,
  refresh_token: `r${expires_in}`,
  expires_in,
  refresh_expires_in: 2_592_000,
});

describe('the early refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  const scheduler = (refresh: () => Promise<void>) =>
    createRefreshScheduler({
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      refresh,
      isRetryable: isTransientError,
    });

  it('refreshes 5 minutes before the access token expires', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    scheduler(refresh).plan(tokensFrom(pair(1800), 0));
    await vi.advanceTimersByTimeAsync(1_500_000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('retries after network errors from 30 s doubling to 960 s, and a new pair ends the back-off', async () => {
    const calls: number[] = [];
    const refresh = vi.fn(() => {
      calls.push(Date.now());
      return Promise.reject(new PitchsideError('auth:network-request-failed'));
    });
    const s = scheduler(refresh);
    s.plan(tokensFrom(pair(1800), 0));
    await vi.advanceTimersByTimeAsync(
      1_500_000 + 30_000 + 60_000 + 120_000 + 240_000 + 480_000 + 960_000 + 960_000,
    );
    const gaps = calls.slice(1).map((at, i) => at - calls[i]!);
    expect(gaps).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000]);
    // Another tab refreshed: the plan starts over from the new pair, no retry pending.
    s.plan(tokensFrom(pair(3600), Date.now()));
    const before = refresh.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3_600_000 - 300_000 - 1);
    expect(refresh.mock.calls.length).toBe(before);
  });

  it('stops when the refresh is refused (the session is over) or the visitor signs out', async () => {
    const refused = vi.fn(() => Promise.reject(new PitchsideError('auth:refresh-invalid')));
    scheduler(refused).plan(tokensFrom(pair(1800), 0));
    await vi.advanceTimersByTimeAsync(3_000_000);
    expect(refused).toHaveBeenCalledTimes(1);

    const refresh = vi.fn(() => Promise.resolve());
    const s = scheduler(refresh);
    s.plan(tokensFrom(pair(1800), Date.now()));
    s.plan(null);
    await vi.advanceTimersByTimeAsync(3_000_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
