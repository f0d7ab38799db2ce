import {
  matchOutcome,
  MatchSchema,
  outcomeLine,
  scoreText,
  type Match,
  type MatchStatus,
} from '@pitchside/shared/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureReply, readExchange } from '../../../test/support/fixtures.ts';
import { parseUpstream } from '../parse-upstream.ts';
import { startRecordedServer, type RecordedServer, type Reply } from '../testing/recorded-server.ts';
import { FootballDataProvider } from './football-data-provider.ts';
import { FdMatchListSchema, type FdMatch } from './match-schema.ts';
import { fdScore } from './normalise-match.ts';

/**
 * football-data.org v4 scores of every kind, from the project's recorded exchanges served with their real
 * headers: the Champions League qualifying rounds of 2022-23 (REGULAR, EXTRA_TIME, PENALTY_SHOOTOUT with
 * `regularTime` as `{null, null}`, six two-legged ties) and the built matches of the documented schema
 * (`regularTime` with numbers, a match in play in extra time).
 */
const CL =
  'football-data/v4_competitions_CL_matches_season2022_qualifying_EXTRA_TIME-PENALTY_SHOOTOUT.recorded-http.json';
const BUILT = 'football-data/v4_matches_built_regularTime-numbers_live-EXTRA_TIME.built-http.json';
const NOW = Date.parse('2022-09-12T22:46:37Z');

describe('FootballDataProvider scores against recorded exchanges', () => {
  let server: RecordedServer | undefined;
  afterEach(() => server?.close());
  const provider = async (reply: Reply, now = NOW) => {
    server = await startRecordedServer({ '/v4/matches': reply });
    return new FootballDataProvider({
      baseUrl: server.url,
      apiKey: 'fd-key',
      timeoutMs: 2000,
      now: () => now,
    });
  };
  const day = async (p: FootballDataProvider, date: string) =>
    new Map((await p.matchesOnDate(date)).map((u) => [u.match.id, u.match]));

  it('a shoot-out second leg (RFS 2-1 HJK, 4-5 on penalties): the board after 120 minutes, the shoot-out beside it, HJK named', async () => {
    const p = await provider(fixtureReply(CL));
    const m = (await day(p, '2022-07-12')).get('418518')!;
    // The peer answered with the recording's own headers.
    expect(server!.requests[0]!.url).toBe('/v4/matches?dateFrom=2022-07-12&dateTo=2022-07-13');
    expect(m.status).toBe('finished_pen');
    expect(m.score).toEqual({
      current: { home: 2, away: 1 },
      halftime: { home: 0, away: 0 },
      fulltime: { home: 2, away: 1 },
      extratime: { home: 0, away: 0 },
      penalties: { home: 4, away: 5 },
      winner: 'away',
    });
    expect(scoreText(m)).toBe('2 - 1');
    const outcome = matchOutcome(m);
    expect([outcome.extraTime, outcome.winner, outcome.decidedBy]).toEqual([true, 'away', 'penalties']);
    expect(outcomeLine(outcome)).toEqual({ key: 'penalties', winner: 'away', values: { won: 5, lost: 4 } });
  });

  it('CFR Cluj 2-2 Pyunik after extra time (1-1 at 90), 3-4 on penalties', async () => {
    const p = await provider(fixtureReply(CL));
    const m = (await day(p, '2022-07-13')).get('418504')!;
    expect(m.score).toMatchObject({
      current: { home: 2, away: 2 },
      fulltime: { home: 1, away: 1 },
      extratime: { home: 1, away: 1 },
      penalties: { home: 3, away: 4 },
      winner: 'away',
    });
    expect(outcomeLine(matchOutcome(m))).toEqual({
      key: 'penalties',
      winner: 'away',
      values: { won: 4, lost: 3 },
    });
  });

  it('extra time: the 120-minute score on the board, the 90 minutes from it less the goals of extra time', async () => {
    const p = await provider(fixtureReply(CL));
    const [twelfth, thirteenth] = [await day(p, '2022-07-12'), await day(p, '2022-07-13')];
    const scores = (m: Match) => [
      m.status,
      m.score.current,
      m.score.fulltime,
      m.score.extratime,
      m.score.winner,
    ];
    expect(scores(twelfth.get('418516')!)).toEqual([
      'finished_aet',
      { home: 1, away: 0 },
      { home: 0, away: 0 },
      { home: 1, away: 0 },
      'home',
    ]);
    expect(scores(thirteenth.get('418506')!)).toEqual([
      'finished_aet',
      { home: 1, away: 2 },
      { home: 0, away: 0 },
      { home: 1, away: 2 },
      'away',
    ]);
    expect(scores(thirteenth.get('418510')!)).toEqual([
      'finished_aet',
      { home: 2, away: 0 },
      { home: 1, away: 0 },
      { home: 1, away: 0 },
      'home',
    ]);
    expect(outcomeLine(matchOutcome(thirteenth.get('418506')!))).toEqual({
      key: 'extraTime',
      winner: 'away',
      values: {},
    });
  });

  it('every finished match of the recording has a board score, and no shoot-out shows its inflated total', async () => {
    const body = parseUpstream(FdMatchListSchema, JSON.parse(readExchange(CL).body), CL);
    const p = await provider(fixtureReply(CL));
    const dates = [...new Set(body.matches.map((m) => m.utcDate.slice(0, 10)))];
    const all = new Map<string, Match>();
    for (const date of dates) for (const [id, m] of await day(p, date)) all.set(id, MatchSchema.parse(m));
    expect(all.size).toBe(13);
    for (const raw of body.matches) {
      const m = all.get(String(raw.id))!;
      expect(m.score.current.home, `${raw.id}`).not.toBeNull();
      expect(m.score.current.away, `${raw.id}`).not.toBeNull();
      if (raw.score.duration === 'PENALTY_SHOOTOUT') expect(m.score.current).not.toEqual(raw.score.fullTime);
      if (raw.score.duration === 'REGULAR') expect(m.score.fulltime).toEqual(raw.score.fullTime);
    }
  });

  it('a regular second leg: the provider winner agrees with the match, so no tie is claimed without the first leg', async () => {
    const p = await provider(fixtureReply(CL));
    const m = (await day(p, '2022-07-12')).get('418515')!;
    expect(m.score).toMatchObject({ current: { home: 5, away: 1 }, fulltime: { home: 5, away: 1 } });
    const outcome = matchOutcome(m);
    expect([outcome.winner, outcome.decidedBy, outcome.tie, outcomeLine(outcome)]).toEqual([
      'home',
      'score',
      false,
      null,
    ]);
  });

  it('the documented shapes: `regularTime` with numbers, and a match in play in extra time at 97', async () => {
    const p = await provider(fixtureReply(BUILT), Date.parse('2026-11-07T16:50:00Z'));
    const matches = await day(p, '2026-11-07');
    expect(matches.get('990101')!.score).toEqual({
      current: { home: 1, away: 1 },
      halftime: { home: 0, away: 1 },
      fulltime: { home: 1, away: 1 },
      extratime: { home: 0, away: 0 },
      penalties: { home: 4, away: 3 },
      winner: 'home',
    });
    expect(outcomeLine(matchOutcome(matches.get('990101')!))).toEqual({
      key: 'penalties',
      winner: 'home',
      values: { won: 4, lost: 3 },
    });
    const live = matches.get('990102')!;
    expect([
      live.status,
      live.clock.elapsed,
      live.score.current,
      live.score.fulltime,
      live.score.winner,
    ]).toEqual(['extra_time', 97, { home: 2, away: 2 }, { home: 2, away: 2 }, null]);
  });
});

