import { describe, expect, it } from 'vitest';
import type { ApiFixture } from './api-football-format.ts';
import { finalWhistleMs } from './match-state.ts';
import { buildReplayMatchDay, parseOpenfootballTournament } from './replay-openfootball.ts';
import { createSimulator } from './simulator.ts';
import { HAS_SHARED_DATA, SKIP_REASON, goalsFromEvents, readSample } from './test-helpers.ts';

const START_AT = new Date('2026-06-11T18:00:00Z');

describe.skipIf(!HAS_SHARED_DATA)(`World Cup 2022 replay ${HAS_SHARED_DATA ? '' : SKIP_REASON}`, () => {
  const worldCup = () => readSample('openfootball/worldcup_2022.json');

  it('plays the final through the API as it was: 3-3, 4-2 on penalties, goals at their real minutes', async () => {
    const sim = createSimulator({ seed: 7, startAt: START_AT, timeScale: 0, replay: worldCup() });
    const { url } = await sim.listen(0);
    try {
      const final = sim.schedule.fixtures.find((f) => f.round === 'Final')!;
      expect([final.home.name, final.away.name]).toEqual(['Argentina', 'France']);
      sim.clock.advance(finalWhistleMs(final)! - sim.clock.nowMs());

      const body = (await (await fetch(`${url}/fixtures?id=${final.id}`)).json()) as {
        response: ApiFixture[];
      };
      const fixture = body.response[0]!;
      expect(fixture.fixture.status).toEqual({
        long: 'Match Finished',
        short: 'PEN',
        elapsed: 120,
        extra: null,
      });
      expect(fixture.league).toMatchObject({ id: 1, name: 'World Cup', season: 2022, round: 'Final' });
      expect(fixture.goals).toEqual({ home: 3, away: 3 });
      expect(fixture.score).toEqual({
        halftime: { home: 2, away: 0 },
        fulltime: { home: 2, away: 2 },
        // API-Football's extratime is the goals of extra time only.
        extratime: { home: 1, away: 1 },
        penalty: { home: 4, away: 2 },
      });
      expect(fixture.teams.home.winner).toBe(true);
      expect(fixture.teams.away.winner).toBe(false);

      type E = {
        time: { elapsed: number; extra: number | null };
        team: { id: number; name: string };
        player: { name: string };
        type: string;
        detail: string;
        comments: string | null;
      };
      const events = fixture.events as E[];
      const goals = events.filter((e) => e.type === 'Goal' && e.comments !== 'Penalty Shootout');
      expect(goals.map((e) => [e.time.elapsed, e.team.name, e.player.name, e.detail])).toEqual([
        [23, 'Argentina', 'L. Messi', 'Penalty'],
        [36, 'Argentina', 'Á. Di María', 'Normal Goal'],
        [80, 'France', 'K. Mbappé', 'Penalty'],
        [81, 'France', 'K. Mbappé', 'Normal Goal'],
        [108, 'Argentina', 'L. Messi', 'Normal Goal'],
        [118, 'France', 'K. Mbappé', 'Penalty'],
      ]);
      expect(goalsFromEvents(events, fixture.teams.home.id, fixture.teams.away.id)).toEqual(fixture.goals);
      const kicks = events.filter((e) => e.comments === 'Penalty Shootout');
      expect(kicks.filter((k) => k.team.name === 'Argentina' && k.detail === 'Penalty')).toHaveLength(4);
      expect(kicks.filter((k) => k.team.name === 'France' && k.detail === 'Penalty')).toHaveLength(2);
    } finally {
      await sim.close();
    }
  });

  it('keeps stoppage time and own goals as the source has them', () => {
    const day = buildReplayMatchDay(parseOpenfootballTournament(worldCup()), { seed: 7, startAt: START_AT });
    const at = (f: (typeof day.fixtures)[number]) => f.kickoffMs + f.script.final!.atMs;
    // Senegal 0-2 Netherlands: Klaassen at 90+9.
    const senegal = day.fixtures.find((f) => f.home.name === 'Senegal' && f.away.name === 'Netherlands')!;
    expect(senegal.script.events.filter((e) => e.scoresFor === 'away').map((e) => e.time)).toEqual([
      { elapsed: 84, extra: null },
      { elapsed: 90, extra: 9 },
    ]);
    // Argentina 2-1 Australia: Enzo Fernández's own goal, filed under Argentina, counts for Australia.
    const australia = day.fixtures.find((f) => f.home.name === 'Argentina' && f.away.name === 'Australia')!;
    const ownGoal = australia.script.events.find((e) => e.detail === 'Own Goal')!;
    expect(ownGoal).toMatchObject({ side: 'home', scoresFor: 'away', time: { elapsed: 77, extra: null } });
    expect(ownGoal.player.name).toBe('E. Fernández');
    expect(at(australia)).toBeGreaterThan(australia.kickoffMs);
  });

  it('compresses the tournament: the first match kicks off just after startAt, several play at once', () => {
    const day = buildReplayMatchDay(parseOpenfootballTournament(worldCup()), { seed: 7, startAt: START_AT });
    expect(day.fixtures).toHaveLength(64);
    expect(day.fixtures[0]!.kickoffMs - START_AT.getTime()).toBe(5 * 60_000);
    const final = day.fixtures.at(-1)!;
    expect(final.round).toBe('Final');
    // The whole tournament in under two simulated days (under an hour of real time at the default scale).
    expect(finalWhistleMs(final)! - START_AT.getTime()).toBeLessThan(2 * 24 * 3_600_000);
    const concurrent = (t: number) =>
      day.fixtures.filter((f) => f.kickoffMs <= t && finalWhistleMs(f)! > t).length;
    expect(concurrent(day.fixtures[20]!.kickoffMs + 30 * 60_000)).toBeGreaterThanOrEqual(2);
    // Group games keep API-Football's round names.
    expect(new Set(day.fixtures.map((f) => f.round))).toEqual(
      new Set([
        'Group Stage - 1',
        'Group Stage - 2',
        'Group Stage - 3',
        'Round of 16',
        'Quarter-finals',
        'Semi-finals',
        '3rd Place Final',
        'Final',
      ]),
    );
  });

  it('serves group tables computed from the replayed results', async () => {
    const sim = createSimulator({ seed: 7, startAt: START_AT, timeScale: 0, replay: worldCup() });
    const { url } = await sim.listen(0);
    try {
      sim.clock.advance(3 * 24 * 3_600_000);
      const body = (await (await fetch(`${url}/standings?league=1&season=2022`)).json()) as {
        response: {
          league: {
            standings: { group: string; points: number; team: { name: string }; all: { played: number } }[][];
          };
        }[];
      };
      const groups = body.response[0]!.league.standings;
      expect(groups).toHaveLength(8);
      const groupC = groups.find((g) => g[0]!.group === 'Group C')!;
      expect(groupC.map((r) => [r.team.name, r.points])).toEqual([
        ['Argentina', 6],
        ['Poland', 4],
        ['Mexico', 4],
        ['Saudi Arabia', 3],
      ]);
      expect(groups.flat().every((r) => r.all.played === 3)).toBe(true);
    } finally {
      await sim.close();
    }
  });
});

describe('openfootball parsing', () => {
  it('rejects a file that is not an openfootball tournament, saying where', () => {
    expect(() => parseOpenfootballTournament({ name: 'X', matches: [{ team1: 'A' }] })).toThrow(
      /matches\.0\.date/,
    );
  });

  it('accepts the older rounds layout', () => {
    const tournament = parseOpenfootballTournament({
      name: 'Mini Cup 2020',
      rounds: [
        {
          name: 'Final',
          matches: [
            { date: '2020-07-01', team1: 'A', team2: 'B', score: { ft: [1, 1], et: [1, 1], p: [5, 4] } },
          ],
        },
      ],
    });
    const day = buildReplayMatchDay(tournament, { seed: 1, startAt: START_AT });
    const final = day.fixtures[0]!;
    expect(final.round).toBe('Final');
    expect(final.script.final?.status).toBe('PEN');
  });
});
