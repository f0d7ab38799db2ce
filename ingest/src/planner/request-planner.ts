import { AsyncLocalStorage } from 'node:async_hooks';
import type { OpsPlanner } from '@pitchside/shared/protocol';
import type { MinuteBudget, RateBudget } from '../providers/rate-budget.ts';
import { withRequestGate } from '../providers/rate-budget.ts';

/**
 * What a provider call is for, most important first (issue 16 §4): the live scores of live matches, then the
 * details of live and just-finished matches, then the fixture lists, then what a fan asked for and waits on
 * (a head-to-head, a team's form), then tables, teams and squads. News comes from the RSS feed, not the
 * provider, and spends none of its budget.
 */
export const REQUEST_CLASSES = [
  'live',
  'details',
  'fixtures',
  'on-demand',
  'standings',
  'teams',
  'squads',
] as const;
export type RequestClass = (typeof REQUEST_CLASSES)[number];

/** Why a call was held back. */
export type DeferReason =
  /** The class has used its share of the minute for now. */
  | 'paced'
  /** What is left of the minute is kept for the classes above. */
  | 'reserved'
  /** A class above it is still waiting for calls. */
  | 'behind';

/** Thrown by the gate instead of making the call: the job ends here and its next run carries on. */
export class DeferredError extends Error {
  constructor(
    readonly requestClass: RequestClass,
    readonly reason: DeferReason,
    /** When the call would have been let through, as far as the planner can tell (ms since the epoch). */
    readonly retryAt: number,
  ) {
    super(`${requestClass} call deferred (${reason})`);
    this.name = 'DeferredError';
  }
}

/**
 * Shares of the minute's calls while the classes above the rest want them. Live scores get half of it (at
 * football-data's free 10 a minute: a live poll every 12 s); details a fifth; fixtures, on-demand reads,
 * tables, teams and squads share the rest in that order. A share nobody wants goes to the classes below.
 */
const LIVE_SHARE = 0.5;
const DETAILS_SHARE = 0.2;
/** With no match live or about to kick off, the live list is read this often, for surprises only. */
const IDLE_LIVE_MS = 60_000;
/** A class may run this far ahead of its pace (seconds of its share), so a plentiful budget never paces. */
const BURST_MS = 30_000;
/** Calls let through at most before the first answer with budget headers; beyond them, nothing is held back. */
const BLIND_CALLS = 5;
/** A scheduled run comes a few ms either side of its time: this much early still counts as on time. */
const TOLERANCE_MS = 500;
/** How long "there are live matches" and "details are wanted" hold after the job that said so. */
const DEMAND_TTL_MS = 30_000;
/** How long a deferred class keeps the classes below it waiting, unless its job finishes first. */
const WAITING_TTL_MS = 120_000;
const MINUTE_MS = 60_000;

const BACKGROUND: readonly RequestClass[] = REQUEST_CLASSES.slice(2);
/** Where a budget's paces note the live wake-up they have taken into account. */
const LIVE_WOKE = 'live:woke';

const units = new AsyncLocalStorage<{ started: boolean }>();

/**
 * Runs one piece of work that takes several calls (a match's details: the fixture, then its lineups and
 * statistics) as a unit: once its first call is let through, the rest follow, their cost charged to the
 * class's pace, so the next unit waits longer. Without it a unit whose second call is deferred is asked for
 * again from its first call, and a tight budget would spend itself on first calls only.
 */
export const asOneUnit = <T>(fn: () => Promise<T>): Promise<T> =>
  // Inside a unit already (a live poll fetching an ended match with its list), the calls are that unit's.
  units.getStore() ? fn() : units.run({ started: false }, fn);

export interface PlannerOptions {
  /** poll-live's schedule: the live list is never read more often than this anyway. */
  liveIntervalMs: number;
  now?: () => number;
  /** Called for every call let through and every call held back (metrics). */
  onAdmit?: (requestClass: RequestClass) => void;
  onDefer?: (requestClass: RequestClass, reason: DeferReason) => void;
}

/** What the planner sees now, for operators (the ops page): shared's OpsPlanner, with our class names. */
export interface PlannerSnapshot extends OpsPlanner {
  admitted: Record<RequestClass, number>;
  deferred: Record<RequestClass, number>;
  waiting: RequestClass[];
  lastDeferred: { requestClass: RequestClass; reason: DeferReason; at: number } | null;
}

const zeroes = (): Record<RequestClass, number> =>
  Object.fromEntries(REQUEST_CLASSES.map((c) => [c, 0])) as Record<RequestClass, number>;

