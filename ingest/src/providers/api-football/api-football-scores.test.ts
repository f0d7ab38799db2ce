import {
  compareEvents,
  matchOutcome,
  MatchEventSchema,
  MatchSchema,
  outcomeLine,
  shootoutKicks,
  type MatchEvent,
  type MatchStatus,
} from '@pitchside/shared/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { readFixtureJson, readFixtureText } from '../../../test/support/fixtures.ts';
import { startRecordedServer, type RecordedServer, type Reply } from '../testing/recorded-server.ts';
import { ApiFootballProvider } from './api-football-provider.ts';
import type { ApiFixture } from './fixture-schema.ts';
import { normaliseFixture } from './normalise-fixture.ts';

/**
 * API-Football scores and events of every kind, from the project's fixtures served by a local peer: two
 * Champions League second legs decided on penalties (recorded; shoot-out kicks scored and missed, in
 * reversed and shuffled order, substitutions 1 to 6) and a built AET fixture (VAR, a second yellow, a missed
 * penalty in play, a goal in extra time).
 */
const PEN = 'api-football/fixtures_ids-1149523-1149519_PEN_two-legged-ties_events.json';
const AET = 'api-football/fixtures_id_built_AET_var-second-yellow-missed-penalty.json';
const reply = (path: string): Reply => ({ body: readFixtureText(path) });
/** The fixtures keep no lineups or statistics (SOURCES.md): `matchDetail` asks for them on their own. */
const none = (get: string): Reply => ({
  body: JSON.stringify({
    get,
    parameters: {},
    errors: [],
    results: 0,
    paging: { current: 1, total: 1 },
    response: [],
  }),
});
const PARTS = {
  '/fixtures/lineups': none('fixtures/lineups'),
  '/fixtures/statistics': none('fixtures/statistics'),
};

