import type { Reply } from './recorded-server.ts';
import {
  MatchTimeline,
  RecordingError,
  isoSeconds,
  utcDate,
  type MatchMoment,
  type PhaseKind,
} from './match-timeline.ts';
import {
  RecordedDay,
  resultInWords,
  type ReplayOptions,
  type ReplayedMatch,
  type Settled,
} from './recorded-day.ts';

type Pair = { home: number | null; away: number | null };
type Counted = { home: number; away: number };

/** What the replay reads of a recorded v4 match; everything else is passed through as recorded. */
interface FdMatch {
  id: number;
  area?: unknown;
  competition: { id: number; name: string; code?: string | null; type?: string; emblem?: string | null };
  season: unknown;
  utcDate: string;
  status: string;
  lastUpdated?: string;
  homeTeam: FdTeamRef;
  awayTeam: FdTeamRef;
  score: {
    winner?: string | null;
    duration?: string | null;
    fullTime: Pair;
    halfTime?: Pair;
    regularTime?: Pair;
    extraTime?: Pair;
    penalties?: Pair;
  };
  [key: string]: unknown;
}
interface FdTeamRef {
  id: number | null;
  name: string | null;
  shortName?: string | null;
  tla?: string | null;
  crest?: string | null;
}
interface Exchange {
  status: number;
  headers: Record<string, string[]>;
  body: string;
}

export interface FootballDataReplayOptions extends ReplayOptions {
  /**
   * A recorded v4 exchange (`{status, headers, body}`) listing finished matches, e.g.
   * `football-data/v4_competitions_CL_matches_season2022_qualifying_EXTRA_TIME-PENALTY_SHOOTOUT.recorded-http.json`
   * in ingest/test/fixtures. Its headers (but the budget's, which the rate-limited peer sets) go on every answer.
   */
  recording: unknown;
  /**
   * Add v4's `minute` and `injuryTime` to a match in play, as paid plans send them. The recorded free tier has
   * none, and ingest then reads the half from the wall clock: a replay faster than real time needs them.
   */
  minute?: boolean;
}

const NONE: Pair = { home: null, away: null };
/** The budget's headers: the rate-limited peer sets them from its own count. */
const NOT_REPLAYED = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'date',
  'x-requests-available-minute',
  'x-requestcounter-reset',
]);
/** `status=LIVE` is every match in play. */
const IN_PLAY = new Set(['IN_PLAY', 'PAUSED', 'EXTRA_TIME', 'PENALTY_SHOOTOUT']);

const known = (p: Pair | undefined): Counted | null =>
  p && p.home !== null && p.away !== null ? { home: p.home, away: p.away } : null;
const minus = (a: Counted, b: Counted | null): Counted => ({
  home: a.home - (b?.home ?? 0),
  away: a.away - (b?.away ?? 0),
});
const plus = (a: Counted, b: Counted | null): Counted => ({
  home: a.home + (b?.home ?? 0),
  away: a.away + (b?.away ?? 0),
});

interface Played extends ReplayedMatch {
  recorded: FdMatch;
  halfTime: Counted;
  /** After 90 minutes, after 120 (the board), the shoot-out. */
  regular: Counted;
  board: Counted;
  extra: Counted | null;
  penalties: Counted | null;
}

/**
 * A recorded football-data.org v4 match list on a moving clock: at each instant of `now`, what v4 would have
 * answered then about the recording's matches, as its "Dealing with scores" page describes a match going on
 * (https://docs.football-data.org/general/v4/overtime.html): TIMED before kickoff, then IN_PLAY with `fullTime`
 * as the running score, PAUSED at half time with `halfTime` set, and, as the recording went, PAUSED before extra
 * time with `duration` EXTRA_TIME and `extraTime` at 0, EXTRA_TIME, PAUSED before the shoot-out with `duration`
 * PENALTY_SHOOTOUT and `penalties` at 0, PENALTY_SHOOTOUT, then FINISHED as recorded. The recorded tier lists no
 * goals, so each score shows from the end of the period the recording gives it for (the half-time score at half
 * time, the 90 minutes' at 90, extra time's at 120, the shoot-out's at the final whistle): nothing is made up.
 *
 * Pair `answer` with `startRateLimitedPeer({ flavour: 'football-data' })` for the per-minute limit.
 */
