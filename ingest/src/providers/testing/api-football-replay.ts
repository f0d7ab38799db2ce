import type { Reply } from './recorded-server.ts';
import { MatchTimeline, RecordingError, utcDate, type PhaseKind } from './match-timeline.ts';
import {
  RecordedDay,
  resultInWords,
  type ReplayOptions,
  type ReplayedMatch,
  type Settled,
} from './recorded-day.ts';

type Pair = { home: number | null; away: number | null };
type Counted = { home: number; away: number };

/** What the replay reads of a recorded fixture; everything else is passed through as recorded. */
interface ApiEvent {
  time: { elapsed: number; extra: number | null };
  team: { id: number };
  type: string;
  detail: string | null;
  comments: string | null;
}
interface ApiFixture {
  fixture: {
    id: number;
    date: string;
    timestamp: number;
    periods: { first: number | null; second: number | null };
    venue: { name: string | null; city: string | null };
    status: { long: string | null; short: string; elapsed: number | null };
  };
  league: {
    id: number;
    name: string;
    country: string | null;
    logo: string | null;
    flag?: string | null;
    season: number;
  };
  teams: Record<'home' | 'away', { id: number; name: string; logo: string | null; winner?: boolean | null }>;
  goals: Pair;
  score: { halftime: Pair; fulltime: Pair; extratime: Pair; penalty: Pair };
  events?: ApiEvent[];
}

export interface ApiFootballReplayOptions extends ReplayOptions {
  /**
   * A recorded `/fixtures` answer whose fixtures are over and carry their events (`ids=…`, `id=…`), e.g.
   * `api-football/fixtures_ids-1149523-1149519_PEN_two-legged-ties_events.json` in ingest/test/fixtures.
   */
  recording: unknown;
}

/** `fixture.status` through a live match: the 1H, HT and 2H wording as `live=all` records it, the rest as documented. */
const STATUS: Record<PhaseKind, { short: string; long: string }> = {
  first_half: { short: '1H', long: 'First Half' },
  half_time: { short: 'HT', long: 'Halftime' },
  second_half: { short: '2H', long: 'Second Half' },
  break_before_extra_time: { short: 'BT', long: 'Break Time' },
  extra_time_first_half: { short: 'ET', long: 'Extra Time' },
  extra_time_half_time: { short: 'BT', long: 'Break Time' },
  extra_time_second_half: { short: 'ET', long: 'Extra Time' },
  break_before_penalties: { short: 'BT', long: 'Break Time' },
  penalties: { short: 'P', long: 'Penalty In Progress' },
};
const FINAL = new Set(['FT', 'AET', 'PEN']);
const NONE: Pair = { home: null, away: null };

const isKick = (e: ApiEvent) => e.comments?.trim().toLowerCase() === 'penalty shootout';
const isGoal = (e: ApiEvent) =>
  e.type.toLowerCase() === 'goal' && (e.detail ?? '').toLowerCase() !== 'missed penalty' && !isKick(e);
const kickScored = (e: ApiEvent) => !(e.detail ?? '').toLowerCase().includes('miss');
const known = (p: Pair): Counted | null =>
  p.home !== null && p.away !== null ? { home: p.home, away: p.away } : null;
const same = (a: Counted, b: Counted) => a.home === b.home && a.away === b.away;
const text = (p: Counted) => `${p.home}-${p.away}`;

interface Played extends ReplayedMatch {
  recorded: ApiFixture;
  /** Events of play, each with the minute after kickoff it happens at; kicks in kick order with theirs. */
  events: { event: ApiEvent; at: number }[];
  kicks: { event: ApiEvent; at: number }[];
  /** Minutes after kickoff the second half starts at. */
  secondHalfAt: number;
}

/**
 * A recorded API-Football match day on a moving clock: at each instant of `now`, what API-Football v3 would
 * have answered then about the recording's matches. Before kickoff a fixture is NS; then 1H, HT, 2H, and, as
 * the recording went, BT, ET and P, with `fixture.status.elapsed`, the events up to that minute (`live=all`
 * and `id=` inline them), the shoot-out's kicks one a minute in kick order, and `goals` and `score` counted
 * from those events in the shapes the recorded `live=all` answer shows (`score.halftime` running through the
 * first half, `fulltime` from the end of the second; `extratime` from the end of extra time and `penalty`
 * running through the shoot-out, which no recording shows live). Once over, the fixture is as recorded, its
 * dates moved by the replay's clock. A recording whose events do not add up to its scores is refused
 * (`RecordingError`): nothing is made up.
 *
 * Pair `answer` with `startRateLimitedPeer({ flavour: 'api-football' })` for the provider's envelope, headers
 * and per-minute limit. The recording's lineups, statistics and players were left out (its SOURCES.md): the
 * replay answers them empty, as the provider does for a fixture that has none.
 */
