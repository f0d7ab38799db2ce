import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { ErrorCode } from '@pitchside/shared/errors';
import { RetryAfterError } from '../rest/http-errors.ts';
import type { RedisClient } from './redis-client.ts';

export interface ThrottleRule {
  /** Attempts allowed within the window; the next one is refused with 429 until the window ends. */
  limit: number;
  windowS: number;
}

/** One counter: its key (from the key builder, shared/src/redis/keys.ts) and its rule. */
export interface ThrottleCounter {
  key: string;
  rule: ThrottleRule;
}

/**
 * Every attempt counter of the gateway (sign-in, password reset, social sign-in starts, the contact form),
 * in Redis and shared by every gateway: a fixed window that starts at the first attempt and is not pushed
 * back by later ones. rate-limiter-flexible's RateLimiterRedis does the counting: one Lua script per counter
 * starts the window, counts and reads the time left in one step (one key per script, so it runs on a Redis
 * Cluster too). Keys are used as given (no library prefix): they come from our key builder.
 *
 * Two ways to count. `consume` counts first and refuses what went over, so a burst of parallel requests
 * cannot all slip in before the first one is counted: use it for work that counts every attempt. (Password
 * checks reserve their attempts with growing lockouts instead: attempt-throttle.ts.)
 * `check` then `fail` refuse at the limit without counting, and count only what failed afterwards.
 */
export class Throttle {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly redis: RedisClient,
    /** The error a refused attempt answers with (429 and Retry-After). */
    private readonly code: ErrorCode,
  ) {}

  /** Counts one attempt on every counter; refuses when any is now over its limit (the attempt stays counted). */
  async consume(counters: readonly ThrottleCounter[]): Promise<void> {
    const refused = await Promise.all(
      counters.map(async ({ key, rule }) => {
        try {
          await this.limiter(rule).consume(key);
          return null;
        } catch (result) {
          if (result instanceof RateLimiterRes) return retryAfterS(result, rule);
          throw result;
        }
      }),
    );
    const waits = refused.filter((s): s is number => s !== null);
    if (waits.length > 0) throw new RetryAfterError(this.code, Math.max(...waits));
  }

  /** Refuses when any counter is already at its limit; counts nothing. */
  async check(counters: readonly ThrottleCounter[]): Promise<void> {
    for (const { key, rule } of counters) {
      const state = await this.limiter(rule).get(key);
      if (state && state.consumedPoints >= rule.limit)
        throw new RetryAfterError(this.code, retryAfterS(state, rule));
    }
  }

  /** Counts one failed attempt on every counter (never refuses: the failure already happened). */
  async fail(counters: readonly ThrottleCounter[]): Promise<void> {
    await Promise.all(counters.map(({ key, rule }) => this.limiter(rule).penalty(key)));
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(key);
  }

  private limiter(rule: ThrottleRule): RateLimiterRedis {
    const id = `${rule.limit}/${rule.windowS}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: '',
        points: rule.limit,
        duration: rule.windowS,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

const retryAfterS = (state: RateLimiterRes, rule: ThrottleRule): number =>
  state.msBeforeNext > 0 ? Math.ceil(state.msBeforeNext / 1000) : rule.windowS;