export class FootballDataReplay extends RecordedDay {
  private readonly played: ReadonlyMap<string, Played>;
  private readonly headers: Record<string, string[]>;
  private readonly competition: FdMatch['competition'];
  private readonly minutes: boolean;

  constructor(options: FootballDataReplayOptions) {
    const exchange = options.recording as Exchange;
    const body = JSON.parse(exchange?.body ?? 'null') as {
      matches?: FdMatch[];
      competition?: FdMatch['competition'];
    };
    if (!Array.isArray(body?.matches) || body.matches.length === 0) {
      throw new RangeError(
        'a football-data recording is a v4 exchange {status, headers, body} listing matches',
      );
    }
    const played = body.matches.map(plan);
    super(played, options);
    this.played = new Map(played.map((p) => [p.id, p]));
    this.headers = Object.fromEntries(
      Object.entries(exchange.headers).filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
    );
    this.competition = body.competition ?? body.matches[0]!.competition;
    this.minutes = options.minute ?? false;
  }

  /** The provider's answer to one request (path and query), or undefined (a 404) for a path v4 would not know. */
  answer(url: URL): Reply | undefined {
    const q = Object.fromEntries(url.searchParams);
    const t = this.now();
    const all = [...this.played.values()].sort((a, b) => a.kickoff - b.kickoff);
    const path = url.pathname;
    if (path === '/v4/matches') return this.list(this.filter(all, q, t), t, q);
    let m = /^\/v4\/matches\/(\d+)(\/head2head)?$/.exec(path);
    if (m) {
      const p = this.played.get(m[1]!);
      if (!p) return notFound();
      if (!m[2]) return this.reply(this.matchAt(p, t));
      const sides = [p.recorded.homeTeam.id, p.recorded.awayTeam.id];
      const meetings = all
        .filter((o) => sides.includes(o.recorded.homeTeam.id) && sides.includes(o.recorded.awayTeam.id))
        .slice(0, Number(q.limit ?? 10));
      return this.reply({ ...this.envelope(meetings, t, q), aggregates: this.aggregates(p, meetings, t) });
    }
    m = /^\/v4\/teams\/(\d+)(\/matches)?$/.exec(path);
    if (m) {
      const id = Number(m[1]);
      const ofTeam = all.filter((p) => p.recorded.homeTeam.id === id || p.recorded.awayTeam.id === id);
      if (ofTeam.length === 0) return notFound();
      if (m[2]) return this.list(this.filter(ofTeam, q, t), t, q);
      return this.reply({ ...this.team(id), squad: [] });
    }
    if (path === '/v4/competitions') {
      return this.reply({
        count: 1,
        filters: { client: 'pitchside' },
        competitions: [this.competitionInfo()],
      });
    }
    m = /^\/v4\/competitions\/(\w+)(\/(matches|standings|teams))?$/.exec(path);
    if (m) {
      const c = this.competition;
      if (m[1] !== String(c.id) && m[1] !== c.code) return notFound();
      const season = all[0]!.recorded.season;
      const head = { filters: { ...q }, area: all[0]!.recorded.area, competition: c, season };
      switch (m[3]) {
        case undefined:
          return this.reply(this.competitionInfo());
        case 'matches':
          return this.reply({ ...this.envelope(this.filter(all, q, t), t, q), competition: c });
        case 'standings':
          return this.reply({ ...head, standings: [] });
        case 'teams': {
          const ids = [...new Set(all.flatMap((p) => [p.recorded.homeTeam.id, p.recorded.awayTeam.id]))];
          const teams = ids.flatMap((id) => (id === null ? [] : [this.team(id)]));
          return this.reply({ count: teams.length, ...head, teams });
        }
      }
    }
    return undefined;
  }

  /** The match as v4 answers it at replay instant `t`. */
  matchAt(p: Played, t: number): FdMatch {
    const minute = this.minuteAt(p, t);
    const moment = p.timeline.at(minute);
    const out: FdMatch = {
      ...structuredClone(p.recorded),
      utcDate: isoSeconds(this.time.toReplay(p.kickoff)),
      lastUpdated: isoSeconds(Math.min(t, this.finalWhistleOf(p.id))),
    };
    if (moment.stage === 'over') return out;
    const { status, score } = this.liveState(p, moment);
    // Keep the recorded order of fields: `minute` and `injuryTime` go after `status`, as v4 writes them.
    const fields = Object.entries(out).flatMap(([key, value]): [string, unknown][] => {
      if (key === 'score') return [[key, score]];
      if (key !== 'status') return [[key, value]];
      if (!this.minutes || moment.stage !== 'on') return [[key, status]];
      return [
        [key, status],
        ['minute', moment.elapsed],
        ['injuryTime', moment.added],
      ];
    });
    return Object.fromEntries(fields) as FdMatch;
  }

