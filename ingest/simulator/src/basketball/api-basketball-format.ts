import { apiDate, type RenderContext } from '../api-football-format.ts';
import type { MediaUrls } from '../media.ts';
import type { BasketballGame, BasketballLeague } from './basketball-schedule.ts';
import type { BasketballTeamDef } from './basketball-world.ts';
import { BASKETBALL_STATUS_LONG, gameStateAt, type SidePoints } from './game-state.ts';

/**
 * Renders the basketball world in API-Basketball v1's wire format (v1.basketball.api-sports.io), the
 * sister API of API-Football: the same envelope, but its own shapes. A game has no `fixture` wrapper;
 * `scores` hold each side's quarters, overtime and total; `league.season` is a string ("2025-2026");
 * `status.timer` is the minute of the period being played, as a string.
 */

const countryOf = (media: MediaUrls, country: { name: string; code: string | null }, id: number) => ({
  id,
  name: country.name,
  code: country.code === null ? null : country.code.toUpperCase(),
  flag: media.flag(country.code),
});

/** API-Basketball numbers its countries; the simulator needs only two. */
const COUNTRY_IDS: Readonly<Record<string, number>> = { USA: 5, Europe: 2 };

const scores = (p: SidePoints) => ({
  quarter_1: p.quarters[0],
  quarter_2: p.quarters[1],
  quarter_3: p.quarters[2],
  quarter_4: p.quarters[3],
  over_time: p.overTime,
  total: p.total,
});

export function formatGame(game: BasketballGame, ctx: RenderContext) {
  const state = gameStateAt(game, ctx.nowMs);
  const date = apiDate(game.tipoffMs, ctx.timeZone);
  return {
    id: game.id,
    date,
    time: date.slice(11, 16),
    timestamp: Math.floor(game.tipoffMs / 1000),
    timezone: ctx.timeZone,
    stage: null,
    week: null,
    venue: game.home.arena,
    status: {
      long: BASKETBALL_STATUS_LONG[state.status],
      short: state.status,
      timer: state.timer === null ? null : String(state.timer),
    },
    league: formatLeagueRef(game.league, ctx.media),
    country: countryOf(ctx.media, game.league.country, COUNTRY_IDS[game.league.country.name] ?? 0),
    teams: {
      home: teamRef(game.home, ctx.media),
      away: teamRef(game.away, ctx.media),
    },
    scores: { home: scores(state.home), away: scores(state.away) },
  };
}

const teamRef = (team: BasketballTeamDef, media: MediaUrls) => ({
  id: team.id,
  name: team.name,
  logo: media.teamLogo(team.id),
});

function formatLeagueRef(league: BasketballLeague, media: MediaUrls) {
  return {
    id: league.id,
    name: league.name,
    type: 'League',
    season: league.season,
    logo: media.leagueLogo(league.id),
  };
}

export function formatBasketballLeague(league: BasketballLeague, media: MediaUrls) {
  return {
    id: league.id,
    name: league.name,
    type: 'League',
    logo: media.leagueLogo(league.id),
    country: countryOf(media, league.country, COUNTRY_IDS[league.country.name] ?? 0),
    seasons: [
      {
        season: league.season,
        start: league.seasonStart,
        end: league.seasonEnd,
        coverage: {
          games: { statistics: { teams: false, players: false } },
          standings: false,
          players: false,
          odds: false,
        },
      },
    ],
  };
}

export function formatBasketballTeam(team: BasketballTeamDef, media: MediaUrls) {
  return {
    id: team.id,
    name: team.name,
    logo: media.teamLogo(team.id),
    // Sic: API-Basketball spells it this way.
    nationnal: false,
    country: countryOf(media, team.country, COUNTRY_IDS[team.country.name] ?? 0),
  };
}