export class ApiFootballReplay extends RecordedDay {
  private readonly played: ReadonlyMap<string, Played>;

  constructor(options: ApiFootballReplayOptions) {
    const fixtures = readRecording(options.recording);
    const played = fixtures.map(plan);
    super(played, options);
    this.played = new Map(played.map((p) => [p.id, p]));
  }

  /** The provider's answer to one request (path and query), or undefined for a path it would not know. */
  answer(url: URL): Reply | undefined {
    const q = Object.fromEntries(url.searchParams);
    const t = this.now();
    const all = [...this.played.values()];
    const envelope = (response: unknown[]) => json(url, response);
    switch (url.pathname) {
      case '/fixtures': {
        if (q.live === 'all') {
          return envelope(all.filter((p) => this.isLive(p, t)).map((p) => this.fixtureAt(p, t, 'events')));
        }
        if (q.id !== undefined) {
          const p = this.played.get(q.id);
          return envelope(p ? [this.fixtureAt(p, t, 'everything')] : []);
        }
        if (q.ids !== undefined) {
          const ids = q.ids.split('-');
          return envelope(all.filter((p) => ids.includes(p.id)).map((p) => this.fixtureAt(p, t, 'events')));
        }
        if (q.date !== undefined) {
          const on = all.filter((p) => utcDate(this.kickoffOf(p.id)) === q.date);
          return envelope(on.map((p) => this.fixtureAt(p, t, 'bare')));
        }
        if (q.team !== undefined) {
          const last = Number(q.last ?? 10);
          const over = all
            .filter((p) => this.sides(p).includes(q.team!) && this.minuteAt(p, t) >= p.timeline.end)
            .sort((a, b) => b.kickoff - a.kickoff)
            .slice(0, last);
          return envelope(over.map((p) => this.fixtureAt(p, t, 'bare')));
        }
        return undefined;
      }
      case '/fixtures/headtohead': {
        const pair = (q.h2h ?? '').split('-');
        const meetings = all.filter(
          (p) => pair.length === 2 && pair.every((id) => this.sides(p).includes(id)),
        );
        return envelope(meetings.map((p) => this.fixtureAt(p, t, 'bare')));
      }
      case '/fixtures/events': {
        const p = this.played.get(q.fixture ?? '');
        return envelope(p ? this.eventsAt(p, t) : []);
      }
      case '/fixtures/lineups':
      case '/fixtures/statistics':
      case '/fixtures/players':
      case '/standings':
      case '/players/squads':
        return envelope([]);
      case '/leagues':
        return envelope(this.leagues(q.id));
      case '/teams':
        return envelope(this.teams(q));
      default:
        return undefined;
    }
  }