  private liveState(p: Played, moment: MatchMoment): { status: string; score: FdMatch['score'] } {
    const recorded = p.recorded.score;
    if (moment.stage !== 'on') {
      return {
        status: 'TIMED',
        score: { winner: null, duration: 'REGULAR', fullTime: { ...NONE }, halfTime: { ...NONE } },
      };
    }
    const kind: PhaseKind = moment.phase.kind;
    const regularTime = recorded.regularTime ?? { ...p.regular };
    switch (kind) {
      case 'first_half':
        return {
          status: 'IN_PLAY',
          score: { winner: null, duration: 'REGULAR', fullTime: { home: 0, away: 0 }, halfTime: { ...NONE } },
        };
      case 'half_time':
      case 'second_half':
        return {
          status: kind === 'half_time' ? 'PAUSED' : 'IN_PLAY',
          score: {
            winner: null,
            duration: 'REGULAR',
            fullTime: { ...p.halfTime },
            halfTime: { ...p.halfTime },
          },
        };
      case 'break_before_extra_time':
      case 'extra_time_first_half':
      case 'extra_time_half_time':
      case 'extra_time_second_half':
        return {
          status:
            kind === 'extra_time_first_half' || kind === 'extra_time_second_half' ? 'EXTRA_TIME' : 'PAUSED',
          score: {
            winner: null,
            duration: 'EXTRA_TIME',
            fullTime: { ...p.regular },
            halfTime: { ...p.halfTime },
            regularTime,
            extraTime: { home: 0, away: 0 },
          },
        };
      case 'break_before_penalties':
      case 'penalties':
        return {
          status: kind === 'penalties' ? 'PENALTY_SHOOTOUT' : 'PAUSED',
          score: {
            winner: null,
            duration: 'PENALTY_SHOOTOUT',
            fullTime: { ...p.board },
            halfTime: { ...p.halfTime },
            ...(p.extra && { regularTime, extraTime: { ...p.extra } }),
            penalties: { home: 0, away: 0 },
          },
        };
    }
  }

  /** `/v4/matches` and `/v4/teams/{id}/matches`: `status`, `dateFrom`, `dateTo` (inclusive) as v4 reads them. */
  private filter(matches: readonly Played[], q: Record<string, string>, t: number): Played[] {
    const statuses = q.status?.split(',');
    return matches.filter((p) => {
      const day = utcDate(this.kickoffOf(p.id));
      if (q.dateFrom !== undefined && day < q.dateFrom) return false;
      if (q.dateTo !== undefined && day > q.dateTo) return false;
      if (!statuses) return true;
      const status = this.matchAt(p, t).status;
      return statuses.some((s) => s === status || (s === 'LIVE' && IN_PLAY.has(status)));
    });
  }

  private envelope(matches: readonly Played[], t: number, q: Record<string, string>) {
    const now = matches.map((p) => this.matchAt(p, t));
    const days = matches.map((p) => utcDate(this.kickoffOf(p.id))).sort();
    return {
      filters: { ...q, permission: 'TIER_ONE' },
      resultSet: {
        count: now.length,
        ...(now.length > 0 && {
          competitions: [...new Set(now.map((m) => m.competition.code))].join(','),
          first: days[0],
          last: days.at(-1),
          played: now.filter((m) => m.status === 'FINISHED').length,
        }),
      },
      matches: now,
    };
  }

  private list(matches: readonly Played[], t: number, q: Record<string, string>): Reply {
    return this.reply(this.envelope(matches, t, q));
  }

