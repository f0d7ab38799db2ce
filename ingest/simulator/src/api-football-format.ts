import type { SimCompetition, SimFixture, SimTeam } from './match-day.ts';
import type { ScriptEvent, Side } from './match-script.ts';
import {
  fixtureStateAt,
  playerStatisticsAt,
  statisticsAt,
  type FixtureState,
  type PlayerStatistics,
  type ScorePair,
  type TeamStatistics,
} from './match-state.ts';
import type { MediaUrls } from './media.ts';
import type { StandingsTable, RecordLine } from './standings.ts';
import type { SquadPlayer } from './squad.ts';

/**
 * Renders the simulator's world in API-Football v3's wire format, field for field as in the real samples
 * (../shared/data/api-football): key order, nulls where the API sends nulls, "55%" and "1.17" strings.
 * One deliberate difference: logos point at the simulator's own images instead of media.api-sports.io.
 */

export type Parameters = Record<string, string>;

export interface ApiEnvelope<T> {
  get: string;
  /** An empty array when the request had none: API-Football is PHP, and an empty map serialises as []. */
  parameters: Parameters | [];
  errors: Record<string, string> | [];
  results: number;
  paging: { current: number; total: number };
  response: T;
}

export function envelope<T>(get: string, parameters: Parameters, response: T[]): ApiEnvelope<T[]>;
export function envelope<T>(get: string, parameters: Parameters, response: T): ApiEnvelope<T>;
export function envelope<T>(get: string, parameters: Parameters, response: T): ApiEnvelope<T> {
  return {
    get,
    parameters: Object.keys(parameters).length === 0 ? [] : parameters,
    errors: [],
    results: Array.isArray(response) ? response.length : 1,
    paging: { current: 1, total: 1 },
    response,
  };
}

