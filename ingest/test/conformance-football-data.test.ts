import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MatchDetail } from '@pitchside/shared/domain';
import type { HeadToHead, ScoreboardEntry, TeamPage } from '@pitchside/shared/protocol';
import type { Standings } from '@pitchside/shared/domain';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { FootballDataProvider } from '../src/providers/football-data/football-data-provider.ts';
import type { Reply } from '../src/providers/testing/recorded-server.ts';
import { recordedReply } from '../src/providers/testing/recorded-server.ts';
import { startRateLimitedPeer, type RateLimitedPeer } from '../src/providers/testing/rate-limited-peer.ts';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../src/providers/testing/shared-data.ts';
import { fixtureReply, readExchange, type HttpExchange } from './support/fixtures.ts';
import { quietIntervals } from './support/ingest-under-test.ts';
import {
  messages,
  MovingClock,
  say,
  startConformanceStack,
  type ConformanceStack,
} from './support/conformance.ts';

/**
 * football-data.org v4 conformance (issue 16 §7): every recorded and built v4 response of
 * `ingest/test/fixtures/football-data` and the relevant ones of `../shared/data/football-data` served by a local
 * peer as v4 serves them (recorded status, headers and body; the per-minute budget in v4's own headers and its
 * 429), the real ingest worker polling it while a clock moves through the recordings' days, and what a fan then
 * reads on the REST API and on the server-rendered pages, in English and German. Each expectation is read off
 * the recording in the test, never off what the code under test made of it.
 *
 * How to add a recorded response: put it in the fixtures folder (with its SOURCES.md and README rows), add it
 * to `RECORDINGS` or to the peer's routes below, and add a row to the table of shapes.
 */

// The project's fixtures (they ship with the repository).
const CL =
  'football-data/v4_competitions_CL_matches_season2022_qualifying_EXTRA_TIME-PENALTY_SHOOTOUT.recorded-http.json';
const BUILT_SCORES = 'football-data/v4_matches_built_regularTime-numbers_live-EXTRA_TIME.built-http.json';
const BUILT_EVENTS =
  'football-data/v4_matches_built_parts-absent_goals-bookings-substitutions.built-http.json';
const COMPETITIONS = 'football-data/v4_competitions.recorded-http.json';
const MATCH_418515 = 'football-data/v4_matches_418515.recorded-http.json';
const H2H_418515 = 'football-data/v4_matches_418515_head2head_two-legged-tie_quota-0.recorded-http.json';
const LIMIT = 'football-data/v4_429_request-limit.built-http.json';
// ../shared/data (read in place; the rows using them skip, saying so, where the folder is absent).
const BL1_STANDINGS = 'football-data/v4_competitions_BL1_standings_TOTAL-HOME-AWAY.recorded-http.json';
const CL_STANDINGS = 'football-data/v4_competitions_CL_standings_groups.recorded-http.json';
const KOELN = 'football-data/v4_teams_1_koeln.recorded-http.json';
const TIMED = 'football-data/v4_matches_dateFrom-2022-09-04_all-TIMED.recorded-http.json';
const KOELN_MATCHES = 'football-data/v4_teams_1_matches.recorded-http.json';
const MATCH_417211 = 'football-data/v4_matches_417211_FINISHED.recorded-http.json';
const H2H_417211 = 'football-data/v4_matches_417211_head2head.recorded-http.json';

type Pair = { home: number | null; away: number | null };
interface FdMatch {
  id: number;
  utcDate: string;
  status: string;
  competition: { id: number };
  homeTeam: {
    id: number;
    name: string;
    shortName?: string | null;
    tla?: string | null;
    crest?: string | null;
  };
  awayTeam: FdMatch['homeTeam'];
  score: {
    winner: string | null;
    duration: string;
    fullTime: Pair;
    halfTime: Pair;
    regularTime?: Pair;
    extraTime?: Pair;
    penalties?: Pair;
  };
  goals?: { minute: number; injuryTime: number | null; type: string; team: { id: number }; score: Pair }[];
  bookings?: { minute: number; team: { id: number }; player: { name: string }; card: string }[];
  substitutions?: { minute: number; team: { id: number }; playerIn: { name: string } }[];
}

/** A match list as recorded: the exchange and its matches. */
interface Recording {
  file: string;
  shared?: boolean;
  exchange: HttpExchange;
  body: { matches: FdMatch[] } & Record<string, unknown>;
}
const recording = (file: string, shared = false): Recording => {
  const exchange = shared ? (readSharedJson(file) as HttpExchange) : readExchange(file);
  return { file, shared, exchange, body: JSON.parse(exchange.body) as Recording['body'] };
};
const RECORDINGS = [
  recording(CL),
  recording(BUILT_SCORES),
  recording(BUILT_EVENTS),
  ...(hasSharedData ? [recording(TIMED, true)] : []),
];
const ALL: (FdMatch & { file: string })[] = RECORDINGS.flatMap((r) =>
  r.body.matches.map((m) => ({ ...m, file: r.file })),
);
const match = (id: number) => ALL.find((m) => m.id === id)!;
const sharedBody = <T>(path: string): T => JSON.parse((readSharedJson(path) as HttpExchange).body) as T;

