import type { Reply } from './recorded-server.ts';

export interface FootballDataDayOptions {
  /** Real time (ms) the live matches are already playing at: kicked off 50 minutes earlier. */
  liveFrom: number;
  /** Real time (ms) of their final whistle. */
  liveUntil: number;
  /** How many matches play. */
  matches: number;
  /** Each match scores about this often (between half and one and a half times it), in real ms. */
  goalEveryMs: number;
  /** Teams beyond those playing, in the same competition (more squads to fetch). */
  extraTeams?: number;
  seed?: number;
  now?: () => number;
}

/** One moment the provider's answer about a match changed: what a fan should see from then on. */
export interface ScoreChange {
  matchId: string;
  /** Real time (ms) the provider started answering with it. */
  at: number;
  /** Goals of both sides after it. */
  goals: number;
  finished: boolean;
}

const COMPETITION = {
  id: 2021,
  name: 'Premier League',
  code: 'PL',
  type: 'LEAGUE',
  emblem: 'https://crests.football-data.org/PL.png',
};
const AREA = { id: 2072, name: 'England', code: 'ENG', flag: 'https://crests.football-data.org/770.svg' };
const SEASON = {
  id: 1564,
  startDate: '2026-08-15',
  endDate: '2027-05-23',
  currentMatchday: 13,
  winner: null,
};
const POSITIONS = [
  'Goalkeeper',
  'Defence',
  'Defence',
  'Defence',
  'Defence',
  'Midfield',
  'Midfield',
  'Midfield',
  'Offence',
  'Offence',
  'Offence',
];

/**
 * A football-data.org v4 match day whose clock moves: a few matches in play, scoring now and then, to their
 * final whistle, in one competition with its table, teams and squads. Answers are built in the shapes of the
 * recorded v4 responses (`ingest/test/fixtures/football-data`, `../shared/data/football-data`): the same
 * fields, made-up teams and ids. Pair it with `startRateLimitedPeer` for the free tier's 10 calls a minute.
 */
export class FootballDataDay {
  readonly changes: ScoreChange[] = [];
  readonly teamIds: string[];
  private readonly now: () => number;
  private readonly goals = new Map<number, { at: number; home: boolean }[]>();
  private readonly pairs: { id: number; home: number; away: number }[] = [];

  constructor(private readonly options: FootballDataDayOptions) {
    this.now = options.now ?? Date.now;
    const random = mulberry32(options.seed ?? 16);
    const teams = options.matches * 2 + (options.extraTeams ?? 0);
    this.teamIds = Array.from({ length: teams }, (_, i) => String(7001 + i));
    for (let i = 0; i < options.matches; i++) {
      const id = 880_001 + i;
      this.pairs.push({ id, home: 7001 + 2 * i, away: 7002 + 2 * i });
      const goals: { at: number; home: boolean }[] = [];
      let at = options.liveFrom + options.goalEveryMs * random();
      let total = 0;
      while (at < options.liveUntil) {
        goals.push({ at, home: random() < 0.5 });
        total++;
        this.changes.push({ matchId: String(id), at, goals: total, finished: false });
        at += options.goalEveryMs * (0.5 + random());
      }
      this.goals.set(id, goals);
      this.changes.push({ matchId: String(id), at: options.liveUntil, goals: total, finished: true });
    }
    this.changes.sort((a, b) => a.at - b.at);
  }

  /** The provider's answer to one request, or undefined (a 404) for a path v4 would not know. */
  answer(url: URL): Reply | undefined {
    const q = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    const t = this.now();
    if (path === '/v4/matches') {
      if (q.status === 'LIVE') return json(list(this.pairs.map((p) => this.match(p, t)).filter(inPlay)));
      if (q.dateFrom && q.dateTo) {
        const from = Date.parse(`${q.dateFrom}T00:00:00Z`);
        const to = Date.parse(`${q.dateTo}T00:00:00Z`) + 86_400_000;
        const kickoff = this.kickoff();
        return json(list(kickoff >= from && kickoff < to ? this.pairs.map((p) => this.match(p, t)) : []));
      }
      return undefined;
    }
    let m = /^\/v4\/matches\/(\d+)$/.exec(path);
    if (m) {
      const pair = this.pairs.find((p) => p.id === Number(m![1]));
      return pair ? json(this.match(pair, t)) : { status: 404, body: '{"message":"Resource not found"}' };
    }
    if (path === '/v4/competitions') {
      return json({
        count: 1,
        filters: { client: 'pitchside' },
        competitions: [
          {
            ...COMPETITION,
            area: AREA,
            currentSeason: SEASON,
            numberOfAvailableSeasons: 1,
            lastUpdated: '2026-11-22T08:00:00Z',
          },
        ],
      });
    }
    m = /^\/v4\/competitions\/(\w+)\/(standings|teams)$/.exec(path);
    if (m) {
      if (m[1] !== String(COMPETITION.id) && m[1] !== COMPETITION.code) return undefined;
      if (m[2] === 'teams') {
        return json({
          count: this.teamIds.length,
          competition: COMPETITION,
          season: SEASON,
          teams: this.teamIds.map((id) => this.team(id, false)),
        });
      }
      return json({
        filters: { season: '2026' },
        area: AREA,
        competition: COMPETITION,
        season: SEASON,
        standings: [{ stage: 'REGULAR_SEASON', type: 'TOTAL', group: null, table: this.table() }],
      });
    }
    m = /^\/v4\/teams\/(\d+)$/.exec(path);
    if (m) {
      return this.teamIds.includes(m[1]!)
        ? json(this.team(m[1]!, true))
        : { status: 404, body: '{"message":"Resource not found"}' };
    }
    return undefined;
  }