describe('ApiFootballProvider scores and events against recorded fixtures', () => {
  let server: RecordedServer | undefined;
  afterEach(() => server?.close());
  const provider = async (routes: Record<string, Reply>) => {
    server = await startRecordedServer({ ...PARTS, ...routes });
    return new ApiFootballProvider({ baseUrl: server.url, apiKey: 'key', timeoutMs: 2000 });
  };

  it('PEN: Atlético 2-1 Inter on the board, 3-2 on penalties beside it, Atlético named; the kicks in kick order with the running score', async () => {
    const p = await provider({ '/fixtures?date=2024-03-13': reply(PEN) });
    const updates = await p.matchesOnDate('2024-03-13');
    const update = updates.find((u) => u.match.id === '1149519')!;
    const m = MatchSchema.parse(update.match);
    expect(m.status).toBe('finished_pen');
    expect(m.score).toEqual({
      current: { home: 2, away: 1 },
      halftime: { home: 1, away: 1 },
      fulltime: { home: 2, away: 1 },
      extratime: { home: 0, away: 0 },
      penalties: { home: 3, away: 2 },
      winner: 'home',
    });
    const outcome = matchOutcome(m);
    expect([outcome.extraTime, outcome.winner]).toEqual([true, 'home']);
    expect(outcomeLine(outcome)).toEqual({ key: 'penalties', winner: 'home', values: { won: 3, lost: 2 } });

    const events = update.events!;
    for (const e of events) MatchEventSchema.parse(e);
    // The array came reversed (kick 9 first); the kicks are numbered by API-Football's `time.extra`.
    const kicks = shootoutKicks(events, m.home.id);
    expect(kicks.map((k) => [k.event.kick, k.event.player?.name, k.side, k.scored, k.running])).toEqual([
      [1, 'H. Çalhanoğlu', 'away', true, { home: 0, away: 1 }],
      [2, 'M. Depay', 'home', true, { home: 1, away: 1 }],
      [3, 'A. Sánchez', 'away', false, { home: 1, away: 1 }],
      [4, 'Saúl', 'home', false, { home: 1, away: 1 }],
      [5, 'D. Klaassen', 'away', false, { home: 1, away: 1 }],
      [6, 'Rodrigo Riquelme', 'home', true, { home: 2, away: 1 }],
      [7, 'F. Acerbi', 'away', true, { home: 2, away: 2 }],
      [8, 'Á. Correa', 'home', true, { home: 3, away: 2 }],
      [9, 'L. Martínez', 'away', false, { home: 3, away: 2 }],
    ]);
    // The running score ends where the provider's shoot-out score is.
    expect(kicks.at(-1)!.running).toEqual({ home: 3, away: 2 });
    // A kick is a kick: at 120 with no stoppage (never "120+9'"), after everything played, with a stable id.
    expect(kicks.every((k) => k.event.minute === 120 && k.event.stoppage === null)).toBe(true);
    expect(kicks.map((k) => k.event.id)).toEqual(
      Array.from({ length: 9 }, (_, i) => `1149519-kick-${i + 1}`),
    );
    const sorted = [...events].sort(compareEvents);
    expect(sorted.slice(-9).map((e) => e.kick)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // No kick counts as a goal of the match: the goals of play are the three on the board.
    expect(events.filter((e) => e.kind === 'goal' || e.kind === 'penalty_goal')).toHaveLength(3);
  });

  it('PEN, shuffled kicks: Arsenal 1-0 Porto, 4-2 on penalties; substitutions numbered as the provider counts them', async () => {
    const p = await provider({ '/fixtures?date=2024-03-12': reply(PEN) });
    const update = (await p.matchesOnDate('2024-03-12')).find((u) => u.match.id === '1149523')!;
    expect(update.match.score).toMatchObject({
      current: { home: 1, away: 0 },
      penalties: { home: 4, away: 2 },
      winner: 'home',
    });
    const kicks = shootoutKicks(update.events!, '42');
    expect(
      kicks.map(
        (k) => `${k.event.player?.name}:${k.scored ? 'in' : 'out'}:${k.running.home}-${k.running.away}`,
      ),
    ).toEqual([
      'M. Ødegaard:in:1-0',
      'Pepê Aquino:in:1-1',
      'K. Havertz:in:2-1',
      'Wendell:out:2-1',
      'B. Saka:in:3-1',
      'M. Grujić:in:3-2',
      'D. Rice:in:4-2',
      'Galeno:out:4-2',
    ]);
    const porto = update.events!.filter((e) => e.kind === 'substitution' && e.teamId === '212');
    expect(porto.map((e) => [e.number, e.minute, e.stoppage])).toEqual([
      [1, 86, null],
      [2, 88, null],
      [3, 90, 7],
      [4, 101, null],
      [5, 101, null],
    ]);
  });

  it('six substitutions a side in extra time, each numbered, none lost', async () => {
    const p = await provider({ '/fixtures?id=1149519': reply(PEN) });
    const detail = (await p.matchDetail('1149519'))!;
    const subs = (team: string) =>
      detail.events!.filter((e) => e.kind === 'substitution' && e.teamId === team).map((e) => e.number);
    expect(subs('530')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(subs('505')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(
      detail.events!.find((e) => e.kind === 'substitution' && e.number === 6 && e.teamId === '530'),
    ).toMatchObject({
      minute: 105,
      player: { name: 'Saúl' },
      related: { name: 'A. Griezmann' },
    });
  });

  it('AET: the board 2-1 after 120 (1-1 at 90), "after extra time"; VAR decisions, a second yellow, a missed penalty in play', async () => {
    const p = await provider({ '/fixtures?id=990301': reply(AET) });
    const detail = (await p.matchDetail('990301'))!;
    expect(detail.match.status).toBe('finished_aet');
    expect(detail.match.score).toEqual({
      current: { home: 2, away: 1 },
      halftime: { home: 0, away: 1 },
      fulltime: { home: 1, away: 1 },
      extratime: { home: 1, away: 0 },
      penalties: { home: null, away: null },
      winner: 'home',
    });
    expect(outcomeLine(matchOutcome(detail.match))).toEqual({ key: 'extraTime', winner: 'home', values: {} });
    const kinds = detail.events!.map((e: MatchEvent) => [e.minute, e.stoppage, e.kind, e.decision ?? null]);
    expect(kinds).toEqual([
      [12, null, 'goal', null],
      [27, null, 'missed_penalty', null],
      [34, null, 'yellow', null],
      [45, 3, 'var', 'goal_cancelled'],
      [58, null, 'substitution', null],
      [66, null, 'second_yellow', null],
      [71, null, 'var', 'penalty_confirmed'],
      [72, null, 'penalty_goal', null],
      [90, 4, 'red', null],
      [91, null, 'substitution', null],
      [105, 1, 'substitution', null],
      [113, null, 'goal', null],
    ]);
    expect(detail.events!.some((e) => e.kind === 'shootout_scored' || e.kind === 'shootout_missed')).toBe(
      false,
    );
  });

  it('the same payload polled twice gives the same events with the same ids, none twice', async () => {
    const p = await provider({ '/fixtures?id=1149523': reply(PEN) });
    // `?id=` answers with the recording, whose first fixture is 1149519: asked for that one.
    const first = (await p.matchDetail('1149523'))!.events!;
    const again = (await p.matchDetail('1149523'))!.events!;
    expect(again).toEqual(first);
    expect(new Set(first.map((e) => e.id)).size).toBe(first.length);
  });
});

describe('API-Football score shapes', () => {
  const base = () => (readFixtureJson(PEN) as { response: ApiFixture[] }).response[0]!;
  const withScore = (short: string, over: Partial<ApiFixture['score']>, goals?: ApiFixture['goals']) => {
    const f = structuredClone(base());
    f.fixture.status.short = short as ApiFixture['fixture']['status']['short'];
    f.score = { ...f.score, ...over };
    if (goals) f.goals = goals;
    return normaliseFixture(f);
  };
  const NONE = { home: null, away: null };

  it('PEN with extratime {null, null} and the board level with 90 minutes: straight to penalties, no extra time claimed', () => {
    const m = withScore(
      'PEN',
      { fulltime: { home: 1, away: 1 }, extratime: NONE, penalty: { home: 5, away: 4 } },
      { home: 1, away: 1 },
    );
    expect(m.score.extratime).toEqual(NONE);
    const o = matchOutcome(m);
    expect([o.extraTime, o.winner, o.decidedBy]).toEqual([false, 'home', 'penalties']);
  });

  it('PEN with extratime {null, null} but a board ahead of 90 minutes: extra time was played, its goals are the difference', () => {
    const m = withScore(
      'PEN',
      { fulltime: { home: 1, away: 1 }, extratime: NONE, penalty: { home: 2, away: 4 } },
      { home: 2, away: 2 },
    );
    expect([m.score.current, m.score.extratime]).toEqual([
      { home: 2, away: 2 },
      { home: 1, away: 1 },
    ]);
    expect(matchOutcome(m).extraTime).toBe(true);
  });

  it('PEN whose `goals` counts the kicks (a total no board shows): the board is the 90 minutes plus extra time', () => {
    const m = withScore(
      'PEN',
      { fulltime: { home: 2, away: 1 }, extratime: { home: 0, away: 0 }, penalty: { home: 3, away: 2 } },
      { home: 5, away: 3 },
    );
    expect(m.score.current).toEqual({ home: 2, away: 1 });
  });

  it('PEN without the shoot-out score: the provider names the winner', () => {
    const m = withScore('PEN', { penalty: NONE });
    expect(m.score.penalties).toEqual(NONE);
    expect(outcomeLine(matchOutcome(m))).toEqual({ key: 'penaltiesNoScore', winner: 'home', values: {} });
  });

  it('AET with extratime {null, null}: the goals of extra time are the board less the 90 minutes', () => {
    const m = withScore(
      'AET',
      { fulltime: { home: 1, away: 1 }, extratime: NONE, penalty: NONE },
      { home: 1, away: 2 },
    );
    expect([m.score.current, m.score.extratime]).toEqual([
      { home: 1, away: 2 },
      { home: 0, away: 1 },
    ]);
  });

  it('a finished match without `goals`: the board from the 90 minutes and extra time, never nothing', () => {
    const ft = withScore('FT', { fulltime: { home: 3, away: 0 }, extratime: NONE, penalty: NONE }, NONE);
    expect([ft.score.current, ft.score.fulltime]).toEqual([
      { home: 3, away: 0 },
      { home: 3, away: 0 },
    ]);
    const aet = withScore(
      'AET',
      { fulltime: { home: 0, away: 0 }, extratime: { home: 0, away: 1 }, penalty: NONE },
      NONE,
    );
    expect(aet.score.current).toEqual({ home: 0, away: 1 });
  });

  it('in play the board is `goals` as sent, and no winner is named yet', () => {
    const statuses: [string, MatchStatus][] = [
      ['ET', 'extra_time'],
      ['P', 'penalties'],
      ['2H', 'second_half'],
    ];
    for (const [short, status] of statuses) {
      const m = withScore(short, { fulltime: NONE, extratime: NONE, penalty: NONE }, { home: 2, away: 2 });
      expect([m.status, m.score.current, m.score.winner]).toEqual([status, { home: 2, away: 2 }, null]);
    }
  });
});