  /** head2head's `aggregates`, over the meetings over at `t` (the home side is the asked match's). */
  private aggregates(p: Played, meetings: readonly Played[], t: number) {
    const over = meetings.filter((o) => this.minuteAt(o, t) >= o.timeline.end);
    const record = (id: number | null) => {
      let wins = 0;
      let draws = 0;
      let losses = 0;
      for (const o of over) {
        const home = o.recorded.homeTeam.id === id;
        const [mine, theirs] = home ? [o.board.home, o.board.away] : [o.board.away, o.board.home];
        if (mine > theirs) wins++;
        else if (mine < theirs) losses++;
        else draws++;
      }
      return { wins, draws, losses };
    };
    const side = (team: FdTeamRef) => ({ id: team.id, name: team.name, ...record(team.id) });
    return {
      numberOfMatches: over.length,
      totalGoals: over.reduce((sum, o) => sum + o.board.home + o.board.away, 0),
      homeTeam: side(p.recorded.homeTeam),
      awayTeam: side(p.recorded.awayTeam),
    };
  }

  private competitionInfo() {
    const first = [...this.played.values()][0]!.recorded;
    return {
      ...this.competition,
      area: first.area,
      currentSeason: first.season,
      numberOfAvailableSeasons: 1,
      lastUpdated: first.lastUpdated,
    };
  }

  private team(id: number) {
    const p = [...this.played.values()].find(
      (o) => o.recorded.homeTeam.id === id || o.recorded.awayTeam.id === id,
    )!;
    const ref = p.recorded.homeTeam.id === id ? p.recorded.homeTeam : p.recorded.awayTeam;
    // A match names its competition's area, not its teams' countries: the recording has none for a team.
    return {
      id,
      name: ref.name,
      shortName: ref.shortName ?? null,
      tla: ref.tla ?? null,
      crest: ref.crest ?? null,
      address: null,
      website: null,
      founded: null,
      clubColors: null,
      venue: null,
      lastUpdated: p.recorded.lastUpdated,
    };
  }

  private reply(body: unknown): Reply {
    return { headers: this.headers, body: JSON.stringify(body) };
  }
}

const notFound = (): Reply => ({
  status: 404,
  body: JSON.stringify({ message: 'Resource not found', errorCode: 404 }),
});

/**
 * A recorded match's timeline and its scores: the 90 minutes are `regularTime` when it has numbers, else the
 * board less extra time; the board is `fullTime` less the shoot-out (v4's `fullTime` counts it).
 */
function plan(m: FdMatch): Played {
  const id = String(m.id);
  if (m.status !== 'FINISHED')
    throw new RecordingError(id, `it is ${m.status}, not over: nothing to replay to`);
  const { score } = m;
  const full = known(score.fullTime);
  const halfTime = known(score.halfTime);
  if (!full || !halfTime) throw new RecordingError(id, 'its fullTime or halfTime has no numbers');
  const duration = score.duration ?? 'REGULAR';
  const penalties = known(score.penalties);
  if (duration === 'PENALTY_SHOOTOUT' && !penalties) {
    throw new RecordingError(id, 'it went to penalties but its shoot-out score has no numbers');
  }
  const board = minus(full, penalties);
  const recordedRegular = known(score.regularTime);
  let extra: Counted | null = null;
  if (duration !== 'REGULAR') {
    extra = known(score.extraTime) ?? (recordedRegular && minus(board, recordedRegular));
    if (!extra)
      throw new RecordingError(id, 'it went to extra time but gives neither extraTime nor regularTime');
  }
  const regular = recordedRegular ?? minus(board, extra);
  const sums = plus(regular, extra);
  if (
    [board, regular].some((s) => s.home < 0 || s.away < 0) ||
    halfTime.home > regular.home ||
    halfTime.away > regular.away ||
    sums.home !== board.home ||
    sums.away !== board.away
  ) {
    throw new RecordingError(
      id,
      `its scores do not add up (half time ${halfTime.home}-${halfTime.away}, 90 minutes ${regular.home}-${regular.away}, board ${board.home}-${board.away})`,
    );
  }
  const settled: Settled =
    duration === 'PENALTY_SHOOTOUT' ? 'penalties' : duration === 'EXTRA_TIME' ? 'extra_time' : 'regular';
  const timeline = new MatchTimeline({
    extraTime: settled !== 'regular',
    shootout:
      penalties && settled === 'penalties'
        ? { minutes: 2 * Math.max(5, penalties.home, penalties.away) }
        : null,
  });
  return {
    id,
    kickoff: Date.parse(m.utcDate),
    timeline,
    settled,
    home: m.homeTeam.name ?? '?',
    away: m.awayTeam.name ?? '?',
    result: resultInWords(board, settled !== 'regular', settled === 'penalties' ? penalties : null),
    recorded: m,
    halfTime,
    regular,
    board,
    extra,
    penalties,
  };
}