// ---------------------------------------------------------------------------------------------------------------
// What the recording says a fan should see (docs.football-data.org, "Dealing with scores"): `fullTime` is the
// running total and counts a shoot-out's kicks, `penalties` the kicks, `extraTime` the goals of extra time only,
// `regularTime` the 90 minutes; `winner` names who went through a two-legged tie.
// ---------------------------------------------------------------------------------------------------------------
const known = (p: Pair | undefined): p is { home: number; away: number } =>
  !!p && p.home !== null && p.away !== null;

/** The board after 90 minutes, or after 120 once extra time was played; never with the shoot-out's kicks. */
function board(m: FdMatch): { home: number; away: number } {
  const { fullTime, penalties, regularTime, extraTime } = m.score;
  if (known(fullTime) && known(penalties))
    return { home: fullTime.home - penalties.home, away: fullTime.away - penalties.away };
  if (known(fullTime) && m.score.duration !== 'PENALTY_SHOOTOUT') return fullTime;
  if (known(regularTime))
    return {
      home: regularTime.home + (extraTime?.home ?? 0),
      away: regularTime.away + (extraTime?.away ?? 0),
    };
  throw new Error(`the recording of ${m.id} gives no score on the board`);
}

/** The other leg of a two-legged tie in the recordings: same competition, sides swapped, earlier. */
const firstLeg = (m: FdMatch): FdMatch | undefined =>
  ALL.find(
    (o) =>
      o.competition.id === m.competition.id &&
      o.homeTeam.id === m.awayTeam.id &&
      o.awayTeam.id === m.homeTeam.id &&
      o.utcDate < m.utcDate,
  );

function aggregate(m: FdMatch): { home: number; away: number } | null {
  const first = firstLeg(m);
  if (!first) return null;
  const here = board(m);
  const there = board(first);
  return { home: here.home + there.away, away: here.away + there.home };
}

const winnerSide = (m: FdMatch): 'home' | 'away' | null =>
  m.score.winner === 'HOME_TEAM' ? 'home' : m.score.winner === 'AWAY_TEAM' ? 'away' : null;

const fromSide = (p: { home: number; away: number }, side: 'home' | 'away') =>
  side === 'home' ? [p.home, p.away] : [p.away, p.home];

