import {
  envelope,
  errorEnvelope,
  formatEvents,
  formatFixture,
  formatLeague,
  formatLineups,
  formatPlayers,
  formatStandings,
  formatStatistics,
  formatSquad,
  formatTeam,
  localDate,
  type ApiEnvelope,
  type FixtureInclude,
  type Parameters,
  type RenderContext,
} from './api-football-format.ts';
import {
  REQUIRED_ANY,
  boolean,
  date,
  h2h,
  idList,
  integer,
  lastOrNext,
  leagueType,
  live,
  requiredField,
  season,
  status,
  text,
  timezone,
  validateParams,
  type ParamRules,
} from './api-params.ts';
import type { MatchDay, SimFixture } from './match-day.ts';
import { FINISHED, IN_PLAY, LONGEST_MATCH_MS, fixtureStateAt } from './match-state.ts';
import type { MediaUrls } from './media.ts';
import { Rng } from './prng.ts';

/**
 * The API-Football v3 endpoints the simulator answers, each a pure function of (schedule, simulated now,
 * query): the HTTP layer (server.ts) adds authentication, the rate limit and headers.
 */

export interface EndpointContext {
  schedule: MatchDay;
  nowMs: number;
  media: MediaUrls;
}

interface Endpoint {
  rules: ParamRules;
  /** Errors for missing parameters, once every given one is known to be well-formed. */
  required?(params: Parameters): Record<string, string> | null;
  answer(params: Parameters, ctx: EndpointContext): ApiEnvelope<unknown>;
}

const FIXTURE_FILTERS: ParamRules = {
  date: date('date'),
  league: integer('league'),
  season: season(),
  team: integer('team'),
  last: lastOrNext('last'),
  next: lastOrNext('next'),
  from: date('from'),
  to: date('to'),
  round: text('round'),
  status: status(),
  venue: integer('venue'),
  timezone: timezone(),
};

const ALL_DETAILS: FixtureInclude = { events: true, lineups: true, statistics: true, players: true };