/**
 * Spends the provider's rate budget by priority. Every provider call of a job runs inside `run(class, …)`;
 * the budget (rate-budget.ts) asks the gate here before each call, and the gate either lets it through or
 * throws `DeferredError`, ending the job early: whatever it did so far is stored, its next run carries on
 * where it stopped (each job works stalest first).
 *
 * Why defer rather than wait: a job waiting for budget would hold one of the worker's slots (BullMQ
 * concurrency) for minutes and the live poll could find none free; a queueing rate limiter (bottleneck,
 * p-limit) holds callers, it does not turn them away. Deferring keeps every slot free for the live poll.
 *
 * How the minute is shared, once the provider has said how big it is (its headers, see rate-budget.ts):
 * - each class is paced by the generic cell rate algorithm (GCRA, ATM's traffic shaper, ITU-T I.371, as
 *   Redis rate limiters such as redis-cell use it: one number per class, the time its next call is due) at
 *   its share of the minute, with `BURST_MS` of slack, so a budget far above demand is never felt;
 * - calls of the classes below live leave enough of the minute for the live polls still due before it
 *   turns (`reserve`), so a squad refresh never takes the call a live score needed;
 * - fixtures, on-demand reads, tables, teams and squads share one pace in strict priority: a class waits
 *   while one above it was held back and has not finished since.
 * Before the first answer has said how big the minute is, the live poll and one other call go through; a
 * provider that never says (`BLIND_CALLS`) is not held back at all. Whatever the plan, a 429 and its
 * Retry-After (http-client.ts) pause everything.
 */
export class RequestPlanner {
  private readonly now: () => number;
  /** GCRA state per budget (a second sport's provider has its own) and pace. */
  private readonly paces = new WeakMap<RateBudget, Map<string, number>>();
  private liveActiveUntil = 0;
  /**
   * When live play last began (nothing was live, now something is): the live pace an idle read set (a minute
   * ahead) no longer holds from then on.
   */
  private liveWokeAt = 0;
  private detailsWantedUntil = 0;
  private readonly waitingSince = new Map<RequestClass, number>();
  private readonly admitted = zeroes();
  private readonly deferred = zeroes();
  private lastDeferred: PlannerSnapshot['lastDeferred'] = null;
  /** The budget the last call spent: what the snapshot describes (football's, but for a basketball call). */
  private lastBudget: RateBudget | null = null;
  /** Calls let through before the provider said anything about its budget. */
  private blindCalls = 0;

