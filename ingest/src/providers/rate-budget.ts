import { AsyncLocalStorage } from 'node:async_hooks';
import { UpstreamError } from './errors.ts';

/** Response headers as fetch gives them, or as a recorded exchange stores them (name -> values). */
export type HeaderSource = Headers | Record<string, string | readonly string[] | undefined>;

type WindowName = 'minute' | 'day';
interface RateWindow {
  remaining: number;
  /** The window's size as the provider's headers say it; null when they only say what is left. */
  limit: number | null;
  /** When the provider starts counting afresh (ms since the epoch). */
  resetAt: number;
}

/** The minute window as a planner spends it: what is left, how big it is, when it starts afresh. */
export interface MinuteBudget {
  remaining: number;
  /**
   * Calls per minute: the provider's limit header, or (football-data sends none) the most it ever said was
   * left plus the call that answer counted.
   */
  capacity: number;
  resetAt: number;
}

/**
 * Decides whether a call may go out now, given the budget it would spend; refuses by throwing. Set around a
 * job by whoever plans the budget (planner/request-planner.ts), so adapters need not know who asks.
 */
export type RequestGate = (budget: RateBudget, now: number) => void;
const gates = new AsyncLocalStorage<RequestGate>();

/** Runs `fn` with every budgeted call it makes (however deep, however async) passing `gate` first. */
export const withRequestGate = <T>(gate: RequestGate, fn: () => Promise<T>): Promise<T> =>
  gates.run(gate, fn);

export interface RateBudgetSnapshot {
  minute: RateWindow | null;
  day: RateWindow | null;
  pausedUntil: number | null;
}

const MINUTE_MS = 60_000;

/**
 * The provider's request budget, learned from its response headers, so we stop calling before the provider
 * starts refusing (API-Football counts refused calls against the daily quota too).
 *
 * - API-Football: `x-ratelimit-requests-limit` / `x-ratelimit-requests-remaining` per day (the quota resets at
 *   00:00 UTC), `X-RateLimit-Limit` / `X-RateLimit-Remaining` per minute (no reset header: we assume the minute
 *   runs from the last response that reported it, which errs on the side of waiting).
 * - football-data.org v4: `X-Requests-Available-Minute` and `X-RequestCounter-Reset` (seconds until reset).
 *
 * A window we have never heard about, or whose reset time has passed, does not hold calls back.
 */
export class RateBudget {
  private readonly windows = new Map<WindowName, RateWindow>();
  private pausedUntil = 0;
  /** Learned across windows: football-data says how many calls are left, never how many there were. */
  private minuteCapacity = 0;

  /** `reserve` calls per window are kept back, e.g. for a manual retry; 0 spends the whole budget. */
  constructor(private readonly reserve = 0) {}

  /**
   * Counts one call against every known window, or throws `ingest:rate-budget-exhausted` with the time to wait.
   * Counting locally keeps concurrent polls from all passing on the same stale "1 remaining".
   */
  take(now: number = Date.now()): void {
    if (this.pausedUntil > now) throw exhausted('the provider asked us to wait', this.pausedUntil - now);
    for (const [name, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(name);
      else if (window.remaining <= this.reserve) {
        throw exhausted(`the per-${name} budget is spent`, window.resetAt - now);
      }
    }
    gates.getStore()?.(this, now);
    for (const window of this.windows.values()) window.remaining--;
  }

  /**
   * The minute window now; once the last one reported has turned, a fresh one of the size learned (its reset
   * unknown until the next answer says: assumed a minute away). Null while the provider never described one.
   */
  minute(now: number = Date.now()): MinuteBudget | null {
    const window = this.windows.get('minute');
    if (!window || window.resetAt <= now) {
      if (this.minuteCapacity <= 0) return null;
      return { remaining: this.minuteCapacity, capacity: this.minuteCapacity, resetAt: now + MINUTE_MS };
    }
    return {
      remaining: window.remaining,
      capacity: window.limit ?? this.minuteCapacity,
      resetAt: window.resetAt,
    };
  }

  /** Reads whatever budget headers a response carries; the provider's numbers replace our local count. */
  observe(headers: HeaderSource, now: number = Date.now()): void {
    const get = headerReader(headers);

    const minuteRemaining = toCount(get('x-ratelimit-remaining') ?? get('x-requests-available-minute'));
    if (minuteRemaining !== null) {
      const resetSeconds = toCount(get('x-requestcounter-reset'));
      const limit = toCount(get('x-ratelimit-limit'));
      this.minuteCapacity = limit ?? Math.max(this.minuteCapacity, minuteRemaining + 1);
      this.windows.set('minute', {
        remaining: minuteRemaining,
        limit,
        resetAt: now + (resetSeconds !== null ? resetSeconds * 1000 : MINUTE_MS),
      });
    }

    const dayRemaining = toCount(get('x-ratelimit-requests-remaining'));
    if (dayRemaining !== null) {
      this.windows.set('day', {
        remaining: dayRemaining,
        limit: toCount(get('x-ratelimit-requests-limit')),
        resetAt: nextUtcMidnight(now),
      });
    }
  }

  /** After a 429: nothing goes out until the provider's Retry-After has passed. */
  pauseFor(ms: number, now: number = Date.now()): void {
    this.pausedUntil = Math.max(this.pausedUntil, now + ms);
  }

  snapshot(): RateBudgetSnapshot {
    const copy = (name: WindowName): RateWindow | null => {
      const w = this.windows.get(name);
      return w ? { ...w } : null;
    };
    return { minute: copy('minute'), day: copy('day'), pausedUntil: this.pausedUntil || null };
  }
}

const exhausted = (why: string, retryAfterMs: number): UpstreamError =>
  new UpstreamError('ingest:rate-budget-exhausted', `Rate budget exhausted: ${why}`, {
    retryAfterMs: Math.max(0, Math.ceil(retryAfterMs)),
  });

/** Header names are case-insensitive (RFC 9110 §5.1); recorded exchanges keep whatever case the server sent. */
function headerReader(headers: HeaderSource): (name: string) => string | undefined {
  if (headers instanceof Headers) return (name) => headers.get(name) ?? undefined;
  const lower = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const first = typeof value === 'string' ? value : value?.[0];
    if (first !== undefined) lower.set(name.toLowerCase(), first);
  }
  return (name) => lower.get(name);
}

function toCount(value: string | undefined): number | null {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}
