import { createHash } from 'node:crypto';
import type { RedisClient } from '../lib/redis-client.ts';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { AttemptThrottle, type AttemptRule } from '../lib/attempt-throttle.ts';
import { Throttle, type ThrottleCounter, type ThrottleRule } from '../lib/throttle.ts';

export type { AttemptRule, ThrottleRule };

/**
 * Login reserves every attempt (right or wrong) before the password is checked, per account and address (the
 * one a guesser hammers: locking it locks out nobody else), per account from anywhere and per address for any
 * account, with growing lockouts; a sign-in clears its account and address. Forgot-password counts requests;
 * reset counts bad tokens.
 */
export interface ThrottleLimits {
  loginPerAccountAndIp: AttemptRule;
  loginPerAccount: AttemptRule;
  loginPerIp: AttemptRule;
  forgotPerAccount: ThrottleRule;
  forgotPerIp: ThrottleRule;
  resetPerIp: ThrottleRule;
  /** Registration counts every request, per address and over the whole site. */
  registerPerIp: AttemptRule;
  registerOverall: AttemptRule;
  /** "Someone tried to register with your address" mails to one account (more are not sent). */
  registerNoticePerAccount: ThrottleRule;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  loginPerAccountAndIp: { limit: 10, windowS: 900, lockS: 30, maxLockS: 900 },
  loginPerAccount: { limit: 50, windowS: 900, lockS: 30, maxLockS: 900 },
  loginPerIp: { limit: 100, windowS: 900, lockS: 30, maxLockS: 900 },
  forgotPerAccount: { limit: 5, windowS: 3600 },
  forgotPerIp: { limit: 20, windowS: 3600 },
  resetPerIp: { limit: 20, windowS: 900 },
  registerPerIp: { limit: 10, windowS: 3600 },
  registerOverall: { limit: 500, windowS: 3600 },
  registerNoticePerAccount: { limit: 3, windowS: 86_400 },
};

type By = 'account' | 'ip' | 'account-ip' | 'site';
export type AuthCounter = readonly [by: By, subject: string, rule: ThrottleRule];
export type AttemptAuthCounter = readonly [by: By, subject: string, rule: AttemptRule];

/**
 * The accounts' attempt counters (lib/throttle.ts counts them). An account is keyed by a hash of its e-mail
 * address, whether or not it exists (the answer must not tell), and so that Redis holds no addresses.
 */
export class AuthThrottle {
  private readonly throttle: Throttle;
  private readonly attempts: AttemptThrottle;

  constructor(
    redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {
    this.throttle = new Throttle(redis, 'auth:too-many-requests');
    this.attempts = new AttemptThrottle(redis, 'auth:too-many-requests');
  }

  /** An account and address pair is `<account>\n<address>`; hashed like an account. */
  static pair(account: string, ip: string): string {
    return `${account}\n${ip}`;
  }

  private key(action: string, by: By, subject: string): string {
    const id =
      by === 'ip' || by === 'site'
        ? subject
        : createHash('sha256').update(subject).digest('hex').slice(0, 32);
    return this.keys.authThrottle(action, by, id);
  }

  /**
   * Counts this attempt on every counter before the work it guards, in order, or throws 429
   * auth:too-many-requests (Retry-After) and counts it nowhere. The caller gives it back with `release`.
   */
  reserve(action: string, counters: readonly AttemptAuthCounter[]): Promise<void> {
    return this.attempts.reserve(
      counters.map(([by, subject, rule]) => ({ key: this.key(action, by, subject), rule })),
    );
  }

  /** Gives a reserved attempt back to these counters (it succeeded). */
  release(action: string, counters: readonly (readonly [by: By, subject: string])[]): Promise<void> {
    return this.attempts.release(counters.map(([by, subject]) => this.key(action, by, subject)));
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
