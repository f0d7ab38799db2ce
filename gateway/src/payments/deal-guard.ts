import type { RequestHandler } from 'express';
import { DealCodeSchema } from '@pitchside/shared/payments';
import { PitchsideError } from '@pitchside/shared/errors';
import { sendError } from '../rest/http-errors.ts';
import { isLoopbackAddress } from '../lib/site-origin.ts';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { AttemptThrottle, type AttemptRule } from '../lib/attempt-throttle.ts';
import type { RedisClient } from '../lib/redis-client.ts';

/**
 * Wrong deal codes per address: 10 in 15 minutes, then a minute's wait, doubling up to an hour. A fan who
 * mistypes a code retries at once; a word list of 10,000 marketing words takes one address months.
 */
export const DEFAULT_DEAL_GUESSES: AttemptRule = { limit: 10, windowS: 900, lockS: 60, maxLockS: 3600 };

/**
 * Hidden plans and discounts open with a deal code, so codes must not be guessed (issue 17 §3). Each lookup
 * with a code is reserved against its address before the code is looked up (a burst gets exactly the
 * allowance through); a code that exists gives its attempt back, an unknown one keeps it. Refused: 429
 * `request:rate-limited` with Retry-After, without looking the code up.
 *
 * The website's server render reads the API over loopback for every visitor: loopback is not counted there,
 * and `pageGuard` counts a page's `?deal=` against the visitor's own address before the page is rendered.
 */
export class DealGuard {
  private readonly attempts: AttemptThrottle;

  constructor(
    redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly rule: AttemptRule = DEFAULT_DEAL_GUESSES,
  ) {
    this.attempts = new AttemptThrottle(redis, 'request:rate-limited');
  }

  /** Runs `lookup` (which reads the code) as one guess from `ip`; without a code, just runs it. */
  async guess<T>(ip: string, code: string | undefined, lookup: () => Promise<T>): Promise<T> {
    if (!code || isLoopbackAddress(ip)) return lookup();
    const key = this.keys.dealGuesses(ip);
    await this.attempts.reserve([{ key, rule: this.rule }]);
    try {
      const found = await lookup();
      await this.attempts.release([key]);
      return found;
    } catch (error) {
      const wrongCode = error instanceof PitchsideError && error.code === 'deal:not-found';
      if (!wrongCode) await this.attempts.release([key]);
      throw error;
    }
  }

  /**
   * For pages: a `?deal=` is one guess from the visitor's address, checked with `exists` before the page is
   * rendered (the render's own lookup is loopback, not counted). Refused: 429 `request:rate-limited`.
   */
  pageGuard(exists: (code: string) => Promise<unknown>): RequestHandler {
    return async (req, res, next) => {
      const parsed = DealCodeSchema.safeParse(req.query.deal);
      if (!parsed.success) return next();
      try {
        await this.guess(req.ip ?? '', parsed.data, () => exists(parsed.data));
        next();
      } catch (error) {
        if (error instanceof PitchsideError && error.code === 'deal:not-found') return next();
        if (error instanceof PitchsideError) return sendError(res, error);
        next(error);
      }
    };
  }
}
