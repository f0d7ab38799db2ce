import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  localDate,
  type ApiEnvelope,
  type Parameters,
} from '../api-football-format.ts';
import {
  REQUIRED_ANY,
  date,
  h2h,
  integer,
  text,
  timezone,
  validateParams,
  type ParamRules,
} from '../api-params.ts';
import type { MediaUrls } from '../media.ts';
import { H2H_WINDOW_DAYS, type BasketballGame, type BasketballSchedule } from './basketball-schedule.ts';
import { formatBasketballLeague, formatBasketballTeam, formatGame } from './api-basketball-format.ts';

/**
 * The API-Basketball v1 endpoints the simulator answers under `/basketball`: `games` (by id, date,
 * league, season, team, h2h), `leagues` and `teams`, each a pure function of (schedule, simulated now,
 * query). As API-Basketball has no `live` filter, a live score board asks for the day's games.
 */

export interface BasketballEndpointContext {
  schedule: BasketballSchedule;
  nowMs: number;
  media: MediaUrls;
}

interface Endpoint {
  rules: ParamRules;
  required?(params: Parameters): Record<string, string> | null;
  answer(params: Parameters, ctx: BasketballEndpointContext): ApiEnvelope<unknown>;
}

/** "2025-2026" for leagues played across two years, "2025" for the others: both are accepted. */
const basketballSeason = () =>
  z
    .string()
    .regex(/^\d{4}(-\d{4})?$/, 'The Season field must contain a valid season. Example: 2019-2020 or 2019');

const DAY_MS = 24 * 60 * 60_000;
/** A date in any time zone lies within 14 hours of the same date in UTC. */
const ZONE_SLACK_MS = 14 * 60 * 60_000;

const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  games: {
    rules: {
      id: integer('id'),
      date: date('date'),
      league: integer('league'),
      season: basketballSeason(),
      team: integer('team'),
      timezone: timezone(),
      h2h: h2h(),
    },
    required: (p) =>
      p.id === undefined && p.date === undefined && p.h2h === undefined && p.league === undefined
        ? REQUIRED_ANY
        : null,
    answer(p, ctx) {
      const tz = p.timezone ?? 'UTC';
      const render = (g: BasketballGame) =>
        formatGame(g, { media: ctx.media, nowMs: ctx.nowMs, timeZone: tz });
      let games: BasketballGame[];
      if (p.id !== undefined) {
        const game = ctx.schedule.game(Number(p.id));
        games = game ? [game] : [];
      } else {
        const [a, b] = p.h2h === undefined ? [] : p.h2h.split('-').map(Number);
        const day = ctx.schedule.dayAt(ctx.nowMs);
        const dayStart = (d: number) => ctx.nowMs + (d - day) * DAY_MS;
        games = ctx.schedule.games(
          {
            ...(p.date !== undefined
              ? {
                  fromMs: Date.parse(`${p.date}T00:00:00Z`) - ZONE_SLACK_MS,
                  toMs: Date.parse(`${p.date}T00:00:00Z`) + DAY_MS + ZONE_SLACK_MS,
                }
              : {
                  fromMs: dayStart(day - H2H_WINDOW_DAYS.before) - DAY_MS,
                  toMs: dayStart(day + H2H_WINDOW_DAYS.after) + DAY_MS,
                }),
            ...(p.league !== undefined ? { leagueId: Number(p.league) } : {}),
            teamIds: [
              ...(p.team !== undefined ? [Number(p.team)] : []),
              ...(a !== undefined && b !== undefined ? [a, b] : []),
            ],
          },
          ctx.nowMs,
        );
      }
      const filtered = games.filter(
        (g) =>
          (p.date === undefined || localDate(g.tipoffMs, tz) === p.date) &&
          (p.league === undefined || g.league.id === Number(p.league)) &&
          (p.season === undefined ||
            g.league.season === p.season ||
            g.league.season.startsWith(`${p.season}-`)) &&
          (p.team === undefined || g.home.id === Number(p.team) || g.away.id === Number(p.team)),
      );
      return envelope('games', p, filtered.map(render));
    },
  },

  leagues: {
    rules: {
      id: integer('id'),
      name: text('name'),
      country: text('country'),
      code: text('code'),
      season: basketballSeason(),
      type: text('type'),
      search: text('search', 3),
    },
    answer(p, ctx) {
      const leagues = ctx.schedule.leagues.filter(
        (l) =>
          (p.id === undefined || l.id === Number(p.id)) &&
          (p.name === undefined || l.name.toLowerCase() === p.name.toLowerCase()) &&
          (p.country === undefined || l.country.name.toLowerCase() === p.country.toLowerCase()) &&
          (p.code === undefined || l.country.code?.toLowerCase() === p.code.toLowerCase()) &&
          (p.season === undefined || l.season === p.season || l.season.startsWith(`${p.season}-`)) &&
          (p.type === undefined || p.type.toLowerCase() === 'league') &&
          (p.search === undefined || l.name.toLowerCase().includes(p.search.toLowerCase())),
      );
      return envelope(
        'leagues',
        p,
        leagues.map((l) => formatBasketballLeague(l, ctx.media)),
      );
    },
  },

  teams: {
    rules: {
      id: integer('id'),
      name: text('name'),
      league: integer('league'),
      season: basketballSeason(),
      country: text('country'),
      search: text('search', 3),
    },
    required: (p) => (Object.keys(p).length === 0 ? REQUIRED_ANY : null),
    answer(p, ctx) {
      const league = p.league === undefined ? undefined : ctx.schedule.league(Number(p.league));
      const teams = ctx.schedule.teams.filter(
        (t) =>
          (p.id === undefined || t.id === Number(p.id)) &&
          (p.name === undefined || t.name.toLowerCase() === p.name.toLowerCase()) &&
          (p.league === undefined || (league?.teams.some((x) => x.id === t.id) ?? false)) &&
          (p.country === undefined || t.country.name.toLowerCase() === p.country.toLowerCase()) &&
          (p.search === undefined || t.name.toLowerCase().includes(p.search.toLowerCase())),
      );
      return envelope(
        'teams',
        p,
        teams.map((t) => formatBasketballTeam(t, ctx.media)),
      );
    },
  },
};

export const BASKETBALL_API_PATHS: readonly string[] = Object.keys(ENDPOINTS);

/** Answers an API-Basketball path ("games", no leading slash), or null if there is no such endpoint. */
export function answerBasketballEndpoint(
  path: string,
  params: Parameters,
  ctx: BasketballEndpointContext,
): ApiEnvelope<unknown> | null {
  const endpoint = ENDPOINTS[path];
  if (!endpoint) return null;
  const errors = validateParams(params, endpoint.rules);
  if (Object.keys(errors).length > 0) return errorEnvelope(path, params, errors);
  const missing = endpoint.required?.(params);
  if (missing) return errorEnvelope(path, params, missing);
  return endpoint.answer(params, ctx);
}