describe('fdScore over every combination v4 sends', () => {
  // 418504 as recorded: 1-1 after 90, 1-1 in extra time, 3-4 on penalties, fullTime 5-6.
  const PARTS = {
    absent: undefined,
    nulls: { home: null, away: null },
  } as const;
  const options = <T>(numbers: T) =>
    [
      ['absent', PARTS.absent],
      ['nulls', PARTS.nulls],
      ['numbers', numbers],
    ] as const;

  const cases: { name: string; score: FdMatch['score']; status: MatchStatus }[] = [];
  for (const [r, regularTime] of options({ home: 1, away: 1 }))
    for (const [e, extraTime] of options({ home: 1, away: 1 }))
      for (const [pe, penalties] of options({ home: 3, away: 4 }))
        cases.push({
          name: `regularTime ${r}, extraTime ${e}, penalties ${pe}`,
          status: 'finished_pen',
          score: {
            winner: 'AWAY_TEAM',
            duration: 'PENALTY_SHOOTOUT',
            fullTime: { home: 5, away: 6 },
            halfTime: { home: 1, away: 0 },
            ...(regularTime && { regularTime }),
            ...(extraTime && { extraTime }),
            ...(penalties && { penalties }),
          },
        });

  for (const { name, score, status } of cases) {
    it(`a shoot-out with ${name}: never the inflated total, never a made-up score`, () => {
      const s = fdScore(score, status);
      const regular = score.regularTime?.home != null;
      const extra = score.extraTime?.home != null;
      const kicks = score.penalties?.home != null;
      expect(s.current).not.toEqual({ home: 5, away: 6 });
      if (kicks) expect(s.current).toEqual({ home: 2, away: 2 });
      else if (regular) expect(s.current).toEqual(extra ? { home: 2, away: 2 } : { home: 1, away: 1 });
      // Without the kicks or the 90 minutes nothing can be taken off: no score rather than a wrong one.
      else expect(s.current).toEqual({ home: null, away: null });
      if (regular || (kicks && extra)) expect(s.fulltime).toEqual({ home: 1, away: 1 });
      expect(s.extratime).toEqual(extra ? { home: 1, away: 1 } : { home: null, away: null });
      expect(s.penalties).toEqual(kicks ? { home: 3, away: 4 } : { home: null, away: null });
      expect(s.winner).toBe('away');
      // Whatever the shape, the winner is named: by the kicks, else by v4's winner.
      expect(matchOutcome({ status, score: s }).winner).toBe('away');
    });
  }

  it('extra time with every shape of regularTime and extraTime', () => {
    for (const [, regularTime] of options({ home: 0, away: 0 }))
      for (const [e, extraTime] of options({ home: 1, away: 2 })) {
        const s = fdScore(
          {
            winner: 'AWAY_TEAM',
            duration: 'EXTRA_TIME',
            fullTime: { home: 1, away: 2 },
            ...(regularTime && { regularTime }),
            ...(extraTime && { extraTime }),
          },
          'finished_aet',
        );
        expect(s.current).toEqual({ home: 1, away: 2 });
        if (regularTime?.home != null || e === 'numbers') expect(s.fulltime).toEqual({ home: 0, away: 0 });
        else expect(s.fulltime).toEqual({ home: null, away: null });
      }
  });

  it('a draw gives no winner; a live match gives none yet', () => {
    const draw = fdScore({ winner: 'DRAW', duration: 'REGULAR', fullTime: { home: 1, away: 1 } }, 'finished');
    expect([draw.current, draw.fulltime, draw.winner]).toEqual([
      { home: 1, away: 1 },
      { home: 1, away: 1 },
      null,
    ]);
    const live = fdScore(
      { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 1, away: 0 } },
      'second_half',
    );
    expect([live.current, live.fulltime, live.winner]).toEqual([
      { home: 1, away: 0 },
      { home: null, away: null },
      null,
    ]);
  });
});
