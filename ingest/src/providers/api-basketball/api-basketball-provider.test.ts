import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLive } from '@pitchside/shared/domain';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import { UpstreamError } from '../errors.ts';
import { ApiBasketballProvider } from './api-basketball-provider.ts';

/** The adapter against the simulator's API-Basketball, over real HTTP. */
describe('ApiBasketballProvider on the simulated API-Basketball', () => {
  let sim: Simulator;
  let provider: ApiBasketballProvider;

  beforeAll(async () => {
    sim = createSimulator({
      seed: 4242,
      startAt: new Date('2026-03-14T15:07:23Z'),
      timeScale: 0,
      apiKey: 'k',
    });
    await sim.listen(0);
    provider = new ApiBasketballProvider({
      baseUrl: `${sim.url}/basketball`,
      apiKey: 'k',
      timeoutMs: 5000,
      today: () => sim.clock.nowMs(),
    });
  });
  afterAll(() => sim.close());

  it('lists the competitions as basketball, with their teams', async () => {
    const competitions = await provider.competitions();
    expect(competitions.map((c) => [c.id, c.sport, c.popularity])).toEqual([
      ['bb-951', 'basketball', 100],
      ['bb-952', 'basketball', 100],
    ]);
    const teams = await provider.teams('bb-951', competitions[0]!.season);
    expect(teams).toHaveLength(12);
    expect(teams[0]!.id).toMatch(/^bb-\d+$/);
  });

  it("finds the games in play on the simulator's today, and each one again by id", async () => {
    const live = await provider.liveMatches();
    expect(live.length).toBeGreaterThanOrEqual(3);
    for (const { match } of live) {
      expect(isLive(match.status)).toBe(true);
      expect(match.competition.sport).toBe('basketball');
      expect(match.score.periods?.length).toBeGreaterThan(0);
    }
    const again = await provider.matchDetail(live[0]!.match.id);
    expect(again?.match).toEqual(live[0]!.match);
    expect(await provider.matchDetail('12345')).toBeNull();
  });

  it('gives finished meetings of two teams, newest first', async () => {
    const { match } = (await provider.liveMatches())[0]!;
    const meetings = await provider.headToHead(match.home.id, match.away.id);
    expect(meetings.every((m) => m.status === 'finished' || m.status === 'finished_aet')).toBe(true);
    const kickoffs = meetings.map((m) => m.kickoff);
    expect(kickoffs).toEqual([...kickoffs].sort().reverse());
  });

  it('rejects a wrong key as an upstream error', async () => {
    const wrong = new ApiBasketballProvider({
      baseUrl: `${sim.url}/basketball`,
      apiKey: 'no',
      timeoutMs: 5000,
    });
    await expect(wrong.matchesOnDate('2026-03-14')).rejects.toBeInstanceOf(UpstreamError);
  });
});
