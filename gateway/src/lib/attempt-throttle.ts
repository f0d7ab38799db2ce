import type { ErrorCode } from '@pitchside/shared/errors';
import { RetryAfterError } from '../rest/http-errors.ts';
import type { RedisClient } from './redis-client.ts';

/**
 * A limit on attempts that are reserved before the work they guard (a password check). `limit` attempts
 * within `windowS`; the next one starts a lockout. With `lockS`, lockouts grow: the first lasts `lockS`, and
 * after each one a single attempt is allowed before the next, twice as long, up to `maxLockS` (progressive
 * delays: a guesser slows down fast, a person who mistyped waits seconds or minutes, not a fixed quarter of an
 * hour). Without `lockS` the lockout lasts until the window ends. A lockout is not made longer by the
 * attempts refused during it, and the strikes are forgotten after a quiet window.
 */
export interface AttemptRule {
  limit: number;
  windowS: number;
  lockS?: number;
  maxLockS?: number;
}

/** One counter: its key (from the key builder, shared/src/redis/keys.ts) and its rule. */
export interface AttemptCounter {
  key: string;
  rule: AttemptRule;
}

// One key per script, so it runs on a Redis Cluster. A hash: c (attempts in the window), w (window end, ms),
// l (locked until, ms), s (lockouts so far). Answers {1, 0} when the attempt may go ahead (it is counted),
// {0, ms to wait} when not.
const RESERVE = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local lock = tonumber(ARGV[4])
local maxLock = tonumber(ARGV[5])
local v = redis.call('HMGET', KEYS[1], 'c', 'w', 'l', 's')
local count = tonumber(v[1]) or 0
local windowEnd = tonumber(v[2]) or 0
local lockedUntil = tonumber(v[3]) or 0
local strikes = tonumber(v[4]) or 0
if lockedUntil > now then return {0, lockedUntil - now} end
if windowEnd <= now then
  count = 0
  windowEnd = now + window
end
local allowance = limit
if lock > 0 and strikes > 0 then allowance = 1 end
local answer
if count >= allowance then
  strikes = strikes + 1
  local wait = windowEnd - now
  if lock > 0 then wait = math.floor(math.min(lock * 2 ^ (strikes - 1), maxLock)) end
  lockedUntil = now + wait
  count = 0
  windowEnd = lockedUntil + window
  answer = {0, wait}
else
  count = count + 1
  answer = {1, 0}
end
redis.call('HSET', KEYS[1], 'c', count, 'w', windowEnd, 'l', lockedUntil, 's', strikes)
redis.call('PEXPIRE', KEYS[1], math.max(windowEnd, lockedUntil) - now + window)
return answer
`;

// Gives back one reserved attempt (the work succeeded, or another counter refused it).
const RELEASE = `
local count = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
if count > 0 then redis.call('HSET', KEYS[1], 'c', count - 1) end
return 0
`;

/**
 * Reserve, then verify: `reserve` counts the attempt on every counter before the caller does the work, in
 * one Lua script per counter, so a burst of parallel requests gets exactly the allowance through and the rest
 * refused (429 with Retry-After), whatever the work's answer would have been. Counters are reserved most
 * specific first; when one refuses, those already reserved are given back, so a refused attempt counts
 * nowhere (hammering a locked pair does not lock the whole account or address).
 */
export class AttemptThrottle {
  constructor(
    private readonly redis: RedisClient,
    /** The error a refused attempt answers with (429 and Retry-After). */
    private readonly code: ErrorCode,
    private readonly now: () => number = Date.now,
  ) {}

  async reserve(counters: readonly AttemptCounter[]): Promise<void> {
    const reserved: string[] = [];
    for (const { key, rule } of counters) {
      const [ok, waitMs] = (await this.redis.eval(
        RESERVE,
        1,
        key,
        this.now(),
        rule.limit,
        rule.windowS * 1000,
        (rule.lockS ?? 0) * 1000,
        (rule.maxLockS ?? rule.lockS ?? 0) * 1000,
      )) as [number, number];
      if (ok === 1) {
        reserved.push(key);
        continue;
      }
      await this.release(reserved);
      throw new RetryAfterError(this.code, Math.max(1, Math.ceil(waitMs / 1000)));
    }
  }

  /** Gives the reserved attempt back (a success that should not count against the limit). */
  async release(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.redis.eval(RELEASE, 1, key)));
  }

  /** Forgets a counter, its lockouts included (a successful sign-in from this address to this account). */
  async clear(key: string): Promise<void> {
    await this.redis.del(key);
  }
}