const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  fixtures: {
    rules: { id: integer('id'), ids: idList('ids', 20), live: live(), ...FIXTURE_FILTERS },
    required: (p) => (Object.keys(p).filter((k) => k !== 'timezone').length === 0 ? REQUIRED_ANY : null),
    answer(p, ctx) {
      const render = renderer(ctx, p);
      // With id or ids API-Football inlines events, lineups, statistics and players; live carries events.
      if (p.id !== undefined) {
        const fixture = ctx.schedule.fixture(Number(p.id), ctx.nowMs);
        return envelope('fixtures', p, fixture ? [render(fixture, ALL_DETAILS)] : []);
      }
      if (p.ids !== undefined) {
        const fixtures = p.ids
          .split('-')
          .map((id) => ctx.schedule.fixture(Number(id), ctx.nowMs))
          .filter((f) => f !== undefined);
        return envelope(
          'fixtures',
          p,
          fixtures.map((f) => render(f, ALL_DETAILS)),
        );
      }
      if (p.live !== undefined) {
        const leagues = p.live === 'all' ? null : new Set(p.live.split('-').map(Number));
        const recent = ctx.schedule.fixturesAt(ctx.nowMs, {
          fromMs: ctx.nowMs - LONGEST_MATCH_MS,
          toMs: ctx.nowMs + 1,
        });
        const fixtures = filterFixtures(recent, p, ctx).filter(
          (f) =>
            IN_PLAY.has(fixtureStateAt(f, ctx.nowMs).status.short) &&
            (leagues === null || leagues.has(f.competition.id)),
        );
        return envelope(
          'fixtures',
          p,
          fixtures.map((f) => render(f, { events: true })),
        );
      }
      const fixtures = filterFixtures(candidates(p, ctx), p, ctx);
      return envelope(
        'fixtures',
        p,
        fixtures.map((f) => render(f)),
      );
    },
  },

  'fixtures/headtohead': {
    rules: { h2h: h2h(), ...FIXTURE_FILTERS },
    required: (p) => (p.h2h === undefined ? requiredField('h2h') : null),
    answer(p, ctx) {
      const [a, b] = (p.h2h ?? '').split('-').map(Number);
      const meetings = ctx.schedule.headToHead(a ?? 0, b ?? 0, ctx.nowMs);
      const render = renderer(ctx, p);
      const fixtures = filterFixtures(meetings, p, ctx, 'newest-first');
      return envelope(
        'fixtures/headtohead',
        p,
        fixtures.map((f) => render(f)),
      );
    },
  },

  'fixtures/events': {
    rules: {
      fixture: integer('fixture'),
      team: integer('team'),
      player: integer('player'),
      type: text('type'),
    },
    required: (p) => (p.fixture === undefined ? requiredField('fixture') : null),
    answer(p, ctx) {
      const fixture = ctx.schedule.fixture(Number(p.fixture), ctx.nowMs);
      if (!fixture) return envelope('fixtures/events', p, []);
      const events = formatEvents(fixture, fixtureStateAt(fixture, ctx.nowMs), ctx.media).filter(
        (e) =>
          (p.team === undefined || e.team.id === Number(p.team)) &&
          (p.player === undefined || e.player.id === Number(p.player)) &&
          (p.type === undefined || e.type.toLowerCase() === p.type.toLowerCase()),
      );
      return envelope('fixtures/events', p, events);
    },
  },

  'fixtures/lineups': {
    rules: {
      fixture: integer('fixture'),
      team: integer('team'),
      player: integer('player'),
      type: text('type'),
    },
    required: (p) => (p.fixture === undefined ? requiredField('fixture') : null),
    answer(p, ctx) {
      const fixture = ctx.schedule.fixture(Number(p.fixture), ctx.nowMs);
      if (!fixture) return envelope('fixtures/lineups', p, []);
      const lineups = formatLineups(fixture, fixtureStateAt(fixture, ctx.nowMs), ctx.media).filter(
        (l) =>
          (p.team === undefined || l.team.id === Number(p.team)) &&
          (p.player === undefined ||
            [...l.startXI, ...l.substitutes].some((s) => s.player.id === Number(p.player))),
      );
      return envelope('fixtures/lineups', p, lineups);
    },
  },

  'fixtures/statistics': {
    rules: { fixture: integer('fixture'), team: integer('team'), type: text('type') },
    required: (p) => (p.fixture === undefined ? requiredField('fixture') : null),
    answer(p, ctx) {
      const fixture = ctx.schedule.fixture(Number(p.fixture), ctx.nowMs);
      if (!fixture) return envelope('fixtures/statistics', p, []);
      const statistics = formatStatistics(fixture, renderContext(ctx, p))
        .filter((s) => p.team === undefined || s.team.id === Number(p.team))
        .map((s) => ({
          ...s,
          statistics: s.statistics.filter((x) => p.type === undefined || x.type === p.type),
        }));
      return envelope('fixtures/statistics', p, statistics);
    },
  },

  'fixtures/players': {
    rules: { fixture: integer('fixture'), team: integer('team') },
    required: (p) => (p.fixture === undefined ? requiredField('fixture') : null),
    answer(p, ctx) {
      const fixture = ctx.schedule.fixture(Number(p.fixture), ctx.nowMs);
      if (!fixture) return envelope('fixtures/players', p, []);
      const players = formatPlayers(fixture, renderContext(ctx, p)).filter(
        (t) => p.team === undefined || t.team.id === Number(p.team),
      );
      return envelope('fixtures/players', p, players);
    },
  },

  standings: {
    rules: { league: integer('league'), season: season(), team: integer('team') },
    required: (p) =>
      p.season === undefined
        ? requiredField('season')
        : p.league === undefined && p.team === undefined
          ? REQUIRED_ANY
          : null,
    answer(p, ctx) {
      const competitions = ctx.schedule.competitions.filter(
        (c) =>
          c.season === Number(p.season) &&
          (p.league === undefined || c.id === Number(p.league)) &&
          (p.team === undefined || c.teams.some((t) => t.id === Number(p.team))),
      );
      const response = competitions
        .map((c) => {
          const tables = ctx.schedule
            .standings(c, ctx.nowMs)
            .map((table) => ({
              ...table,
              rows: table.rows.filter((r) => p.team === undefined || r.team.id === Number(p.team)),
            }))
            .filter((table) => table.rows.length > 0);
          return tables.length > 0 ? formatStandings(c, tables, renderContext(ctx, p)) : null;
        })
        .filter((s) => s !== null);
      return envelope('standings', p, response);
    },
  },

  teams: {
    rules: {
      id: integer('id'),
      name: text('name'),
      league: integer('league'),
      season: season(),
      country: text('country'),
      code: text('code'),
      venue: integer('venue'),
      search: text('search', 3),
    },
    required: (p) => (Object.keys(p).length === 0 ? REQUIRED_ANY : null),
    answer(p, ctx) {
      const inLeague = (teamId: number) =>
        ctx.schedule.competitions.some(
          (c) =>
            c.id === Number(p.league) &&
            (p.season === undefined || c.season === Number(p.season)) &&
            c.teams.some((t) => t.id === teamId),
        );
      const teams = ctx.schedule.teams.filter(
        (t) =>
          (p.id === undefined || t.id === Number(p.id)) &&
          (p.name === undefined || t.name.toLowerCase() === p.name.toLowerCase()) &&
          (p.league === undefined || inLeague(t.id)) &&
          (p.season === undefined ||
            ctx.schedule.competitions.some(
              (c) => c.season === Number(p.season) && c.teams.some((x) => x.id === t.id),
            )) &&
          (p.country === undefined || t.country.toLowerCase() === p.country.toLowerCase()) &&
          (p.code === undefined || t.code?.toLowerCase() === p.code.toLowerCase()) &&
          (p.venue === undefined || t.venue?.id === Number(p.venue)) &&
          (p.search === undefined || t.name.toLowerCase().includes(p.search.toLowerCase())),
      );
      return envelope(
        'teams',
        p,
        teams.map((t) => formatTeam(t, ctx.media)),
      );
    },
  },

  'players/squads': {
    rules: { team: integer('team'), player: integer('player') },
    required: (p) => (p.team === undefined && p.player === undefined ? REQUIRED_ANY : null),
    answer(p, ctx) {
      const teams = ctx.schedule.teams.filter(
        (t) =>
          (p.team === undefined || t.id === Number(p.team)) &&
          (p.player === undefined ||
            [...t.squad.firstEleven, ...t.squad.bench].some((x) => x.id === Number(p.player))),
      );
      // An age per player that never changes for a seed: 17 to 36, most in their twenties.
      const ageOf = (playerId: number) =>
        Math.round(Rng.for(ctx.schedule.seed, 'age', playerId).between(17.5, 36.4));
      return envelope(
        'players/squads',
        p,
        teams.map((t) => formatSquad(t, ageOf, ctx.media)),
      );
    },
  },

  leagues: {
    rules: {
      id: integer('id'),
      name: text('name'),
      country: text('country'),
      code: text('code'),
      season: season(),
      team: integer('team'),
      type: leagueType(),
      current: boolean('current'),
      search: text('search', 3),
      last: lastOrNext('last'),
    },
    answer(p, ctx) {
      const leagues = ctx.schedule.competitions.filter(
        (c) =>
          (p.id === undefined || c.id === Number(p.id)) &&
          (p.name === undefined || c.name.toLowerCase() === p.name.toLowerCase()) &&
          (p.country === undefined || c.country.name.toLowerCase() === p.country.toLowerCase()) &&
          (p.code === undefined || c.country.code?.toLowerCase() === p.code.toLowerCase()) &&
          (p.season === undefined || c.season === Number(p.season)) &&
          (p.team === undefined || c.teams.some((t) => t.id === Number(p.team))) &&
          (p.type === undefined || c.type.toLowerCase() === p.type.toLowerCase()) &&
          // Every simulated season is the current one.
          (p.current === undefined || p.current === 'true') &&
          (p.search === undefined ||
            `${c.name} ${c.country.name}`.toLowerCase().includes(p.search.toLowerCase())),
      );
      const limited = p.last === undefined ? leagues : leagues.slice(-Number(p.last));
      return envelope(
        'leagues',
        p,
        limited.map((c) => formatLeague(c, ctx.media)),
      );
    },
  },

  timezone: {
    rules: {},
    answer: (p) =>
      envelope('timezone', p, ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')]),
  },
};

