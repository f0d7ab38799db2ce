/**
 * API-Football's request budget: a per-minute limit (429 once spent) and a daily quota, both reported on
 * every answer (https://www.api-football.com/news/post/how-ratelimit-works):
 * `x-ratelimit-requests-limit` / `x-ratelimit-requests-remaining` for the day,
 * `X-RateLimit-Limit` / `X-RateLimit-Remaining` for the minute.
 *
 * Counted in real time, not simulated time: the limit protects the server from its clients, whatever
 * speed the match day runs at. Windows are fixed (the minute and the UTC day a request falls in).
 */
export interface BudgetDecision {
  allowed: boolean;
  /** Which limit refused the request. */
  refusedBy: 'minute' | 'day' | null;
  headers: Record<string, string>;
  /** Seconds until the refusing window resets. */
  retryAfterSeconds: number | null;
}

export class RequestBudget {
  private minute = { window: -1, count: 0 };
  private day = { window: -1, count: 0 };

  constructor(
    readonly perMinute: number,
    readonly perDay: number,
    private readonly realNow: () => number = Date.now,
  ) {}

  /** Counts one request and says whether it may be answered. Refused calls still use the daily quota. */
  take(): BudgetDecision {
    const now = this.realNow();
    const minuteWindow = Math.floor(now / 60_000);
    const dayWindow = Math.floor(now / 86_400_000);
    if (this.minute.window !== minuteWindow) this.minute = { window: minuteWindow, count: 0 };
    if (this.day.window !== dayWindow) this.day = { window: dayWindow, count: 0 };

    this.day.count++;
    let refusedBy: BudgetDecision['refusedBy'] = null;
    if (this.day.count > this.perDay) refusedBy = 'day';
    else if (this.minute.count >= this.perMinute) refusedBy = 'minute';
    else this.minute.count++;

    const retryAfterSeconds =
      refusedBy === 'minute'
        ? Math.ceil(((minuteWindow + 1) * 60_000 - now) / 1000)
        : refusedBy === 'day'
          ? Math.ceil(((dayWindow + 1) * 86_400_000 - now) / 1000)
          : null;
    return { allowed: refusedBy === null, refusedBy, headers: this.headers(), retryAfterSeconds };
  }

  /** Current numbers, without counting a request (for /status). */
  usage(): { today: number; thisMinute: number } {
    return { today: this.day.count, thisMinute: this.minute.count };
  }

  private headers(): Record<string, string> {
    return {
      'x-ratelimit-requests-limit': String(this.perDay),
      'x-ratelimit-requests-remaining': String(Math.max(0, this.perDay - this.day.count)),
      'X-RateLimit-Limit': String(this.perMinute),
      'X-RateLimit-Remaining': String(Math.max(0, this.perMinute - this.minute.count)),
    };
  }
}