  /** The score the provider gave at real time `t`. */
  goalsAt(matchId: string, t: number): number {
    return (this.goals.get(Number(matchId)) ?? []).filter((g) => g.at <= t).length;
  }

  private kickoff(): number {
    return this.options.liveFrom - 50 * 60_000;
  }

  private match(pair: { id: number; home: number; away: number }, t: number) {
    const scored = (this.goals.get(pair.id) ?? []).filter((g) => g.at <= t);
    const home = scored.filter((g) => g.home).length;
    const away = scored.length - home;
    const started = t >= this.options.liveFrom;
    const finished = t >= this.options.liveUntil;
    const status = finished ? 'FINISHED' : started ? 'IN_PLAY' : 'TIMED';
    const score = started ? { home, away } : { home: null, away: null };
    return {
      area: AREA,
      competition: COMPETITION,
      season: SEASON,
      id: pair.id,
      utcDate: new Date(this.kickoff()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      status,
      matchday: 13,
      stage: 'REGULAR_SEASON',
      group: null,
      lastUpdated: new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      homeTeam: this.teamRef(pair.home),
      awayTeam: this.teamRef(pair.away),
      score: {
        winner: finished ? (home > away ? 'HOME_TEAM' : home < away ? 'AWAY_TEAM' : 'DRAW') : null,
        duration: 'REGULAR',
        fullTime: score,
        halfTime: started ? { home: 0, away: 0 } : { home: null, away: null },
      },
      odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
      referees: [],
    };
  }

  private teamRef(id: number) {
    return {
      id,
      name: `Team ${id} FC`,
      shortName: `Team ${id}`,
      tla: `T${id % 100}`,
      crest: `https://crests.football-data.org/${id}.png`,
    };
  }

  private team(id: string, withSquad: boolean) {
    const n = Number(id);
    return {
      area: AREA,
      ...this.teamRef(n),
      address: null,
      website: null,
      founded: 1900 + (n % 100),
      clubColors: 'Red / White',
      venue: `Ground ${n}`,
      ...(withSquad && {
        coach: { id: n * 10, name: `Coach ${n}` },
        squad: POSITIONS.map((position, i) => ({
          id: n * 100 + i,
          name: `Player ${n}-${i + 1}`,
          position,
          dateOfBirth: '1998-01-01',
          nationality: 'England',
          shirtNumber: i + 1,
        })),
      }),
      lastUpdated: '2026-11-22T08:00:00Z',
    };
  }

  private table() {
    return this.teamIds.map((id, i) => ({
      position: i + 1,
      team: {
        id: Number(id),
        name: `Team ${id} FC`,
        shortName: `Team ${id}`,
        tla: `T${Number(id) % 100}`,
        crest: null,
      },
      playedGames: 12,
      form: 'W,D,L,W,W',
      won: 12 - i,
      draw: 0,
      lost: i,
      points: 3 * (12 - i),
      goalsFor: 30 - i,
      goalsAgainst: 10 + i,
      goalDifference: 20 - 2 * i,
    }));
  }
}

const inPlay = (m: { status: string }) => m.status === 'IN_PLAY' || m.status === 'PAUSED';
const list = (matches: unknown[]) => ({ filters: {}, resultSet: { count: matches.length }, matches });
const json = (body: unknown): Reply => ({ body: JSON.stringify(body) });

/** A small seeded PRNG (mulberry32): the same day for the same seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