export const API_PATHS: readonly string[] = Object.keys(ENDPOINTS);

/** Answers an API path ("fixtures/events", no leading slash), or null if there is no such endpoint. */
export function answerEndpoint(
  path: string,
  params: Parameters,
  ctx: EndpointContext,
): ApiEnvelope<unknown> | null {
  const endpoint = ENDPOINTS[path];
  if (!endpoint) return null;
  const errors = validateParams(params, endpoint.rules);
  if (Object.keys(errors).length > 0) return errorEnvelope(path, params, errors);
  const missing = endpoint.required?.(params);
  if (missing) return errorEnvelope(path, params, missing);
  return endpoint.answer(params, ctx);
}

function renderContext(ctx: EndpointContext, p: Parameters): RenderContext {
  return { media: ctx.media, nowMs: ctx.nowMs, timeZone: p.timezone ?? 'UTC' };
}

function renderer(ctx: EndpointContext, p: Parameters) {
  const rc = renderContext(ctx, p);
  return (fixture: SimFixture, include: FixtureInclude = {}) => formatFixture(fixture, rc, include);
}

/** A date in any time zone (UTC-12 to UTC+14) lies within 14 hours of the same date in UTC. */
const ZONE_SLACK_MS = 14 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The fixtures a /fixtures query can answer from, narrowed by what is cheap to know before a fixture is
 * built (its days, league and team), so that a date asks for two or three days, not the whole season.
 */