/** The error envelope: HTTP 200 (usually), `errors` an object, nothing in `response`. */
export function errorEnvelope(
  get: string,
  parameters: Parameters,
  errors: Record<string, string>,
): ApiEnvelope<[]> {
  return {
    get,
    parameters: Object.keys(parameters).length === 0 ? [] : parameters,
    errors,
    results: 0,
    paging: { current: 1, total: 1 },
    response: [],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Dates.

/** "2024-02-21T20:15:00+00:00" in the requested zone, as API-Football writes `fixture.date`. */
export function apiDate(ms: number, timeZone = 'UTC'): string {
  const local = zonedParts(ms, timeZone);
  return `${local.date}T${local.time}${local.offset}`;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone: `date=` filters on it. */
export function localDate(ms: number, timeZone = 'UTC'): string {
  return zonedParts(ms, timeZone).date;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function zonedParts(ms: number, timeZone: string): { date: string; time: string; offset: string } {
  if (timeZone === 'UTC') {
    const iso = new Date(ms).toISOString();
    return { date: iso.slice(0, 10), time: iso.slice(11, 19), offset: '+00:00' };
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const offset = /GMT([+-]\d{2}:\d{2})/.exec(parts.timeZoneName ?? '')?.[1] ?? '+00:00';
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    offset,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures.

export interface FixtureInclude {
  events?: boolean;
  lineups?: boolean;
  statistics?: boolean;
  players?: boolean;
}

export interface RenderContext {
  media: MediaUrls;
  nowMs: number;
  timeZone: string;
}

const pair = (p: ScorePair) => ({ home: p.home, away: p.away });

export function formatFixture(fixture: SimFixture, ctx: RenderContext, include: FixtureInclude = {}) {
  const state = fixtureStateAt(fixture, ctx.nowMs);
  const base = {
    fixture: {
      id: fixture.id,
      referee: fixture.referee,
      timezone: ctx.timeZone,
      date: apiDate(fixture.kickoffMs, ctx.timeZone),
      timestamp: Math.floor(fixture.kickoffMs / 1000),
      periods: { first: state.periods.first, second: state.periods.second },
      venue: { id: fixture.venue.id, name: fixture.venue.name, city: fixture.venue.city },
      status: {
        long: state.status.long,
        short: state.status.short,
        elapsed: state.status.elapsed,
        extra: state.status.extra,
      },
    },
    league: {
      id: fixture.competition.id,
      name: fixture.competition.name,
      country: fixture.competition.country.name,
      logo: ctx.media.leagueLogo(fixture.competition.id),
      flag: ctx.media.flag(fixture.competition.country.code),
      season: fixture.competition.season,
      round: fixture.round,
    },
    teams: {
      home: { ...teamRef(fixture.home, ctx.media), winner: state.winner.home },
      away: { ...teamRef(fixture.away, ctx.media), winner: state.winner.away },
    },
    goals: pair(state.goals),
    score: {
      halftime: pair(state.score.halftime),
      fulltime: pair(state.score.fulltime),
      extratime: pair(state.score.extratime),
      penalty: pair(state.score.penalty),
    },
  };
  return {
    ...base,
    ...(include.events ? { events: formatEvents(fixture, state, ctx.media) } : {}),
    ...(include.lineups ? { lineups: formatLineups(fixture, state, ctx.media) } : {}),
    ...(include.statistics ? { statistics: formatStatistics(fixture, ctx) } : {}),
    ...(include.players ? { players: formatPlayers(fixture, ctx) } : {}),
  };
}

export type ApiFixture = ReturnType<typeof formatFixture>;

const teamRef = (team: SimTeam, media: MediaUrls) => ({
  id: team.id,
  name: team.name,
  logo: media.teamLogo(team.id),
});
const teamOf = (fixture: SimFixture, side: Side) => (side === 'home' ? fixture.home : fixture.away);

export function formatEvents(fixture: SimFixture, state: FixtureState, media: MediaUrls) {
  return state.events.map((event: ScriptEvent) => ({
    time: { elapsed: event.time.elapsed, extra: event.time.extra },
    team: teamRef(teamOf(fixture, event.side), media),
    player: { id: event.player.id, name: event.player.name },
    assist: { id: event.assist.id, name: event.assist.name },
    type: event.type,
    detail: event.detail,
    comments: event.comments,
  }));
}

export type ApiEvent = ReturnType<typeof formatEvents>[number];

export function formatLineups(fixture: SimFixture, state: FixtureState, media: MediaUrls) {
  if (!state.lineupsPublished) return [];
  return (['home', 'away'] as const).map((side) => {
    const team = teamOf(fixture, side);
    const lineup = fixture.script.lineups[side];
    const entry = (player: SquadPlayer, grid: string | null) => ({
      player: { id: player.id, name: player.name, number: player.number, pos: player.pos, grid },
    });
    return {
      team: { ...teamRef(team, media), colors: lineup.colors },
      formation: lineup.formation,
      startXI: lineup.startXI.map((slot) => entry(slot.player, slot.grid)),
      substitutes: lineup.substitutes.map((player) => entry(player, null)),
      coach: { id: lineup.coach.id, name: lineup.coach.name, photo: media.coachPhoto(lineup.coach.id) },
    };
  });
}

export type ApiLineup = ReturnType<typeof formatLineups>[number];

/** The seventeen statistics of the real sample, in its order; API-Football sends null rather than 0. */
const STATISTIC_TYPES: readonly [string, (s: TeamStatistics) => number | string | null][] = [
  ['Shots on Goal', (s) => countOrNull(s.shotsOnGoal)],
  ['Shots off Goal', (s) => countOrNull(s.shotsOffGoal)],
  ['Total Shots', (s) => countOrNull(s.totalShots)],
  ['Blocked Shots', (s) => countOrNull(s.blockedShots)],
  ['Shots insidebox', (s) => countOrNull(s.shotsInsideBox)],
  ['Shots outsidebox', (s) => countOrNull(s.shotsOutsideBox)],
  ['Fouls', (s) => countOrNull(s.fouls)],
  ['Corner Kicks', (s) => countOrNull(s.corners)],
  ['Offsides', (s) => countOrNull(s.offsides)],
  ['Ball Possession', (s) => `${s.possession}%`],
  ['Yellow Cards', (s) => countOrNull(s.yellowCards)],
  ['Red Cards', (s) => countOrNull(s.redCards)],
  ['Goalkeeper Saves', (s) => s.goalkeeperSaves],
  ['Total passes', (s) => s.totalPasses],
  ['Passes accurate', (s) => s.accuratePasses],
  ['Passes %', (s) => `${s.passAccuracy}%`],
  ['expected_goals', (s) => s.expectedGoals.toFixed(2)],
];

const countOrNull = (n: number): number | null => (n === 0 ? null : n);

export function formatStatistics(fixture: SimFixture, ctx: RenderContext) {
  const stats = statisticsAt(fixture, ctx.nowMs);
  if (!stats) return [];
  return (['home', 'away'] as const).map((side) => ({
    team: teamRef(teamOf(fixture, side), ctx.media),
    statistics: STATISTIC_TYPES.map(([type, value]) => ({ type, value: value(stats[side]) })),
  }));
}

export type ApiTeamStatistics = ReturnType<typeof formatStatistics>[number];

export function formatPlayers(fixture: SimFixture, ctx: RenderContext) {
  const players = playerStatisticsAt(fixture, ctx.nowMs);
  if (!players) return [];
  return (['home', 'away'] as const).map((side) => ({
    team: { ...teamRef(teamOf(fixture, side), ctx.media), update: apiDate(ctx.nowMs) },
    players: players[side].map((p) => formatPlayer(p, ctx.media)),
  }));
}

function formatPlayer(p: PlayerStatistics, media: MediaUrls) {
  const played = p.minutes !== null;
  const n = (value: number) => (played && value > 0 ? value : null);
  return {
    player: { id: p.player.id, name: p.player.name, photo: media.playerPhoto(p.player.id) },
    statistics: [
      {
        games: {
          minutes: p.minutes,
          number: p.player.number,
          position: p.player.pos,
          rating: p.rating === null ? null : p.rating.toFixed(1),
          captain: p.captain,
          substitute: p.substitute,
        },
        offsides: n(p.offsides),
        shots: { total: n(p.shots), on: n(p.shotsOn) },
        goals: {
          total: n(p.goals),
          conceded: p.conceded,
          assists: n(p.assists),
          saves: p.player.pos === 'G' && played ? p.saves : null,
        },
        passes: {
          total: n(p.passes),
          key: n(p.keyPasses),
          accuracy: played && p.passes > 0 ? String(p.accuratePasses) : null,
        },
        tackles: { total: n(p.tackles), blocks: n(p.blocks), interceptions: n(p.interceptions) },
        duels: { total: n(p.duels), won: n(p.duelsWon) },
        dribbles: { attempts: n(p.dribbles), success: n(p.dribblesWon), past: n(p.dribbledPast) },
        fouls: { drawn: n(p.foulsDrawn), committed: n(p.foulsCommitted) },
        cards: { yellow: p.yellow, red: p.red },
        penalty: {
          won: null,
          commited: null,
          scored: p.penaltyScored,
          missed: p.penaltyMissed,
          saved: p.player.pos === 'G' && played ? p.penaltySaved : null,
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Standings, teams, leagues.

const record = (line: RecordLine) => ({
  played: line.played,
  win: line.win,
  draw: line.draw,
  lose: line.lose,
  goals: { for: line.goalsFor, against: line.goalsAgainst },
});

export function formatStandings(
  competition: SimCompetition,
  tables: readonly StandingsTable[],
  ctx: RenderContext,
) {
  return {
    league: {
      id: competition.id,
      name: competition.name,
      country: competition.country.name,
      logo: ctx.media.leagueLogo(competition.id),
      flag: ctx.media.flag(competition.country.code),
      season: competition.season,
      standings: tables.map((table) =>
        table.rows.map((row) => ({
          rank: row.rank,
          team: teamRef(row.team, ctx.media),
          points: row.points,
          goalsDiff: row.goalsDiff,
          group: row.group,
          form: row.form === '' ? null : row.form,
          status: row.status,
          description: row.description,
          all: record(row.all),
          home: record(row.home),
          away: record(row.away),
          update: apiDate(ctx.nowMs),
        })),
      ),
    },
  };
}

export function formatTeam(team: SimTeam, media: MediaUrls) {
  return {
    team: {
      id: team.id,
      name: team.name,
      code: team.code,
      country: team.country,
      founded: team.founded,
      national: team.national,
      logo: media.teamLogo(team.id),
    },
    venue: team.venue
      ? {
          id: team.venue.id,
          name: team.venue.name,
          address: team.venue.address,
          city: team.venue.city,
          capacity: team.venue.capacity,
          surface: team.venue.surface,
          image: media.venueImage(team.venue.id),
        }
      : { id: null, name: null, address: null, city: null, capacity: null, surface: null, image: null },
  };
}

/** API-Football's words for a squad position (`/players/squads`), from the lineup letters. */
const SQUAD_POSITIONS = { G: 'Goalkeeper', D: 'Defender', M: 'Midfielder', F: 'Attacker' } as const;

/** One item of `/players/squads`: the team and every player of its squad, the first eleven first. */
export function formatSquad(team: SimTeam, ageOf: (playerId: number) => number, media: MediaUrls) {
  return {
    team: teamRef(team, media),
    players: [...team.squad.firstEleven, ...team.squad.bench].map((p) => ({
      id: p.id,
      name: p.shortName,
      age: ageOf(p.id),
      number: p.number,
      position: SQUAD_POSITIONS[p.pos],
      photo: media.playerPhoto(p.id),
    })),
  };
}

export function formatLeague(competition: SimCompetition, media: MediaUrls) {
  return {
    league: {
      id: competition.id,
      name: competition.name,
      type: competition.type,
      logo: media.leagueLogo(competition.id),
    },
    country: {
      name: competition.country.name,
      code: competition.country.code === null ? null : competition.country.code.toUpperCase(),
      flag: media.flag(competition.country.code),
    },
    seasons: [
      {
        year: competition.season,
        start: competition.seasonStart,
        end: competition.seasonEnd,
        current: true,
        coverage: {
          fixtures: { events: true, lineups: true, statistics_fixtures: true, statistics_players: true },
          standings: competition.standings !== 'none',
          players: true,
          top_scorers: false,
          top_assists: false,
          top_cards: false,
          injuries: false,
          predictions: false,
          odds: false,
        },
      },
    ],
  };
}
