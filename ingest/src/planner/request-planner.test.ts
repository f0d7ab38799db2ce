import { describe, expect, it } from 'vitest';
import { RateBudget } from '../providers/rate-budget.ts';
import { asOneUnit, DeferredError, RequestPlanner, type RequestClass } from './request-planner.ts';

/**
 * A provider's per-minute window as football-data runs it (fixed minutes, `X-Requests-Available-Minute` and
 * `X-RequestCounter-Reset` on every answer), with the clock in the test's hands.
 */
class Provider {
  readonly budget = new RateBudget();
  private windowStart = 0;
  private used = 0;
  readonly calls: { at: number; class: RequestClass }[] = [];
  refused = 0;

  constructor(
    readonly perMinute: number,
    private readonly clock: { now: number },
  ) {}

  /** One call as the HTTP client makes it: budget first, then the answer's headers. */
  call(requestClass: RequestClass): void {
    const now = this.clock.now;
    this.budget.take(now);
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now - ((now - this.windowStart) % 60_000);
      this.used = 0;
    }
    if (this.used >= this.perMinute) this.refused++;
    else this.used++;
    this.calls.push({ at: now, class: requestClass });
    this.budget.observe(
      {
        'x-requests-available-minute': String(this.perMinute - this.used),
        'x-requestcounter-reset': String(Math.ceil((this.windowStart + 60_000 - now) / 1000)),
      },
      now,
    );
  }
}

function setup(perMinute: number, liveIntervalMs = 2000) {
  const clock = { now: Date.UTC(2026, 10, 22, 15, 0, 0) };
  const planner = new RequestPlanner({ liveIntervalMs, now: () => clock.now });
  const provider = new Provider(perMinute, clock);
  /** One job run making up to `calls` calls; resolves with how many went out and whether it was cut short. */
  const job = (requestClass: RequestClass, calls = 1) =>
    planner.run(requestClass, async () => {
      for (let i = 0; i < calls; i++) provider.call(requestClass);
      return calls;
    });
  return { clock, planner, provider, job };
}

const perMinute = (calls: { at: number; class: RequestClass }[], start: number) => {
  const counts = new Map<number, number>();
  for (const c of calls) {
    const minute = Math.floor((c.at - start) / 60_000);
    counts.set(minute, (counts.get(minute) ?? 0) + 1);
  }
  return [...counts.values()];
};