function candidates(p: Parameters, ctx: EndpointContext): SimFixture[] {
  const from = p.date ?? p.from;
  const to = p.date ?? p.to;
  return ctx.schedule.fixturesAt(ctx.nowMs, {
    fromMs: from === undefined ? undefined : Date.parse(`${from}T00:00:00Z`) - ZONE_SLACK_MS,
    toMs: to === undefined ? undefined : Date.parse(`${to}T00:00:00Z`) + DAY_MS + ZONE_SLACK_MS,
    competitionId: p.league === undefined ? undefined : Number(p.league),
    teamIds: p.team === undefined ? undefined : [Number(p.team)],
  });
}

/** The filters /fixtures and /fixtures/headtohead share, then `last` / `next`. */
function filterFixtures(
  fixtures: readonly SimFixture[],
  p: Parameters,
  ctx: EndpointContext,
  order: 'oldest-first' | 'newest-first' = 'oldest-first',
): SimFixture[] {
  const tz = p.timezone ?? 'UTC';
  const statuses = p.status?.toUpperCase().split('-');
  const stateOf = (f: SimFixture) => fixtureStateAt(f, ctx.nowMs);
  let result = fixtures.filter(
    (f) =>
      (p.date === undefined || localDate(f.kickoffMs, tz) === p.date) &&
      (p.league === undefined || f.competition.id === Number(p.league)) &&
      (p.season === undefined || f.competition.season === Number(p.season)) &&
      (p.team === undefined || f.home.id === Number(p.team) || f.away.id === Number(p.team)) &&
      (p.round === undefined || f.round === p.round) &&
      (p.venue === undefined || f.venue.id === Number(p.venue)) &&
      (p.from === undefined || localDate(f.kickoffMs, tz) >= p.from) &&
      (p.to === undefined || localDate(f.kickoffMs, tz) <= p.to) &&
      (statuses === undefined || statuses.includes(stateOf(f).status.short)),
  );
  if (p.next !== undefined) {
    result = result
      .filter((f) => stateOf(f).status.short === 'NS')
      .sort((a, b) => a.kickoffMs - b.kickoffMs)
      .slice(0, Number(p.next));
  }
  if (p.last !== undefined) {
    result = result
      .filter((f) => FINISHED.has(stateOf(f).status.short))
      .sort((a, b) => b.kickoffMs - a.kickoffMs)
      .slice(0, Number(p.last));
  }
  return result.sort(
    (a, b) =>
      (order === 'oldest-first' ? a.kickoffMs - b.kickoffMs : b.kickoffMs - a.kickoffMs) || a.id - b.id,
  );
}
