import type { Competition, Match, MatchStatus, ScorePair, Team } from '@pitchside/shared/domain';
import { toIsoUtc } from '../iso-utc.ts';
import type {
  ApiBasketballLeague,
  ApiBasketballTeam,
  ApiGame,
  ApiSideScores,
  BasketballStatusCode,
} from './schemas.ts';

/**
 * API-Basketball's games, leagues and teams as our domain. Its ids are numbers of their own, which would
 * collide with API-Football's in one store, so ours are namespaced: game 8133 is match "bb-8133", team
 * 139 is "bb-139", league 12 is competition "bb-12".
 */

export const BASKETBALL_ID_PREFIX = 'bb-';
export const basketballId = (id: number): string => `${BASKETBALL_ID_PREFIX}${id}`;
export const isBasketballId = (id: string): boolean => id.startsWith(BASKETBALL_ID_PREFIX);
/** The provider's number for one of our ids, or null for an id that is not basketball's. */
export const providerId = (id: string): string | null =>
  isBasketballId(id) && /^\d+$/.test(id.slice(BASKETBALL_ID_PREFIX.length))
    ? id.slice(BASKETBALL_ID_PREFIX.length)
    : null;

const STATUS: Record<BasketballStatusCode, MatchStatus> = {
  NS: 'scheduled',
  Q1: 'first_quarter',
  Q2: 'second_quarter',
  Q3: 'third_quarter',
  Q4: 'fourth_quarter',
  OT: 'overtime',
  BT: 'break',
  HT: 'half_time',
  FT: 'finished',
  // "After over time": a game decided in overtime, as football's AET.
  AOT: 'finished_aet',
  POST: 'postponed',
  CANC: 'cancelled',
  SUSP: 'suspended',
  AWD: 'awarded',
  ABD: 'abandoned',
};

export const mapBasketballStatus = (code: BasketballStatusCode): MatchStatus => STATUS[code];

/** "2025-2026" -> 2025: our seasons are the year they start in. */
export const seasonYear = (season: string | number): number => Number(String(season).slice(0, 4));

export function normaliseGame(g: ApiGame): Match {
  const status = mapBasketballStatus(g.status.short);
  const timer = g.status.timer === null ? null : Number.parseInt(String(g.status.timer), 10);
  return {
    id: basketballId(g.id),
    competition: {
      id: basketballId(g.league.id),
      name: g.league.name,
      type: g.league.type.toLowerCase() === 'cup' ? 'cup' : 'league',
      country: g.country.name,
      season: seasonYear(g.league.season),
      logo: g.league.logo,
      sport: 'basketball',
    },
    round: g.week ?? g.stage ?? null,
    kickoff: toIsoUtc(g.timestamp * 1000) ?? g.date,
    venue: g.venue ? { name: g.venue, city: null } : null,
    referee: null,
    status,
    clock: { elapsed: Number.isFinite(timer) ? timer : null, stoppage: null },
    home: { id: basketballId(g.teams.home.id), name: g.teams.home.name, logo: g.teams.home.logo },
    away: { id: basketballId(g.teams.away.id), name: g.teams.away.name, logo: g.teams.away.logo },
    score: basketballScore(g.scores.home, g.scores.away, g.status.short),
  };
}

const FINAL: ReadonlySet<BasketballStatusCode> = new Set(['FT', 'AOT', 'AWD']);

/**
 * Our score from each side's quarters: `current` the totals, `halftime` the first two quarters once half
 * time is reached, `fulltime` four quarters once regulation is over, `extratime` the overtime points,
 * `periods` every quarter started so far (then overtime as one entry).
 */
export function basketballScore(
  home: ApiSideScores,
  away: ApiSideScores,
  status: BasketballStatusCode,
): Match['score'] {
  const pair = (h: number | null, a: number | null): ScorePair =>
    h === null && a === null ? { home: null, away: null } : { home: h ?? 0, away: a ?? 0 };
  const add = (...values: (number | null)[]) => values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
  const none = { home: null, away: null };
  const quarters = [
    pair(home.quarter_1, away.quarter_1),
    pair(home.quarter_2, away.quarter_2),
    pair(home.quarter_3, away.quarter_3),
    pair(home.quarter_4, away.quarter_4),
  ];
  const overtime = pair(home.over_time, away.over_time);
  const halfTimeReached = status === 'HT' || FINAL.has(status) || quarters[2]!.home !== null;
  const regulationOver = FINAL.has(status) || overtime.home !== null;
  const periods = [...quarters, overtime];
  while (periods.length > 0 && periods.at(-1)!.home === null) periods.pop();
  return {
    current: pair(home.total, away.total),
    halftime: halfTimeReached
      ? { home: add(home.quarter_1, home.quarter_2), away: add(away.quarter_1, away.quarter_2) }
      : none,
    fulltime: regulationOver
      ? {
          home: add(home.quarter_1, home.quarter_2, home.quarter_3, home.quarter_4),
          away: add(away.quarter_1, away.quarter_2, away.quarter_3, away.quarter_4),
        }
      : none,
    extratime: overtime,
    penalties: none,
    periods,
  };
}

export function normaliseBasketballLeague(
  l: ApiBasketballLeague,
  popularity: ReadonlyMap<string, number>,
): Competition | null {
  const season = l.seasons.at(-1);
  if (!season) return null;
  return {
    id: basketballId(l.id),
    sport: 'basketball',
    name: l.name,
    type: l.type.toLowerCase() === 'cup' ? 'cup' : 'league',
    country: l.country.name,
    countryCode: l.country.code,
    flag: l.country.flag,
    season: seasonYear(season.season),
    logo: l.logo,
    popularity: popularity.get(String(l.id)) ?? 100,
  };
}

export function normaliseBasketballTeam(t: ApiBasketballTeam): Team {
  return {
    id: basketballId(t.id),
    name: t.name,
    shortName: null,
    code: null,
    country: t.country?.name ?? null,
    founded: null,
    logo: t.logo,
    venue: null,
  };
}