  /** The fixture as the provider answers it at replay instant `t`. */
  fixtureAt(p: Played, t: number, parts: 'bare' | 'events' | 'everything'): unknown {
    const { events: _events, ...rest } = p.recorded;
    const f = structuredClone(rest) as ApiFixture & Record<string, unknown>;
    const minute = this.minuteAt(p, t);
    const moment = p.timeline.at(minute);
    const kickoff = this.time.toReplay(p.kickoff);
    const seconds = (ms: number) => Math.floor(ms / 1000);
    f.fixture.timestamp = seconds(kickoff);
    f.fixture.date = new Date(seconds(kickoff) * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    const secondHalf = seconds(this.time.toReplay(p.kickoff + p.secondHalfAt * 60_000));

    if (moment.stage === 'before') {
      f.fixture.periods = { first: null, second: null };
      f.fixture.status = { long: 'Not Started', short: 'NS', elapsed: null };
      f.goals = { ...NONE };
      f.score = {
        halftime: { ...NONE },
        fulltime: { ...NONE },
        extratime: { ...NONE },
        penalty: { ...NONE },
      };
      f.teams.home.winner = null;
      f.teams.away.winner = null;
    } else if (moment.stage === 'over') {
      f.fixture.periods = { first: f.fixture.timestamp, second: secondHalf };
    } else {
      const phase = moment.phase.kind;
      f.fixture.periods = {
        first: f.fixture.timestamp,
        second: minute >= p.secondHalfAt ? secondHalf : null,
      };
      f.fixture.status = { ...STATUS[phase], elapsed: moment.elapsed };
      const goals = this.count(
        p.events.filter((e) => e.at <= minute && isGoal(e.event)).map((e) => e.event),
        p,
      );
      f.goals = { ...goals };
      const ended = (kind: PhaseKind) => minute >= (p.timeline.phase(kind)?.to ?? Infinity);
      f.score = {
        halftime: ended('first_half') ? p.recorded.score.halftime : { ...goals },
        fulltime: ended('second_half') ? p.recorded.score.fulltime : { ...NONE },
        extratime: ended('extra_time_second_half') ? p.recorded.score.extratime : { ...NONE },
        penalty:
          phase === 'penalties'
            ? this.count(
                p.kicks.filter((k) => k.at <= minute && kickScored(k.event)).map((k) => k.event),
                p,
              )
            : { ...NONE },
      };
      // While it is on, `winner` names who leads (recorded live=all), neither when level.
      f.teams.home.winner = goals.home === goals.away ? null : goals.home > goals.away;
      f.teams.away.winner = goals.home === goals.away ? null : goals.away > goals.home;
    }
    if (parts !== 'bare') f.events = this.eventsAt(p, t);
    if (parts === 'everything') Object.assign(f, { lineups: [], statistics: [], players: [] });
    return f;
  }

  /** Events up to replay instant `t`, in the order the recording lists them. */
  eventsAt(p: Played, t: number): ApiEvent[] {
    const minute = this.minuteAt(p, t);
    if (minute >= p.timeline.end) return p.recorded.events ?? [];
    const seen = new Set([...p.events, ...p.kicks].filter((e) => e.at <= minute).map((e) => e.event));
    return (p.recorded.events ?? []).filter((e) => seen.has(e));
  }

  private isLive(p: Played, t: number): boolean {
    return p.timeline.at(this.minuteAt(p, t)).stage === 'on';
  }

  private sides(p: Played): string[] {
    return [String(p.recorded.teams.home.id), String(p.recorded.teams.away.id)];
  }

  private count(events: readonly ApiEvent[], p: Played): Counted {
    const home = events.filter((e) => e.team.id === p.recorded.teams.home.id).length;
    return { home, away: events.length - home };
  }

  /** `/leagues`: the recording's competitions, a cup when one of its matches went to extra time. */
  private leagues(id: string | undefined): unknown[] {
    const byId = new Map<number, Played[]>();
    for (const p of this.played.values())
      byId.set(p.recorded.league.id, [...(byId.get(p.recorded.league.id) ?? []), p]);
    return [...byId.entries()]
      .filter(([leagueId]) => id === undefined || String(leagueId) === id)
      .map(([, ps]) => {
        const { league } = ps[0]!.recorded;
        const dates = ps.map((p) => utcDate(this.kickoffOf(p.id))).sort();
        return {
          league: {
            id: league.id,
            name: league.name,
            type: ps.some((p) => p.settled !== 'regular') ? 'Cup' : 'League',
            logo: league.logo,
          },
          country: { name: league.country, code: null, flag: league.flag ?? null },
          seasons: [{ year: league.season, start: dates[0], end: dates.at(-1), current: true }],
        };
      });
  }

  /** `/teams?league=&season=` (or `id=`): the recording's teams, each with the ground it played at home. */
  private teams(q: Record<string, string>): unknown[] {
    const teams = new Map<number, { team: unknown; venue: unknown }>();
    for (const p of this.played.values()) {
      const f = p.recorded;
      if (q.league !== undefined && String(f.league.id) !== q.league) continue;
      for (const side of ['home', 'away'] as const) {
        const t = f.teams[side];
        if (q.id !== undefined && String(t.id) !== q.id) continue;
        const venue =
          side === 'home' ? { name: f.fixture.venue.name, city: f.fixture.venue.city, capacity: null } : null;
        const team = { id: t.id, name: t.name, code: null, country: null, founded: null, logo: t.logo };
        if (!teams.has(t.id) || venue)
          teams.set(t.id, { team, venue: venue ?? teams.get(t.id)?.venue ?? null });
      }
    }
    return [...teams.values()];
  }
}

const json = (url: URL, response: unknown[]): Reply => {
  const parameters = Object.fromEntries(url.searchParams);
  return {
    body: JSON.stringify({
      get: url.pathname.replace(/^\//, ''),
      parameters: Object.keys(parameters).length > 0 ? parameters : [],
      errors: [],
      results: response.length,
      paging: { current: 1, total: 1 },
      response,
    }),
  };
};

function readRecording(recording: unknown): ApiFixture[] {
  const response = (recording as { response?: unknown } | null)?.response;
  if (!Array.isArray(response) || response.length === 0) {
    throw new RangeError('an API-Football recording is a /fixtures answer: {…, response: [fixture, …]}');
  }
  return response as ApiFixture[];
}

/** A recorded fixture's timeline, its events placed on it, and its scores checked against those events. */
function plan(f: ApiFixture): Played {
  const id = String(f.fixture.id);
  const count = (events: readonly ApiEvent[]): Counted => {
    const home = events.filter((e) => e.team.id === f.teams.home.id).length;
    return { home, away: events.length - home };
  };
  const short = f.fixture.status.short;
  if (!FINAL.has(short)) throw new RecordingError(id, `it is ${short}, not over: nothing to replay to`);
  if (!f.events) throw new RecordingError(id, 'it has no events (record /fixtures?id= or ids=)');
  const play = f.events.filter((e) => !isKick(e));
  const kicks = f.events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => isKick(event))
    .sort((a, b) => (a.event.time.extra ?? Infinity) - (b.event.time.extra ?? Infinity) || a.index - b.index)
    .map(({ event }) => event);
  if (play.some((e) => e.type.toLowerCase() === 'var' && /cancel|disallow/i.test(e.detail ?? ''))) {
    // Which goal the review took back is a guess this replay does not make.
    throw new RecordingError(
      id,
      'a VAR review cancels a goal: its score cannot be replayed minute by minute',
    );
  }

  const stoppage = (end: number) =>
    Math.max(0, ...play.filter((e) => e.time.elapsed === end).map((e) => e.time.extra ?? 0));
  const extraTime =
    short === 'AET' ||
    (short === 'PEN' && known(f.score.extratime) !== null) ||
    play.some((e) => e.time.elapsed > 90);
  const firstStoppage = stoppage(45);
  const { first, second } = f.fixture.periods;
  const halfTime = first !== null && second !== null ? (second - first) / 60 - 45 - firstStoppage : undefined;
  const penalty = known(f.score.penalty);
  const timeline = new MatchTimeline({
    stoppage: {
      first: firstStoppage,
      second: stoppage(90),
      extraFirst: stoppage(105),
      extraSecond: stoppage(120),
    },
    ...(halfTime !== undefined && halfTime >= 0 && { halfTimeMinutes: halfTime }),
    extraTime,
    shootout:
      short !== 'PEN'
        ? null
        : kicks.length > 0
          ? { kicks: kicks.length }
          : { minutes: 2 * Math.max(5, penalty?.home ?? 0, penalty?.away ?? 0) },
  });
  const placed = play.map((event) => {
    try {
      return { event, at: timeline.instantOf(event.time.elapsed, event.time.extra) };
    } catch {
      throw new RecordingError(id, `an event at minute ${event.time.elapsed} of a match without extra time`);
    }
  });
  const settled: Settled = short === 'PEN' ? 'penalties' : extraTime ? 'extra_time' : 'regular';
  const p: Played = {
    id,
    kickoff: f.fixture.timestamp * 1000,
    timeline,
    settled,
    home: f.teams.home.name,
    away: f.teams.away.name,
    result: resultInWords(count(play.filter(isGoal)), extraTime, short === 'PEN' ? penalty : null),
    recorded: f,
    events: placed,
    kicks: kicks.map((event, i) => ({ event, at: timeline.kickInstant(i + 1) })),
    secondHalfAt: timeline.phase('second_half')!.from,
  };
  check(p);
  return p;
}

/** The events must add up to every score the recording gives, period by period. */
function check(p: Played): void {
  const { score, goals, teams } = p.recorded;
  const count = (events: readonly ApiEvent[]): Counted => {
    const home = events.filter((e) => e.team.id === teams.home.id).length;
    return { home, away: events.length - home };
  };
  const goalsUpTo = (kind: PhaseKind) => {
    const to = p.timeline.phase(kind)?.to ?? Infinity;
    return count(p.events.filter((e) => e.at <= to && isGoal(e.event)).map((e) => e.event));
  };
  const disagree = (what: string, events: Counted, recorded: Counted) =>
    new RecordingError(p.id, `its events give ${text(events)} ${what}, its score says ${text(recorded)}`);
  const half = known(score.halftime);
  if (half && !same(goalsUpTo('first_half'), half))
    throw disagree('at half time', goalsUpTo('first_half'), half);
  const ninety = known(score.fulltime);
  if (ninety && !same(goalsUpTo('second_half'), ninety))
    throw disagree('after 90', goalsUpTo('second_half'), ninety);
  const all = count(p.events.filter((e) => isGoal(e.event)).map((e) => e.event));
  const extra = known(score.extratime);
  if (extra && ninety && p.timeline.phase('extra_time_second_half')) {
    const inExtra = { home: all.home - ninety.home, away: all.away - ninety.away };
    if (!same(inExtra, extra)) throw disagree('in extra time', inExtra, extra);
  }
  const board = known(goals);
  const shootout = known(score.penalty);
  if (p.kicks.length > 0) {
    const scored = count(p.kicks.filter((k) => kickScored(k.event)).map((k) => k.event));
    if (!shootout || !same(scored, shootout))
      throw disagree('in the shoot-out', scored, shootout ?? { home: NaN, away: NaN });
  }
  // `goals` is the board; some answers add the shoot-out to it (normalise-fixture.ts).
  const withShootout = shootout && { home: all.home + shootout.home, away: all.away + shootout.away };
  if (board && !same(all, board) && !(withShootout && same(withShootout, board))) {
    throw disagree('in all', all, board);
  }
}
