import { createHash } from 'node:crypto';
import type { RedisClient } from '../lib/redis-client.ts';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { RetryAfterError } from '../rest/http-errors.ts';

export interface ThrottleRule {
  /** Attempts allowed within the window; the next one is refused with 429 until the window ends. */
  limit: number;
  windowS: number;
}

/** Per account and per address. Login counts failures; forgot-password counts requests; reset counts bad tokens. */
export interface ThrottleLimits {
  loginPerAccount: ThrottleRule;
  loginPerIp: ThrottleRule;
  forgotPerAccount: ThrottleRule;
  forgotPerIp: ThrottleRule;
  resetPerIp: ThrottleRule;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  loginPerAccount: { limit: 10, windowS: 900 },
  loginPerIp: { limit: 100, windowS: 900 },
  forgotPerAccount: { limit: 5, windowS: 3600 },
  forgotPerIp: { limit: 20, windowS: 3600 },
  resetPerIp: { limit: 20, windowS: 900 },
};

type By = 'account' | 'ip';

/**
 * Fixed-window counters in Redis, shared by every gateway. An account is keyed by a hash of its e-mail
 * address, whether or not it exists (the answer must not tell), and so that Redis holds no addresses.
 */
export class AuthThrottle {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  private key(action: string, by: By, subject: string): string {
    const id = by === 'account' ? createHash('sha256').update(subject).digest('hex').slice(0, 32) : subject;
    return this.keys.authThrottle(action, by, id);
  }

  /** Throws 429 auth:too-many-requests, with Retry-After, when any of the counters is at its limit. */
  async check(action: string, counters: [By, string, ThrottleRule][]): Promise<void> {
    for (const [by, subject, rule] of counters) {
      const key = this.key(action, by, subject);
      const [[, count], [, ttl]] = (await this.redis.multi().get(key).ttl(key).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      if (Number(count ?? 0) >= rule.limit) {
        throw new RetryAfterError('auth:too-many-requests', ttl > 0 ? ttl : rule.windowS);
      }
    }
  }

  async hit(action: string, counters: [By, string, ThrottleRule][]): Promise<void> {
    // One transaction per counter: each counter is one key, and on a Redis Cluster the keys of one MULTI
    // must share a slot. What must be atomic is a counter and its expiry, never two counters together.
    await Promise.all(
      counters.map(([by, subject, rule]) => {
        const key = this.key(action, by, subject);
        // NX: the window starts at the first attempt and is not pushed back by later ones.
        return this.redis.multi().incr(key).expire(key, rule.windowS, 'NX').exec();
      }),
    );
  }

  async clear(action: string, by: By, subject: string): Promise<void> {
    await this.redis.del(this.key(action, by, subject));
  }
}
