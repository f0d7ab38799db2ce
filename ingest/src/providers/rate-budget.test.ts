import { describe, expect, it } from 'vitest';
import { UpstreamError } from './errors.ts';
import { RateBudget } from './rate-budget.ts';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from './testing/shared-data.ts';

const NOW = Date.UTC(2022, 8, 12, 23, 6, 43);

function refusal(budget: RateBudget, now: number): UpstreamError {
  try {
    budget.take(now);
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('the budget let the call through');
}

warnIfNoSharedData('rate-budget (recorded football-data headers)');

describe.skipIf(!hasSharedData)('RateBudget with football-data.org recorded headers', () => {
  const recorded = (file: string): Record<string, string[]> =>
    (readSharedJson(`football-data/${file}`) as { headers: Record<string, string[]> }).headers;

  it('spends the 4 calls left this minute, then refuses until X-RequestCounter-Reset (58 s) has passed', () => {
    const budget = new RateBudget();
    budget.observe(recorded('v4_competitions_BL1_scorers.recorded-http.json'), NOW);
    for (let i = 0; i < 4; i++) budget.take(NOW + i);

    const error = refusal(budget, NOW + 10_000);
    expect(error.code).toBe('ingest:rate-budget-exhausted');
    expect(error.details.retryAfterMs).toBe(48_000);
    expect(error.retryable).toBe(true);
    // Once the minute has turned, calls go out again.
    expect(() => budget.take(NOW + 58_000)).not.toThrow();
  });

  it('takes the provider numbers over its own count on every response', () => {
    const budget = new RateBudget();
    budget.observe(recorded('v4_competitions_BL1_standings_TOTAL-HOME-AWAY.recorded-http.json'), NOW);
    expect(budget.snapshot().minute).toEqual({ remaining: 7, limit: null, resetAt: NOW + 59_000 });
    budget.take(NOW);
    budget.observe(recorded('v4_matches_417211_FINISHED.recorded-http.json'), NOW + 1000);
    expect(budget.snapshot().minute?.remaining).toBe(9);
  });
});

describe('RateBudget with API-Football headers', () => {
  it('reads the daily and per-minute windows whatever the header case, and refuses until 00:00 UTC when the day is spent', () => {
    const budget = new RateBudget();
    budget.observe(
      new Headers({
        'x-ratelimit-requests-limit': '100',
        'x-ratelimit-requests-remaining': '0',
        'X-RateLimit-Limit': '10',
        'X-RateLimit-Remaining': '9',
      }),
      NOW,
    );
    expect(budget.snapshot().minute).toEqual({ remaining: 9, limit: 10, resetAt: NOW + 60_000 });
    expect(budget.snapshot().day).toEqual({ remaining: 0, limit: 100, resetAt: Date.UTC(2022, 8, 13) });
    expect(refusal(budget, NOW).details.retryAfterMs).toBe(Date.UTC(2022, 8, 13) - NOW);
  });

  it('refuses for the minute when the per-minute window is spent', () => {
    const budget = new RateBudget();
    budget.observe({ 'X-RateLimit-Remaining': ['0'], 'x-ratelimit-requests-remaining': ['50'] }, NOW);
    expect(refusal(budget, NOW + 15_000).details.retryAfterMs).toBe(45_000);
  });

  it('learns the size of a minute football-data only says what is left of, and assumes a fresh one after it', () => {
    const budget = new RateBudget();
    expect(budget.minute(NOW)).toBeNull();
    budget.observe({ 'x-requests-available-minute': '9', 'x-requestcounter-reset': '60' }, NOW);
    expect(budget.minute(NOW)).toEqual({ remaining: 9, capacity: 10, resetAt: NOW + 60_000 });
    budget.observe({ 'x-requests-available-minute': '3', 'x-requestcounter-reset': '20' }, NOW + 40_000);
    expect(budget.minute(NOW + 40_000)?.capacity).toBe(10);
    // The minute has turned and nothing was called since: all ten again, the reset a minute away at most.
    expect(budget.minute(NOW + 61_000)).toEqual({ remaining: 10, capacity: 10, resetAt: NOW + 121_000 });
  });

  it('keeps a reserve back when asked to', () => {
    const budget = new RateBudget(2);
    budget.observe({ 'X-RateLimit-Remaining': '3' }, NOW);
    budget.take(NOW);
    expect(refusal(budget, NOW).code).toBe('ingest:rate-budget-exhausted');
  });

  it('lets everything through while no provider has said anything, and ignores garbage values', () => {
    const budget = new RateBudget();
    budget.observe({ 'X-RateLimit-Remaining': 'lots' }, NOW);
    for (let i = 0; i < 100; i++) budget.take(NOW);
    expect(budget.snapshot()).toEqual({ minute: null, day: null, pausedUntil: null });
  });

  it('holds everything back while a Retry-After pause runs', () => {
    const budget = new RateBudget();
    budget.pauseFor(30_000, NOW);
    expect(refusal(budget, NOW + 10_000).details.retryAfterMs).toBe(20_000);
    expect(() => budget.take(NOW + 30_000)).not.toThrow();
  });
});
