import { createHash } from 'node:crypto';
import type { RedisClient } from '../lib/redis-client.ts';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { Throttle, type ThrottleCounter, type ThrottleRule } from '../lib/throttle.ts';

export type { ThrottleRule };

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
export type AuthCounter = readonly [by: By, subject: string, rule: ThrottleRule];

/**
 * The accounts' attempt counters (lib/throttle.ts counts them). An account is keyed by a hash of its e-mail
 * address, whether or not it exists (the answer must not tell), and so that Redis holds no addresses.
 */
export class AuthThrottle {
  private readonly throttle: Throttle;

  constructor(
    redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {
    this.throttle = new Throttle(redis, 'auth:too-many-requests');
  }

  private key(action: string, by: By, subject: string): string {
    const id = by === 'account' ? createHash('sha256').update(subject).digest('hex').slice(0, 32) : subject;
    return this.keys.authThrottle(action, by, id);
  }

  private counters(action: string, counters: readonly AuthCounter[]): ThrottleCounter[] {
    return counters.map(([by, subject, rule]) => ({ key: this.key(action, by, subject), rule }));
  }

  /** Counts this attempt, then throws 429 auth:too-many-requests (Retry-After) if a counter went over. */
  consume(action: string, counters: readonly AuthCounter[]): Promise<void> {
    return this.throttle.consume(this.counters(action, counters));
  }

  /** Throws 429 auth:too-many-requests, with Retry-After, when any of the counters is at its limit. */
  check(action: string, counters: readonly AuthCounter[]): Promise<void> {
    return this.throttle.check(this.counters(action, counters));
  }

  /** Counts a failed attempt. */
  hit(action: string, counters: readonly AuthCounter[]): Promise<void> {
    return this.throttle.fail(this.counters(action, counters));
  }

  async clear(action: string, by: By, subject: string): Promise<void> {
    await this.throttle.clear(this.key(action, by, subject));
  }
}