  constructor(private readonly options: PlannerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** poll-live says whether a match is live or about to kick off: the live share is held for it. */
  setLiveActive(active: boolean): void {
    const now = this.now();
    if (active && !this.liveActive(now)) this.liveWokeAt = now;
    this.liveActiveUntil = active ? now + DEMAND_TTL_MS : 0;
  }

  /** poll-details says it has matches to fetch: its share is held for it a while. */
  setDetailsWanted(wanted: boolean): void {
    this.detailsWantedUntil = wanted ? this.now() + DEMAND_TTL_MS : 0;
  }

  /**
   * Runs one job's work with its calls planned as `requestClass`. Resolves with what `fn` returned, how many
   * calls it made and whether the planner cut it short.
   */
  async run<T>(
    requestClass: RequestClass,
    fn: () => Promise<T>,
  ): Promise<{ result: T | null; calls: number; deferred: DeferredError | null }> {
    let calls = 0;
    const gate = (budget: RateBudget, now: number): void => {
      this.admit(requestClass, budget, now);
      calls++;
    };
    try {
      const result = await withRequestGate(gate, fn);
      this.waitingSince.delete(requestClass);
      return { result, calls, deferred: null };
    } catch (error) {
      if (error instanceof DeferredError) return { result: null, calls, deferred: error };
      // A job that failed is not waiting for the budget: it holds nobody back until it asks again.
      this.waitingSince.delete(requestClass);
      throw error;
    }
  }

  snapshot(): PlannerSnapshot {
    const now = this.now();
    const budget = this.lastBudget;
    const minute = budget?.minute(now) ?? null;
    const paused = budget?.snapshot().pausedUntil ?? 0;
    const waiting = BACKGROUND.filter((c) => this.isWaiting(c, now));
    return {
      at: now,
      minute: minute && {
        remaining: minute.remaining,
        capacity: minute.capacity,
        resetInS: Math.max(0, Math.round((minute.resetAt - now) / 1000)),
      },
      pausedForS: Math.max(0, Math.ceil((paused - now) / 1000)),
      liveActive: this.liveActive(now),
      livePaceS:
        minute && minute.capacity > 0
          ? Math.round(Math.max(this.liveInterval(minute, now), this.options.liveIntervalMs)) / 1000
          : null,
      admitted: { ...this.admitted },
      deferred: { ...this.deferred },
      waiting,
      lastDeferred: this.lastDeferred,
    };
  }

  /** The gate: lets one call of `requestClass` spend `budget`, or throws DeferredError. */
  private admit(requestClass: RequestClass, budget: RateBudget, now: number): void {
    this.lastBudget = budget;
    const minute = budget.minute(now);
    if (!minute || minute.capacity <= 0) {
      // Nothing known yet: at start-up every job asks at once, and a free tier's minute would be gone before
      // its first answer said how big it is. The live poll and one call go first; the rest wait for the
      // answer, unless the provider turns out to say nothing about its budget.
      if (this.blindCalls > 0 && this.blindCalls < BLIND_CALLS && requestClass !== 'live') {
        return this.defer(requestClass, 'paced', now + 1000, now);
      }
      this.blindCalls++;
      this.admitted[requestClass]++;
      this.options.onAdmit?.(requestClass);
      return;
    }
    const background = BACKGROUND.includes(requestClass);
    const key = background ? 'background' : requestClass;
    const paces = this.paces.get(budget) ?? new Map<string, number>();
    this.paces.set(budget, paces);
    // Matches went live since the last idle read (ingest started mid-match, a list found them in play): that
    // read's minute-long spacing is for quiet times, and the next live read goes at once.
    if (requestClass === 'live' && this.liveWokeAt > (paces.get(LIVE_WOKE) ?? 0)) {
      paces.delete('live');
      paces.set(LIVE_WOKE, this.liveWokeAt);
    }
    const interval = this.interval(requestClass, minute, now);
    const unit = units.getStore();
    if (unit?.started) {
      paces.set(key, Math.max(paces.get(key) ?? now, now) + interval);
      this.admitted[requestClass]++;
      this.options.onAdmit?.(requestClass);
      return;
    }
    // GCRA: `due` is when the class's next call is due at its pace; a call up to `slack` early passes (and
    // a scheduled run a moment early, `TOLERANCE_MS`). No slack for live polls: two in a row learn nothing
    // the second did not.
    const burst = requestClass === 'live' ? 0 : Math.max(0, Math.floor(BURST_MS / interval) - 1);
    const slack = burst * interval + Math.min(TOLERANCE_MS, interval / 10);
    const due = Math.max(paces.get(key) ?? now, now);
    if (background) {
      const above = BACKGROUND.slice(0, BACKGROUND.indexOf(requestClass));
      // Its turn comes once the class above has had its next call at the earliest.
      if (above.some((c) => this.isWaiting(c, now))) {
        return this.defer(requestClass, 'behind', Math.max(due - slack, now) + interval, now);
      }
    }
    const reserve = this.reserve(requestClass, minute, now);
    if (minute.remaining - 1 < reserve) {
      // What is kept shrinks as the minute runs out (and as matches end): look again after a live poll.
      const retryAt = Math.min(minute.resetAt, now + this.liveInterval(minute, now));
      return this.defer(requestClass, 'reserved', retryAt, now);
    }
    if (due - now > slack) return this.defer(requestClass, 'paced', due - slack, now);
    paces.set(key, due + interval);
    if (unit) unit.started = true;
    this.admitted[requestClass]++;
    this.options.onAdmit?.(requestClass);
  }

  private defer(requestClass: RequestClass, reason: DeferReason, retryAt: number, now: number): never {
    this.deferred[requestClass]++;
    // A live poll paced between matches is no news to an operator; anything else is.
    if (reason !== 'paced' || requestClass !== 'live') {
      this.lastDeferred = { requestClass, reason, at: now };
    }
    if (!this.waitingSince.has(requestClass)) this.waitingSince.set(requestClass, now);
    this.options.onDefer?.(requestClass, reason);
    throw new DeferredError(requestClass, reason, retryAt);
  }

  private isWaiting(requestClass: RequestClass, now: number): boolean {
    const since = this.waitingSince.get(requestClass);
    if (since === undefined) return false;
    if (now - since <= WAITING_TTL_MS) return true;
    // Its job never finished (a crash, a change of plan): it stops holding the others back.
    this.waitingSince.delete(requestClass);
    return false;
  }

  private liveActive(now: number): boolean {
    return this.liveActiveUntil > now;
  }

  private liveInterval(minute: MinuteBudget, now: number): number {
    if (!this.liveActive(now)) return Math.max(IDLE_LIVE_MS, this.options.liveIntervalMs);
    return MINUTE_MS / (minute.capacity * LIVE_SHARE);
  }

  /** Milliseconds between two calls of the class at its share of the minute. */
  private interval(requestClass: RequestClass, minute: MinuteBudget, now: number): number {
    if (requestClass === 'live') return this.liveInterval(minute, now);
    if (requestClass === 'details') return MINUTE_MS / (minute.capacity * DETAILS_SHARE);
    const live = this.liveActive(now) ? LIVE_SHARE : MINUTE_MS / IDLE_LIVE_MS / minute.capacity;
    const details = this.detailsWantedUntil > now ? DETAILS_SHARE : 0;
    return MINUTE_MS / (minute.capacity * Math.max(0.1, 1 - live - details));
  }

  /**
   * Calls of this minute kept for the classes above `requestClass`: the live polls still due before it turns
   * (never more often than poll-live runs; one when nothing is live), then the details calls due at their pace.
   */
  private reserve(requestClass: RequestClass, minute: MinuteBudget, now: number): number {
    if (requestClass === 'live') return 0;
    const left = Math.min(MINUTE_MS, Math.max(0, minute.resetAt - now));
    const live = this.liveActive(now);
    const livePolls = live
      ? Math.ceil(left / Math.max(this.liveInterval(minute, now), this.options.liveIntervalMs))
      : 1;
    if (requestClass === 'details') return live ? livePolls : 0;
    const details =
      this.detailsWantedUntil > now ? Math.ceil(left / this.interval('details', minute, now)) : 0;
    return livePolls + details;
  }
}