describe('RequestPlanner', () => {
  it('lets every call through while the provider has not said what its budget is', async () => {
    const { job, provider } = setup(10);
    // The very first call: nothing known yet.
    expect((await job('squads', 1)).deferred).toBeNull();
    expect(provider.calls).toHaveLength(1);
  });

  it('holds the start-up rush back until the first answer has said how big the minute is', async () => {
    const { clock, provider, planner } = setup(10);
    // Every job starts at once; the first call is under way, its answer not in yet.
    let answered!: () => void;
    const first = planner.run('fixtures', async () => {
      provider.budget.take(clock.now);
      await new Promise<void>((resolve) => (answered = resolve));
    });
    expect((await planner.run('squads', async () => provider.call('squads'))).deferred?.reason).toBe('paced');
    expect((await planner.run('live', async () => provider.call('live'))).deferred).toBeNull();
    answered();
    await first;
    clock.now += 1000;
    expect((await planner.run('squads', async () => provider.call('squads'))).deferred).toBeNull();
  });

  it('stops holding the classes below back once a waiting job has failed', async () => {
    const { clock, planner, job } = setup(10);
    await job('live');
    planner.setLiveActive(true);
    clock.now += 20_000;
    expect((await job('fixtures', 4)).deferred).not.toBeNull();
    await expect(
      planner.run('fixtures', () => Promise.reject(new Error('schema violation'))),
    ).rejects.toThrow('schema violation');
    clock.now += 30_000;
    expect((await job('standings')).deferred?.reason).not.toBe('behind');
  });

  it('at 10 calls a minute, reads live scores every 12 s and never more than the minute allows', async () => {
    const { clock, planner, provider, job } = setup(10);
    const start = clock.now;
    await job('standings'); // learns the budget
    planner.setLiveActive(true);
    planner.setDetailsWanted(true);
    // Ten minutes of the default schedule: live every 2 s, details every 10 s (five matches to fetch),
    // fixtures every minute (four dates), squads every minute (ten teams).
    for (let s = 0; s < 600; s += 2) {
      clock.now = start + s * 1000;
      planner.setLiveActive(true);
      planner.setDetailsWanted(true);
      await job('live');
      if (s % 10 === 0) await job('details', 5);
      if (s % 60 === 0) await job('fixtures', 4);
      if (s % 60 === 30) await job('squads', 10);
    }
    expect(provider.refused).toBe(0);
    for (const n of perMinute(provider.calls, start)) expect(n).toBeLessThanOrEqual(10);
    const live = provider.calls.filter((c) => c.class === 'live').map((c) => c.at);
    const gaps = live.slice(1).map((at, i) => (at - live[i]!) / 1000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(16);
    expect(live.length).toBeGreaterThanOrEqual(40); // about 5 a minute
    // Fixtures before squads: squads waited while fixtures were behind.
    const of = (c: RequestClass) => provider.calls.filter((x) => x.class === c).length;
    expect(of('details')).toBeGreaterThanOrEqual(15);
    expect(of('fixtures')).toBeGreaterThan(of('squads'));
  });

  it('keeps what is left of the minute for the live polls still due: a squad waits, the live score does not', async () => {
    const { clock, planner, provider, job } = setup(10);
    await job('live'); // 9 left, 60 s to go
    planner.setLiveActive(true);
    clock.now += 13_000;
    // Five live polls are still due before the minute turns (one per 12 s): the squads get what is above them.
    const squads = await job('squads', 10);
    expect(squads.calls).toBeGreaterThan(0);
    expect(squads.deferred?.reason).toBe('paced');
    const left = provider.budget.minute(clock.now)!.remaining;
    expect(left).toBeGreaterThanOrEqual(4);
    clock.now += 1000;
    expect((await job('live')).deferred).toBeNull();
  });

  it('serves the background classes in order: a class waits while one above it is behind', async () => {
    const { clock, planner, job } = setup(10);
    await job('live');
    planner.setLiveActive(true);
    clock.now += 20_000;
    const fixtures = await job('fixtures', 4);
    expect(fixtures.deferred).toBeInstanceOf(DeferredError);
    clock.now += 30_000;
    const squads = await job('squads', 1);
    expect(squads.deferred?.reason).toBe('behind');
    expect(planner.snapshot().waiting).toEqual(['fixtures', 'squads']);
    // Fixtures catch up (their run ends without being cut short): squads' turn.
    clock.now += 30_000;
    expect((await job('fixtures', 1)).deferred).toBeNull();
    clock.now += 30_000;
    expect((await job('squads', 1)).deferred).toBeNull();
  });

  it('lets the rest of a unit follow its first call, charging them to the pace, so a tight budget still completes work', async () => {
    const { clock, planner, provider, job } = setup(10);
    await job('live');
    planner.setLiveActive(true);
    planner.setDetailsWanted(true);
    // A match's details: the fixture, then its lineups and statistics. Without units the second call would be
    // refused, and the next run would ask for the fixture again, for ever.
    const detail = () =>
      planner.run('details', () =>
        asOneUnit(async () => {
          provider.call('details');
          await Promise.all([
            Promise.resolve().then(() => provider.call('details')),
            provider.call('details'),
          ]);
        }),
      );
    clock.now += 1000;
    expect((await detail()).calls).toBe(3);
    // Three calls of a 30 s pace: the next unit waits about 90 s, not 30.
    clock.now += 60_000;
    expect((await detail()).deferred?.reason).toBe('paced');
    clock.now += 30_000;
    expect((await detail()).deferred).toBeNull();
  });

  it('is not felt when the budget is far above what the polls want (300 a minute)', async () => {
    const { clock, planner, provider, job } = setup(300);
    const start = clock.now;
    await job('standings');
    let deferred = 0;
    for (let s = 0; s < 300; s += 2) {
      clock.now = start + s * 1000;
      planner.setLiveActive(true);
      planner.setDetailsWanted(true);
      const runs = [await job('live')];
      if (s % 10 === 0) runs.push(await job('details', 8));
      if (s % 60 === 0) runs.push(await job('fixtures', 4), await job('standings', 6));
      if (s % 60 === 30) runs.push(await job('squads', 10));
      deferred += runs.filter((r) => r.deferred).length;
    }
    expect(deferred).toBe(0);
    expect(provider.refused).toBe(0);
  });

  it('reads the live list once a minute while no match is live or about to start', async () => {
    const { clock, planner, provider, job } = setup(10);
    const start = clock.now;
    await job('standings');
    for (let s = 0; s < 180; s += 2) {
      clock.now = start + s * 1000;
      planner.setLiveActive(false);
      await job('live');
    }
    expect(provider.calls.filter((c) => c.class === 'live')).toHaveLength(3);
    expect(planner.snapshot().lastDeferred).toBeNull(); // pacing between matches is no news
  });

  it('reads the live list at the live pace as soon as matches are live, not a minute after the idle read', async () => {
    // Ingest (re)started, or a list found matches in play: the idle read just went out, then matches are live.
    const { clock, planner, job } = setup(10);
    const start = clock.now;
    await job('standings');
    planner.setLiveActive(false);
    expect((await job('live')).deferred).toBeNull();
    const reads: number[] = [];
    for (let s = 2; s <= 30; s += 2) {
      clock.now = start + s * 1000;
      planner.setLiveActive(true);
      if ((await job('live')).deferred === null) reads.push(s);
    }
    // At 10 a minute the live share is a read every 12 s: the first one at the next poll, then at the pace.
    expect(reads).toEqual([2, 14, 26]);
  });
});
