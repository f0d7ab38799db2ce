import { describe, expect, it } from 'vitest';
import { FdMatchListSchema, FdMatchSchema } from '../football-data/match-schema.ts';
import { FootballDataReplay } from './football-data-replay.ts';
import { RecordingError } from './match-timeline.ts';
import { readExchange } from './project-fixtures.ts';

const CL =
  'football-data/v4_competitions_CL_matches_season2022_qualifying_EXTRA_TIME-PENALTY_SHOOTOUT.recorded-http.json';
const MATCH = '418504';
const KICKOFF = Date.parse('2026-05-02T18:00:00Z');

type Match = {
  status: string;
  utcDate: string;
  minute?: number;
  injuryTime?: number | null;
  score: Record<string, unknown>;
};

function replayAt(options: { minute?: boolean } = {}) {
  let now = KICKOFF - 600_000;
  const replay = new FootballDataReplay({
    recording: readExchange(CL),
    now: () => now,
    kickoffAt: KICKOFF,
    anchor: MATCH,
    ...options,
  });
  const at = (minute: number): Match => {
    now = replay.instant(MATCH, minute);
    return FdMatchSchema.parse(
      JSON.parse(replay.answer(new URL(`http://peer/v4/matches/${MATCH}`))!.body!),
    ) as Match;
  };
  return { replay, at, setNow: (t: number) => (now = t) };
}

describe('a recorded football-data match on a moving clock', () => {
  it('goes TIMED, IN_PLAY, PAUSED, EXTRA_TIME, PENALTY_SHOOTOUT, FINISHED with each score from the end of its period', () => {
    const { replay, at } = replayAt();
    const tl = replay.match(MATCH).timeline;
    const seen = [
      -5,
      10,
      50,
      70,
      tl.phase('break_before_extra_time')!.from + 1,
      tl.phase('extra_time_first_half')!.from + 1,
      tl.phase('break_before_penalties')!.from + 1,
      tl.phase('penalties')!.from + 1,
    ].map((m) => {
      const { status, score } = at(m);
      return [
        status,
        score.duration,
        JSON.stringify(score.fullTime),
        JSON.stringify(score.extraTime ?? null),
        JSON.stringify(score.penalties ?? null),
      ].join(' ');
    });
    expect(seen).toEqual([
      'TIMED REGULAR {"home":null,"away":null} null null',
      'IN_PLAY REGULAR {"home":0,"away":0} null null',
      // CFR led 1-0 at half time, 1-1 after 90, 2-2 after 120 (fullTime 5-6 less the shoot-out's 3-4).
      'PAUSED REGULAR {"home":1,"away":0} null null',
      'IN_PLAY REGULAR {"home":1,"away":0} null null',
      'PAUSED EXTRA_TIME {"home":1,"away":1} {"home":0,"away":0} null',
      'EXTRA_TIME EXTRA_TIME {"home":1,"away":1} {"home":0,"away":0} null',
      'PAUSED PENALTY_SHOOTOUT {"home":2,"away":2} {"home":1,"away":1} {"home":0,"away":0}',
      'PENALTY_SHOOTOUT PENALTY_SHOOTOUT {"home":2,"away":2} {"home":1,"away":1} {"home":0,"away":0}',
    ]);
    expect(at(-5).utcDate).toBe('2026-05-02T18:00:00Z');
    // The free tier's shape: no minute.
    expect(at(70).minute).toBeUndefined();

    // Over: the recorded match itself, its dates moved.
    at(tl.end);
    const over = JSON.parse(replay.answer(new URL(`http://peer/v4/matches/${MATCH}`))!.body!) as Match;
    const body = JSON.parse(readExchange(CL).body) as { matches: (Match & { id: number })[] };
    const recorded = body.matches.find((m) => m.id === Number(MATCH))!;
    expect({ ...over, utcDate: '', lastUpdated: '' }).toEqual({ ...recorded, utcDate: '', lastUpdated: '' });
  });

  it("sends v4's minute and injury time when asked (a replay faster than real time)", () => {
    const { at } = replayAt({ minute: true });
    expect(at(30)).toMatchObject({ status: 'IN_PLAY', minute: 30, injuryTime: null });
    expect(at(75)).toMatchObject({ status: 'IN_PLAY', minute: 60 });
    expect(at(-5).minute).toBeUndefined();
  });

  it("answers v4's lists at that moment: LIVE, a day, a team's matches, the head-to-head with its aggregates", () => {
    const { replay, setNow } = replayAt();
    const list = (path: string) =>
      FdMatchListSchema.parse(JSON.parse(replay.answer(new URL(path, 'http://peer'))!.body!)).matches;
    setNow(replay.instant(MATCH, 70));
    expect(list('/v4/matches?status=LIVE').map((m) => m.id)).toEqual([418504, 418510]);
    // That evening: 418506 over, this one in its second half, 418510 (a quarter of an hour later) at half time.
    expect(
      list('/v4/matches?dateFrom=2026-05-02&dateTo=2026-05-02').map((m) => `${m.id} ${m.status}`),
    ).toEqual(['418506 FINISHED', '418504 IN_PLAY', '418510 PAUSED']);
    const h2h = JSON.parse(
      replay.answer(new URL('http://peer/v4/matches/418504/head2head?limit=20'))!.body!,
    ) as {
      matches: { id: number }[];
      aggregates: unknown;
    };
    expect(h2h.matches.map((m) => m.id)).toEqual([418533, 418504]);
    // Only the first leg is over: one meeting, a goalless draw.
    expect(h2h.aggregates).toMatchObject({
      numberOfMatches: 1,
      totalGoals: 0,
      homeTeam: { id: 5515, draws: 1 },
    });
    expect(list('/v4/teams/7497/matches?status=FINISHED').map((m) => m.id)).toEqual([418533]);
    // The budget's headers are the peer's to set; the recording's others are kept.
    const headers = replay.answer(new URL('http://peer/v4/matches/418504'))!.headers!;
    expect(Object.keys(headers)).toEqual([
      'server',
      'content-type',
      'x-api-version',
      'x-authenticated-client',
      'content-language',
    ]);
    expect(replay.answer(new URL('http://peer/v4/matches/1'))!.status).toBe(404);
  });

  it('refuses a recording whose scores do not add up', () => {
    const exchange = readExchange(CL);
    const body = JSON.parse(exchange.body) as { matches: { id: number; score: { halfTime: unknown } }[] };
    body.matches.find((m) => m.id === Number(MATCH))!.score.halfTime = { home: 3, away: 0 };
    expect(
      () =>
        new FootballDataReplay({
          recording: { ...exchange, body: JSON.stringify(body) },
          now: Date.now,
          kickoffAt: KICKOFF,
        }),
    ).toThrow(RecordingError);
  });
});
