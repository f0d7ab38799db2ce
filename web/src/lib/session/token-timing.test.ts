import { describe, expect, it } from 'vitest';
import { earlyRefreshDelay, isExpired, refreshRetryDelay, tokensFrom, tokenStatus } from './token-timing.ts';

const pair = (expires_in: number, refresh_expires_in = 2_592_000) => ({
  access_token: 'a',
  refresh_token: 'r',
  expires_in,
  refresh_expires_in,
});

describe('token timing', () => {
  it('counts lifetimes from the moment the answer arrived', () => {
    const tokens = tokensFrom(pair(1800, 3600), 1_000_000);
    expect(tokens.accessExpiresAt).toBe(1_000_000 + 1_800_000);
    expect(tokens.refreshExpiresAt).toBe(1_000_000 + 3_600_000);
  });

  it('treats a token as expired 500 ms before its stated expiry (SPEC 4)', () => {
    expect(isExpired(10_000, 9_499)).toBe(false);
    expect(isExpired(10_000, 9_500)).toBe(true);
    const tokens = tokensFrom(pair(10), 0);
    expect(tokenStatus(tokens, 9_499)).toBe('valid');
    expect(tokenStatus(tokens, 9_500)).toBe('expired');
    expect(tokenStatus(null, 0)).toBe('unknown');
  });

  it('plans the early refresh 5 minutes before expiry, half-way for short-lived tokens', () => {
    expect(earlyRefreshDelay(tokensFrom(pair(86_400), 0), 0)).toBe(86_400_000 - 300_000);
    expect(earlyRefreshDelay(tokensFrom(pair(1800), 0), 600_000)).toBe(1_800_000 - 300_000 - 600_000);
    // A 4 s token would otherwise refresh at once, forever.
    expect(earlyRefreshDelay(tokensFrom(pair(4), 0), 0)).toBe(2000);
    expect(earlyRefreshDelay(tokensFrom(pair(1800), 0), 1_700_000)).toBe(0);
  });

  it('backs off from 30 s, doubling, up to 960 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(refreshRetryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
  });
});