/** The sentence naming the winner, in a language, when the score alone does not say it; null otherwise. */
function winnerSentence(m: FdMatch, language: string): string | null {
  const side = winnerSide(m);
  if (!side || m.status !== 'FINISHED') return null;
  const team = m[side === 'home' ? 'homeTeam' : 'awayTeam'].name;
  const texts = messages(language);
  const agg = aggregate(m);
  const aggValues = agg
    ? { aggregateWon: fromSide(agg, side)[0]!, aggregateLost: fromSide(agg, side)[1]! }
    : {};
  if (known(m.score.penalties)) {
    const [won, lost] = fromSide(m.score.penalties, side);
    return say(texts, agg ? 'outcome.penaltiesAggregate' : 'outcome.penalties', {
      team,
      won: won!,
      lost: lost!,
      ...aggValues,
    });
  }
  if (agg)
    return say(
      texts,
      m.score.duration === 'EXTRA_TIME' ? 'outcome.aggregateExtraTime' : 'outcome.aggregate',
      { team, ...aggValues },
    );
  if (m.score.duration === 'EXTRA_TIME') return say(texts, 'outcome.extraTime', { team });
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The peer: v4 as it answers each path, from the recordings.
// ---------------------------------------------------------------------------------------------------------------
const json = (exchange: HttpExchange, body: unknown): Reply => ({
  status: exchange.status,
  headers: Object.fromEntries(Object.entries(exchange.headers).filter(([n]) => n !== 'content-encoding')),
  body: JSON.stringify(body),
});
const notFound: Reply = {
  status: 404,
  body: JSON.stringify({ message: 'The resource you are looking for does not exist.', errorCode: 404 }),
};

function footballData(clock: MovingClock) {
  return (url: URL): Reply | undefined => {
    const q = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    if (path === '/v4/competitions') return fixtureReply(COMPETITIONS);
    let m = /^\/v4\/competitions\/(\d+)\/(standings|teams)$/.exec(path);
    if (m) {
      const [, id, what] = m;
      if (what === 'standings') {
        if (!hasSharedData) return notFound;
        return id === '2001'
          ? recordedReply(CL_STANDINGS)
          : id === '2002'
            ? recordedReply(BL1_STANDINGS)
            : notFound;
      }
      // No recording lists a competition's teams small enough to ship: the teams the recordings name, in v4's
      // list envelope (derived).
      const teams = new Map<number, FdMatch['homeTeam']>();
      for (const x of ALL.filter((x) => String(x.competition.id) === id)) {
        teams.set(x.homeTeam.id, x.homeTeam);
        teams.set(x.awayTeam.id, x.awayTeam);
      }
      if (id === '2002' && hasSharedData) {
        const table = sharedBody<{ standings: { table: { team: FdMatch['homeTeam'] }[] }[] }>(BL1_STANDINGS);
        for (const row of table.standings[0]!.table) teams.set(row.team.id, row.team);
      }
      const cl = RECORDINGS[0]!;
      return json(cl.exchange, {
        count: teams.size,
        filters: { season: q.season },
        teams: [...teams.values()],
      });
    }
    if (path === '/v4/matches') {
      if (q.status === 'LIVE') {
        // v4 lists only the matches in play: the recordings' IN_PLAY and PAUSED matches of the clock's day.
        const day = new Date(clock.now()).toISOString().slice(0, 10);
        for (const r of RECORDINGS) {
          const live = r.body.matches.filter(
            (x) => (x.status === 'IN_PLAY' || x.status === 'PAUSED') && x.utcDate.startsWith(day),
          );
          if (live.length > 0)
            return json(r.exchange, { ...r.body, resultSet: { count: live.length }, matches: live });
        }
        return json(RECORDINGS[1]!.exchange, {
          filters: { status: ['LIVE'] },
          resultSet: { count: 0 },
          matches: [],
        });
      }
      if (q.dateFrom && q.dateTo) {
        // The recording that holds the days asked for, as recorded (the adapter keeps the day it asked for).
        const to = new Date(Date.parse(`${q.dateTo}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        const found = RECORDINGS.find((r) =>
          r.body.matches.some((x) => x.utcDate >= q.dateFrom! && x.utcDate < to),
        );
        if (found) return found.shared ? recordedReply(found.file) : fixtureReply(found.file);
        return json(RECORDINGS[0]!.exchange, {
          filters: { dateFrom: q.dateFrom, dateTo: q.dateTo, permission: 'TIER_ONE' },
          resultSet: { count: 0, competitions: '', played: 0 },
          matches: [],
        });
      }
      return undefined;
    }
    m = /^\/v4\/matches\/(\d+)(\/head2head)?$/.exec(path);
    if (m) {
      const [, id, h2h] = m;
      if (h2h) {
        if (id === '418515') return fixtureReply(H2H_418515);
        if (id === '417211' && hasSharedData) return recordedReply(H2H_417211);
        return notFound;
      }
      if (id === '418515') return fixtureReply(MATCH_418515);
      if (id === '417211' && hasSharedData) return recordedReply(MATCH_417211);
      // `/v4/matches/{id}` answers the match alone: the list's match, with its list's headers (derived).
      const r = RECORDINGS.find((x) => x.body.matches.some((y) => String(y.id) === id));
      return r
        ? json(
            r.exchange,
            r.body.matches.find((y) => String(y.id) === id),
          )
        : notFound;
    }
    m = /^\/v4\/teams\/(\d+)(\/matches)?$/.exec(path);
    if (m) {
      const [, id, matches] = m;
      if (id === '1' && hasSharedData) return recordedReply(matches ? KOELN_MATCHES : KOELN);
      if (!matches) return notFound;
      // A team's matches: the recordings' matches of that team, in v4's list envelope (derived).
      const own = ALL.filter((x) => String(x.homeTeam.id) === id || String(x.awayTeam.id) === id).map(
        ({ file: _f, ...x }) => x,
      );
      return json(RECORDINGS[0]!.exchange, {
        filters: { ...q, permission: 'TIER_ONE' },
        resultSet: { count: own.length },
        matches: own,
      });
    }
    return undefined;
  };
}

// ---------------------------------------------------------------------------------------------------------------

const QUALIFYING_DAYS = ['2022-06-21', '2022-07-05', '2022-07-06', '2022-07-12', '2022-07-13'];
const BUILT_LIVE_AT = '2026-11-07T17:05:00Z';
const BUILT_EVENTS_AT = '2026-11-14T21:00:00Z';
const RECORDED_AT = '2022-09-12T22:46:37Z';

describe('football-data.org v4 conformance: what a fan sees of every recorded shape', () => {
  let t: TestRedis;
  let peer: RateLimitedPeer;
  let stack: ConformanceStack;
  const clock = new MovingClock();
  const stored = (id: number) => stack.fan.status(`/api/matches/${id}`);
  const detail = async (id: number) =>
    (await stack.fan.rest<{ seq: number; detail: MatchDetail }>(`/api/matches/${id}`)).detail;
  const matchPage = (id: number, language = 'en') => stack.fan.page(`/${language}/match/${id}`);

  /** Moves the clock to a day's evening and waits until ingest stored each of its matches finished. */
  const playDay = async (at: string, ids: number[]) => {
    clock.set(at);
    for (const id of ids) {
      await vi.waitFor(async () => expect(await stored(id)).toBe(200), { timeout: 20_000, interval: 200 });
    }
  };

  beforeAll(async () => {
    warnIfNoSharedData('conformance-football-data');
    t = await testRedis();
    clock.set(`${QUALIFYING_DAYS[0]}T20:00:00Z`);
    const limit = readExchange(LIMIT);
    peer = await startRateLimitedPeer({
      flavour: 'football-data',
      // A paid plan's minute while the days are played; the budget's row lowers it to the free tier's.
      perMinute: 300,
      refusal: () => ({ status: limit.status, body: limit.body }),
      answer: footballData(clock),
    });
    // The adapter runs on wall time, as in production (its budget and the planner count real seconds);
    // ingest's clock says which days are today.
    const provider = new FootballDataProvider({ baseUrl: peer.url, apiKey: 'conformance', timeoutMs: 3000 });
    stack = await startConformanceStack(t, provider, {
      intervals: quietIntervals({
        'poll-live': 1000,
        'poll-details': 500,
        'poll-fixtures': 1000,
        'poll-on-demand': 300,
        // Teams and squads start together: squads look again once the teams are known.
        'poll-squads': 4000,
      }),
      now: clock.now,
      fixtureWindowDays: 1,
      competitions: ['2001', '2002'],
    });
    for (const day of QUALIFYING_DAYS) {
      await playDay(
        `${day}T23:30:00Z`,
        RECORDINGS[0]!.body.matches.filter((m) => m.utcDate.startsWith(day)).map((m) => m.id),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await peer?.close();
    await t?.cleanup();
  });

  /** The score a list row or the board shows, as the site writes it. */
  const boardText = (b: { home: number; away: number }) => `${b.home} - ${b.away}`;

  const expectDecided = async (m: FdMatch) => {
    const b = board(m);
    const { match: stored } = await detail(m.id);
    expect(stored.score.current, `${m.id} board`).toEqual(b);
    if (known(m.score.penalties)) expect(stored.score.penalties).toEqual(m.score.penalties);
    else expect(stored.score.penalties).toEqual({ home: null, away: null });
    expect(stored.score.winner ?? null).toBe(winnerSide(m));
    expect(stored.score.aggregate ?? null).toEqual(aggregate(m));

    for (const language of ['en', 'de']) {
      const page = await matchPage(m.id, language);
      expect(page.text('[data-testid="match-score-home"]')).toBe(String(b.home));
      expect(page.text('[data-testid="match-score-away"]')).toBe(String(b.away));
      expect(page.text('[data-testid="match-outcome"]')).toBe(winnerSentence(m, language) ?? undefined);
      const texts = messages(language);
      if (known(m.score.penalties)) {
        expect(page.text('[data-testid="match-penalties"]')).toBe(
          say(texts, 'match.penalties', m.score.penalties),
        );
      } else expect(page.text('[data-testid="match-penalties"]')).toBeUndefined();
      const agg = aggregate(m);
      expect(page.text('[data-testid="match-aggregate"]')).toBe(
        agg ? say(texts, 'match.aggregate', agg) : undefined,
      );
      // Never the running total that counts the kicks, and never nothing.
      if (known(m.score.penalties)) {
        const total = m.score.fullTime as { home: number; away: number };
        expect(page.body).not.toContain(`${total.home} - ${total.away}`);
        expect(page.body).not.toContain(say(texts, 'match.shootoutScore', total));
      }
      expect(page.body).not.toContain(say(texts, 'match.noEvents'));
      // The crawler's description names the winner too.
      const sentence = winnerSentence(m, language);
      if (sentence) expect(JSON.stringify(page.jsonLd())).toContain(sentence);
    }
    return stored;
  };

  // The clock only moves forward: the recordings' days in their order (the provider's budget runs on it).
  describe(`${CL}: the Champions League qualifying rounds of 2022-23, recorded (§1)`, () => {
    it.each([
      [418479, 'REGULAR, regularTime/extraTime/penalties absent: a one-match preliminary round'],
      [418528, 'REGULAR: a first leg'],
      [418524, 'REGULAR: the first leg of a tie later settled on penalties'],
    ])(`${CL}: %i %s`, async (id) => {
      const m = match(id);
      const stored = await expectDecided(m);
      expect(stored.status).toBe('finished');
      expect(stored.score.fulltime).toEqual(m.score.fullTime);
      const page = await matchPage(id);
      expect(page.text('[data-testid="match-status"]')).toBe(say(messages('en'), 'status.finished'));
    });

    it.each([
      [418516, 'EXTRA_TIME, regularTime {null, null}, extraTime numbers: second leg won in extra time'],
      [418506, 'EXTRA_TIME: the away side through after extra time, 0-0 at 90'],
      [418510, 'EXTRA_TIME: extraTime 1-0 on top of a 1-0 ninety minutes'],
    ])(`${CL}: %i %s`, async (id) => {
      const m = match(id);
      const stored = await expectDecided(m);
      expect(stored.status).toBe('finished_aet');
      // The 90 minutes: the board less the goals of extra time.
      const b = board(m);
      const et = m.score.extraTime as { home: number; away: number };
      expect(stored.score.fulltime).toEqual({ home: b.home - et.home, away: b.away - et.away });
      expect((await matchPage(id)).text('[data-testid="match-status"]')).toBe(
        say(messages('en'), 'status.finished_aet'),
      );
      expect((await matchPage(id, 'de')).text('[data-testid="match-status"]')).toBe(
        say(messages('de'), 'status.finished_aet'),
      );
    });

    it.each([
      [
        418518,
        'PENALTY_SHOOTOUT, fullTime 6-6 counting the kicks, regularTime {null, null}, extraTime 0-0, penalties 4-5',
      ],
      [418504, 'PENALTY_SHOOTOUT, fullTime 5-6 counting the kicks, extraTime 1-1, penalties 3-4'],
    ])(`${CL}: %i %s`, async (id) => {
      const m = match(id);
      const stored = await expectDecided(m);
      expect(stored.status).toBe('finished_pen');
      for (const language of ['en', 'de']) {
        const page = await matchPage(id, language);
        const texts = messages(language);
        expect(page.text('[data-testid="match-status"]')).toBe(
          say(texts, 'match.afterExtraTimeAndPenalties'),
        );
        // football-data's tier sends no kicks: the shoot-out is its own section with its score alone.
        expect(page.text('[data-testid="shootout-score"]')).toBe(
          say(texts, 'match.shootoutScore', m.score.penalties!),
        );
        expect(page.all('[data-testid="shootout-kick"]')).toHaveLength(0);
        expect(page.text('[data-testid="shootout"] .timeline__empty')).toBe(
          say(texts, 'match.shootoutNoKicks', m.score.penalties!),
        );
      }
    });

    it(`${CL}: 418515 REGULAR second leg, a tie settled on aggregate (Qarabağ 5-1 after 0-1)`, async () => {
      const m = match(418515);
      const stored = await expectDecided(m);
      // Won 5-1 on the night after losing the first leg: through on the two legs' sum, as the recording adds up.
      const first = firstLeg(m)!;
      expect(stored.score.aggregate).toEqual({
        home: board(m).home + board(first).away,
        away: board(m).away + board(first).home,
      });
      // Its details came from the recorded `/v4/matches/418515`, the match alone.
      expect(
        peer.requests.filter((r) => r.url === '/v4/matches/418515' && r.status === 200).length,
      ).toBeGreaterThan(0);
    });

    it(`${CL}: the second legs' day on the fixtures and results page, in English and German: board, marks, winner`, async () => {
      const day = '2022-07-12';
      for (const language of ['en', 'de']) {
        const texts = messages(language);
        const page = await stack.fan.page(`/${language}/fixtures-results?date=${day}`);
        for (const m of RECORDINGS[0]!.body.matches.filter((x) => x.utcDate.startsWith(day))) {
          const row = `[data-testid="live-match-row"][data-match-id="${m.id}"]`;
          expect(page.text(`${row} [data-testid="live-row-score"]`), String(m.id)).toBe(boardText(board(m)));
          const agg = aggregate(m);
          const notes = [
            ...(m.score.duration !== 'REGULAR' ? [say(texts, 'outcome.short.extraTime')] : []),
            ...(known(m.score.penalties) ? [say(texts, 'outcome.short.penalties', m.score.penalties)] : []),
            ...(agg ? [say(texts, 'outcome.short.aggregate', agg)] : []),
          ];
          expect(page.texts(`${row} [data-testid="score-notes"] .score-notes__note`), String(m.id)).toEqual(
            notes,
          );
          expect(page.text(`${row} [data-testid="live-row-outcome"]`), String(m.id)).toBe(
            winnerSentence(m, language) ?? undefined,
          );
        }
      }
    });

    it(`${CL}: the day's list and the competition's list give each match the board, the shoot-out and the aggregate`, async () => {
      for (const day of QUALIFYING_DAYS) {
        const entries = await stack.fan.rest<ScoreboardEntry[]>(`/api/matches?date=${day}`);
        const recorded = RECORDINGS[0]!.body.matches.filter((m) => m.utcDate.startsWith(day));
        expect(entries.map((e) => e.match.id).sort()).toEqual(recorded.map((m) => String(m.id)).sort());
        for (const m of recorded) {
          const entry = entries.find((e) => e.match.id === String(m.id))!;
          expect(entry.match.score.current, String(m.id)).toEqual(board(m));
          expect(entry.match.score.aggregate ?? null, String(m.id)).toEqual(aggregate(m));
        }
      }
      const all = await stack.fan.rest<ScoreboardEntry[]>('/api/competitions/2001/matches');
      expect(all).toHaveLength(RECORDINGS[0]!.body.matches.length);
      for (const e of all) expect(e.match.score.current).toEqual(board(match(Number(e.match.id))));
    });

    it(`${CL}: a shoot-out's loser's team page: the row, its marks and the winner's sentence, and its form chip`, async () => {
      const m = match(418518);
      const loser = winnerSide(m) === 'home' ? m.awayTeam : m.homeTeam;
      const side = loser.id === m.homeTeam.id ? 'home' : 'away';
      const b = board(m);
      const [own, other] = fromSide(b, side);
      const [kicksFor, kicksAgainst] = fromSide(m.score.penalties as { home: number; away: number }, side);
      const page = await stack.fan.rest<TeamPage>(`/api/teams/${loser.id}`);
      const entry = page.form.find((f) => f.matchId === String(m.id))!;
      expect(entry).toMatchObject({
        result: own! > other! ? 'W' : own! < other! ? 'L' : 'D',
        goalsFor: own,
        goalsAgainst: other,
        shootout: { won: false, for: kicksFor, against: kicksAgainst },
      });
      const html = await stack.fan.page(`/en/team/${loser.id}`);
      const row = `[data-testid="live-match-row"][data-match-id="${m.id}"]`;
      expect(html.text(`${row} [data-testid="live-row-score"]`)).toBe(boardText(b));
      const en = messages('en');
      expect(html.texts(`${row} [data-testid="score-notes"] .score-notes__note`)).toEqual([
        say(en, 'outcome.short.extraTime'),
        say(en, 'outcome.short.penalties', m.score.penalties!),
        say(en, 'outcome.short.aggregate', aggregate(m)!),
      ]);
      expect(html.text(`${row} [data-testid="live-row-outcome"]`)).toBe(winnerSentence(m, 'en'));
    });

    it(`${H2H_418515}: the tie's head-to-head, both legs, from the provider's own answer`, async () => {
      const recorded = JSON.parse(readExchange(H2H_418515).body) as { matches: FdMatch[] };
      const [a, b] = [recorded.matches[0]!.homeTeam.id, recorded.matches[0]!.awayTeam.id];
      await expect
        .poll(
          async () =>
            (
              await stack.fan.rest<HeadToHead>(
                `/api/head-to-head/by-slug/${await slugOf(a)}-vs-${await slugOf(b)}?limit=50`,
              )
            ).pending,
          {
            timeout: 15_000,
          },
        )
        .toBe(false);
      const h2h = await stack.fan.rest<HeadToHead>(
        `/api/head-to-head/by-slug/${await slugOf(a)}-vs-${await slugOf(b)}?limit=50`,
      );
      expect(h2h.past.map((e) => e.match.id)).toEqual(recorded.matches.map((m) => String(m.id)));
      for (const e of h2h.past)
        expect(e.match.score.current).toEqual(
          board(recorded.matches.find((m) => String(m.id) === e.match.id)!),
        );
      expect(peer.requests.filter((r) => r.url.startsWith('/v4/matches/418515/head2head'))).toHaveLength(1);
    });

    it.skipIf(!hasSharedData)(
      `${BL1_STANDINGS} and ${CL_STANDINGS} (shared data): the tables as recorded`,
      async () => {
        for (const [id, file] of [
          ['2002', BL1_STANDINGS],
          ['2001', CL_STANDINGS],
        ] as const) {
          const recorded = sharedBody<{
            standings: {
              type: string;
              group: string | null;
              table: {
                position: number;
                team: { id: number };
                points: number;
                playedGames: number;
                goalDifference: number;
              }[];
            }[];
          }>(file);
          const standings = await stack.fan.rest<Standings>(`/api/competitions/${id}/standings`);
          const total = recorded.standings.filter((s) => s.type === 'TOTAL');
          expect(standings.groups.length).toBe(total.length);
          for (const [i, group] of total.entries()) {
            expect(
              standings.groups[i]!.rows.map((r) => [
                r.rank,
                r.team.id,
                r.points,
                r.total.played,
                r.goalDifference,
              ]),
            ).toEqual(
              group.table.map((r) => [
                r.position,
                String(r.team.id),
                r.points,
                r.playedGames,
                r.goalDifference,
              ]),
            );
          }
        }
      },
    );
  });

  describe.skipIf(!hasSharedData)(`${TIMED} (shared data): a day of 34 matches not started`, () => {
    const day = hasSharedData ? RECORDINGS.find((r) => r.file === TIMED)!.body.matches : [];
    beforeAll(
      () =>
        playDay(
          '2022-09-04T08:00:00Z',
          day.map((m) => m.id),
        ),
      30_000,
    );

    it(`${TIMED}: TIMED, fullTime {null, null}: listed with their kickoff, no score shown, nothing decided`, async () => {
      const entries = await stack.fan.rest<ScoreboardEntry[]>('/api/matches?date=2022-09-04');
      expect(entries.map((e) => e.match.id).sort()).toEqual(day.map((m) => String(m.id)).sort());
      for (const e of entries) {
        const m = day.find((x) => String(x.id) === e.match.id)!;
        expect(e.match.status).toBe('scheduled');
        expect(e.match.kickoff).toBe(m.utcDate);
        expect(e.match.score.current).toEqual({ home: null, away: null });
      }
      const page = await matchPage(day[0]!.id);
      expect(page.text('[data-testid="match-score-home"]')).toBe('–');
      expect(page.text('[data-testid="match-score-away"]')).toBe('–');
      expect(page.text('[data-testid="match-status"]')).toBe(say(messages('en'), 'status.scheduled'));
      expect(page.text('[data-testid="match-outcome"]')).toBeUndefined();
    });
  });

  describe('Köln, recorded at the moment the recordings were made (team form, squad)', () => {
    it.skipIf(!hasSharedData)(
      `${KOELN_MATCHES} (shared data): Köln's form, its latest five results from the provider`,
      async () => {
        clock.set(RECORDED_AT);
        const recorded = sharedBody<{ matches: FdMatch[] }>(KOELN_MATCHES).matches.filter(
          (m) => m.status === 'FINISHED',
        );
        const latest = [...recorded].sort((x, y) => x.utcDate.localeCompare(y.utcDate)).slice(-5);
        await expect
          .poll(async () => (await stack.fan.rest<TeamPage>('/api/teams/1')).form.length, { timeout: 15_000 })
          .toBe(5);
        const page = await stack.fan.rest<TeamPage>('/api/teams/1');
        expect(page.form.map((f) => [f.matchId, f.goalsFor, f.goalsAgainst])).toEqual(
          latest.map((m) => {
            const [f, a] = fromSide(board(m), m.homeTeam.id === 1 ? 'home' : 'away');
            return [String(m.id), f, a];
          }),
        );
        // Its squad, as /v4/teams/1 lists it.
        const squad = sharedBody<{ squad: { id: number }[] }>(KOELN).squad;
        await expect
          .poll(async () => (await stack.fan.rest<TeamPage>('/api/teams/1')).squad.length, {
            timeout: 15_000,
          })
          .toBe(squad.length);
      },
    );
  });

  describe(`${BUILT_SCORES}: built from the documented schema (§1)`, () => {
    it(`${BUILT_SCORES}: 990101 PENALTY_SHOOTOUT with regularTime numbers`, async () => {
      await playDay(BUILT_LIVE_AT, [990101, 990102]);
      const m = match(990101);
      const stored = await expectDecided(m);
      expect(stored.score.fulltime).toEqual(m.score.regularTime);
    });

    it(`${BUILT_SCORES}: 990102 IN_PLAY in extra time, listed live: 2-2 on the board, no winner yet`, async () => {
      const m = match(990102);
      await expect
        .poll(
          async () => (await stack.fan.rest<ScoreboardEntry[]>('/api/matches/live')).map((e) => e.match.id),
          { timeout: 15_000 },
        )
        .toContain(String(m.id));
      const { match: live } = await detail(m.id);
      expect(live.status).toBe('extra_time');
      expect(live.score.current).toEqual(m.score.fullTime);
      expect(live.score.fulltime).toEqual(m.score.regularTime);
      const page = await matchPage(m.id);
      expect(page.text('[data-testid="match-score-home"]')).toBe(String(m.score.fullTime.home));
      expect(page.text('[data-testid="match-status"]')).toBe(say(messages('en'), 'status.extra_time'));
      expect(page.text('[data-testid="match-outcome"]')).toBeUndefined();
      expect(page.text('[data-testid="match-penalties"]')).toBeUndefined();
    });

    it(`${BUILT_SCORES}: 990102 polled again and again while live: the same answers write nothing new`, async () => {
      const before = await stack.fan.rest<{ seq: number; detail: MatchDetail }>('/api/matches/990102');
      // A live match's details are read at every details poll (half a second here).
      const reads = () => peer.requests.filter((r) => r.url === '/v4/matches/990102').length;
      const polls = reads();
      await expect.poll(reads, { timeout: 15_000 }).toBeGreaterThanOrEqual(polls + 3);
      const after = await stack.fan.rest<{ seq: number; detail: MatchDetail }>('/api/matches/990102');
      expect(after.seq).toBe(before.seq);
      expect(after.detail).toEqual(before.detail);
    });
  });

  describe(`${BUILT_EVENTS}: built from the documented schema, the paid tier's events (§1, §2)`, () => {
    beforeAll(() => playDay(BUILT_EVENTS_AT, [990103, 990104]), 30_000);

    /** The events a fan should read, from the recording: kind, minute, side, who. */
    const recordedEvents = (m: FdMatch) => {
      const side = (teamId: number) => (teamId === m.homeTeam.id ? 'home' : 'away');
      const rows: { kind: string; minute: number; stoppage: number | null; side: string; who: string }[] = [];
      let before = { home: 0, away: 0 };
      for (const g of m.goals ?? []) {
        // The side whose score went up, whichever team v4 lists the scorer under (an own goal).
        const up = (g.score.home ?? 0) > before.home ? 'home' : 'away';
        before = { home: g.score.home ?? 0, away: g.score.away ?? 0 };
        const kind = g.type === 'OWN' ? 'own_goal' : g.type === 'PENALTY' ? 'penalty_goal' : 'goal';
        rows.push({
          kind,
          minute: g.minute,
          stoppage: g.injuryTime,
          side: up,
          who: (g as unknown as { scorer: { name: string } }).scorer.name,
        });
      }
      for (const b of m.bookings ?? []) {
        const kind = b.card === 'YELLOW_RED' ? 'second_yellow' : b.card === 'RED' ? 'red' : 'yellow';
        rows.push({ kind, minute: b.minute, stoppage: null, side: side(b.team.id), who: b.player.name });
      }
      for (const x of m.substitutions ?? []) {
        rows.push({
          kind: 'substitution',
          minute: x.minute,
          stoppage: null,
          side: side(x.team.id),
          who: x.playerIn.name,
        });
      }
      return rows.sort((a, b) => a.minute - b.minute || (a.stoppage ?? 0) - (b.stoppage ?? 0));
    };

    it.each([
      [
        990103,
        "an own goal in extra time listed under the scorer's team, a second yellow (YELLOW_RED), six substitutions, the sixth in extra time",
      ],
      [990104, 'a goal in stoppage time, a goal in extra time, a straight red'],
    ])(`${BUILT_EVENTS}: %i %s`, async (id, _what) => {
      const m = match(id);
      const { match: stored, events } = await detail(id);
      const home = stored.home.id;
      const shown = events
        .map((e) => ({
          kind: e.kind,
          minute: e.minute,
          stoppage: e.stoppage,
          side: e.teamId === home ? 'home' : 'away',
          who: e.player?.name,
        }))
        .sort((a, b) => a.minute - b.minute || (a.stoppage ?? 0) - (b.stoppage ?? 0));
      expect(shown).toEqual(recordedEvents(m).map((r) => ({ ...r, stoppage: r.stoppage ?? null })));
      // Substitutions numbered per team in the order they were made, as many as the recording lists.
      for (const team of [m.homeTeam, m.awayTeam]) {
        const subs = (m.substitutions ?? [])
          .filter((x) => x.team.id === team.id)
          .sort((a, b) => a.minute - b.minute);
        const numbered = events.filter((e) => e.kind === 'substitution' && e.teamId === String(team.id));
        expect(numbered.map((e) => [e.number, e.player?.name])).toEqual(
          subs.map((x, i) => [i + 1, x.playerIn.name]),
        );
      }
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

      // The page: every event in the timeline, substitutions with their number, the shoot-out's score alone.
      for (const language of ['en', 'de']) {
        const page = await matchPage(id, language);
        const texts = messages(language);
        const timeline = page.all('[data-testid="timeline-event"]');
        expect(timeline).toHaveLength(events.length);
        const subLabels = page.texts(
          '[data-testid="timeline-event"][data-kind="substitution"] .timeline-event__kind',
        );
        const expected = [m.homeTeam, m.awayTeam].flatMap((team) =>
          (m.substitutions ?? [])
            .filter((x) => x.team.id === team.id)
            .map((_, i) => say(texts, 'event.substitutionNumber', { number: i + 1 })),
        );
        expect([...subLabels].sort()).toEqual([...expected].sort());
        for (const kind of ['second_yellow', 'red', 'own_goal']) {
          const n = recordedEvents(m).filter((r) => r.kind === kind).length;
          expect(
            page.texts(`[data-testid="timeline-event"][data-kind="${kind}"] .timeline-event__kind`),
          ).toEqual(Array.from({ length: n }, () => say(texts, `event.${kind}`)));
        }
        if (known(m.score.penalties)) {
          expect(page.text('[data-testid="shootout-score"]')).toBe(
            say(texts, 'match.shootoutScore', m.score.penalties),
          );
          expect(page.all('[data-testid="shootout-kick"]')).toHaveLength(0);
        }
      }
    });

    it(`${BUILT_EVENTS}: 990103 PENALTY_SHOOTOUT with regularTime and extraTime absent; 990104 EXTRA_TIME with both absent`, async () => {
      for (const id of [990103, 990104]) await expectDecided(match(id));
    });

    it(`${BUILT_EVENTS}: the day's list read again and again writes nothing new, events keep their ids`, async () => {
      const ids = [990103, 990104];
      const before = new Map<number, { seq: number; detail: MatchDetail }>();
      for (const id of ids) before.set(id, await stack.fan.rest(`/api/matches/${id}`));
      const listed = () =>
        peer.requests.filter((r) => r.url.startsWith('/v4/matches?dateFrom=2026-11-14')).length;
      const reads = listed();
      await expect.poll(listed, { timeout: 15_000 }).toBeGreaterThanOrEqual(reads + 2);
      for (const id of ids) {
        const after = await stack.fan.rest<{ seq: number; detail: MatchDetail }>(`/api/matches/${id}`);
        expect(after.seq, String(id)).toBe(before.get(id)!.seq);
        expect(after.detail, String(id)).toEqual(before.get(id)!.detail);
      }
    });
  });

  // Last: a refusal pauses the whole queue until the provider's minute turns.
  describe("the provider's budget (§4): its 429 is survived", () => {
    it(`${LIMIT}: at the free tier's minute, a 429 holds every next call back until the minute turns`, async () => {
      const refusal = JSON.parse(readExchange(LIMIT).body) as { errorCode: number };
      // The minute's calls are spent already: the next one is refused, as v4 refuses it.
      peer.perMinute = 1;
      await expect
        .poll(() => peer.requests.filter((r) => r.refused).length, { timeout: 10_000 })
        .toBeGreaterThan(0);
      const first = peer.requests.find((r) => r.refused)!;
      expect(first.status).toBe(refusal.errorCode);
      // Ingest waits for the counter v4 sent with the refusal: nothing is asked meanwhile, not even live scores.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(peer.requests.filter((r) => r.at > first.at)).toEqual([]);
      // And what fans read is still there, as it was.
      const { match: live } = await detail(990102);
      expect(live.score.current).toEqual(match(990102).score.fullTime);
      const failed = await stack.ingest.queue.getFailed();
      expect(failed.filter((j) => /rate-limited/.test(j.failedReason))).toEqual([]);
    });
  });

  async function slugOf(teamId: number): Promise<string> {
    return (await stack.fan.rest<TeamPage>(`/api/teams/${teamId}`)).team.slug;
  }
});
