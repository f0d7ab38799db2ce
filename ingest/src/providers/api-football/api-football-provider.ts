import {
  CompetitionSchema,
  LineupSchema,
  MatchEventSchema,
  MatchSchema,
  SquadSchema,
  StandingsSchema,
  TeamSchema,
  TeamStatisticsSchema,
  isFinished,
  type Competition,
  type CompetitionType,
  type Lineup,
  type Match,
  type MatchEvent,
  type Squad,
  type Standings,
  type Team,
  type TeamStatistics,
} from '@pitchside/shared/domain';
import { z } from 'zod';
import { HttpClient, type Query } from '../http-client.ts';
import { parseUpstream } from '../parse-upstream.ts';
import type { GameProvider, MatchUpdate, ProviderBudget } from '../provider.ts';
import { RateBudget } from '../rate-budget.ts';
import { parseEnvelope } from './envelope.ts';
import { ApiEventSchema, type ApiEvent } from './event-schema.ts';
import { ApiFixtureSchema, type ApiFixture } from './fixture-schema.ts';
import { ApiLeagueSchema } from './league-schema.ts';
import { API_FOOTBALL_POPULARITY } from './competition-popularity.ts';
import { ApiLineupSchema, type ApiLineup } from './lineup-schema.ts';
import { normaliseCompetition } from './normalise-competition.ts';
import { normaliseEvents } from './normalise-events.ts';
import { normaliseFixture } from './normalise-fixture.ts';
import { normaliseLineups } from './normalise-lineups.ts';
import { normaliseSquad } from './normalise-squad.ts';
import { normaliseStandings } from './normalise-standings.ts';
import { normaliseStatistics } from './normalise-statistics.ts';
import { normaliseTeam } from './normalise-team.ts';
import { ApiSquadSchema } from './squad-schema.ts';
import { ApiStandingsSchema } from './standings-schema.ts';
import { ApiTeamStatisticsSchema, type ApiTeamStatistics } from './statistics-schema.ts';
import { ApiTeamSchema } from './team-schema.ts';

export interface ApiFootballOptions {
  /** `https://v3.football.api-sports.io`, or the simulator's address. */
  baseUrl: string;
  /** Sent as `x-apisports-key`; the simulator needs none. */
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Shared when several clients spend one account's quota. */
  budget?: RateBudget;
  now?: () => number;
  /** Competition prominence by league id (Competition.popularity); default: the best-known real leagues. */
  popularity?: ReadonlyMap<string, number>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A team's form is its last five; ten leave room for matches of other competitions we do not show. */
const RECENT_MATCHES = 10;

/**
 * API-Football v3 as a GameProvider. Every answer is checked twice: the provider's shape on the way in, our
 * domain schemas on the way out, so an odd value is an `UpstreamError` here rather than a broken page later.
 */
export class ApiFootballProvider implements GameProvider {
  readonly name = 'api-football' as const;
  readonly budget: RateBudget;
  private readonly http: HttpClient;
  private readonly now: () => number;
  /** Learned from `/leagues`: fixtures do not say whether their competition is a cup. */
  private readonly competitionTypes = new Map<string, CompetitionType>();
  private readonly popularity: ReadonlyMap<string, number>;

  constructor(options: ApiFootballOptions) {
    this.budget = options.budget ?? new RateBudget();
    this.now = options.now ?? Date.now;
    this.popularity = options.popularity ?? API_FOOTBALL_POPULARITY;
    this.http = new HttpClient({
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      headers: options.apiKey ? { 'x-apisports-key': options.apiKey } : {},
      budget: this.budget,
      now: this.now,
      ...(options.fetch && { fetch: options.fetch }),
    });
  }

  rateBudgets(): ProviderBudget[] {
    return [{ provider: this.name, budget: this.budget.snapshot() }];
  }

  async liveMatches(): Promise<MatchUpdate[]> {
    const { items, url } = await this.get('/fixtures', { live: 'all' }, ApiFixtureSchema);
    return items.map((f) => this.update(f, url));
  }

  async matchesOnDate(date: string): Promise<MatchUpdate[]> {
    if (!DATE.test(date)) throw new RangeError(`matchesOnDate wants YYYY-MM-DD, got "${date}"`);
    const { items, url } = await this.get('/fixtures', { date }, ApiFixtureSchema);
    return items.map((f) => this.update(f, url));
  }

  /** `/fixtures?id=` inlines events, lineups and statistics; a part it leaves out is fetched on its own. */
  async matchDetail(matchId: string): Promise<MatchUpdate | null> {
    const { items, url } = await this.get('/fixtures', { id: matchId }, ApiFixtureSchema);
    const fixture = items[0];
    if (!fixture) return null;
    const [events, lineups, statistics] = await Promise.all([
      fixture.events ?? this.rawEvents(matchId),
      fixture.lineups ?? this.rawLineups(matchId),
      fixture.statistics ?? this.rawStatistics(matchId),
    ]);
    return {
      match: parseUpstream(MatchSchema, normaliseFixture(fixture, this.competitionTypes), url),
      events: parseUpstream(z.array(MatchEventSchema), normaliseEvents(matchId, events, lineups), url),
      lineups: parseUpstream(z.array(LineupSchema), normaliseLineups(lineups), url),
      statistics: parseUpstream(z.array(TeamStatisticsSchema), normaliseStatistics(statistics), url),
    };
  }

  /** `/fixtures/events`: ids are stable across polls (event-ids.ts). */
  async events(fixtureId: string): Promise<MatchEvent[]> {
    const events = await this.rawEvents(fixtureId);
    return parseUpstream(
      z.array(MatchEventSchema),
      normaliseEvents(fixtureId, events),
      `/fixtures/events?fixture=${fixtureId}`,
    );
  }

  async lineups(fixtureId: string): Promise<Lineup[]> {
    const lineups = await this.rawLineups(fixtureId);
    return parseUpstream(
      z.array(LineupSchema),
      normaliseLineups(lineups),
      `/fixtures/lineups?fixture=${fixtureId}`,
    );
  }

  async statistics(fixtureId: string): Promise<TeamStatistics[]> {
    const stats = await this.rawStatistics(fixtureId);
    return parseUpstream(
      z.array(TeamStatisticsSchema),
      normaliseStatistics(stats),
      `/fixtures/statistics?fixture=${fixtureId}`,
    );
  }

  async standings(competitionId: string, season: number): Promise<Standings | null> {
    const { items, url } = await this.get(
      '/standings',
      { league: competitionId, season },
      ApiStandingsSchema,
    );
    const item = items[0];
    return item ? parseUpstream(StandingsSchema, normaliseStandings(item, this.now()), url) : null;
  }

  async teams(competitionId: string, season: number): Promise<Team[]> {
    const { items, url } = await this.get('/teams', { league: competitionId, season }, ApiTeamSchema);
    return parseUpstream(z.array(TeamSchema), items.map(normaliseTeam), url);
  }

  /** `/players/squads`: the team's current squad; null when the provider does not know the team. */
  async squad(teamId: string): Promise<Squad | null> {
    const { items, url } = await this.get('/players/squads', { team: teamId }, ApiSquadSchema);
    const item = items[0];
    return item ? parseUpstream(SquadSchema, normaliseSquad(item, this.now()), url) : null;
  }

  /**
   * `/fixtures/headtohead`: every meeting the provider knows, in no particular order (the recorded answer
   * of United–City is not in date order), and the ones still to come: finished ones only, newest first.
   */
  async headToHead(teamA: string, teamB: string): Promise<Match[]> {
    const { items, url } = await this.get(
      '/fixtures/headtohead',
      { h2h: `${teamA}-${teamB}` },
      ApiFixtureSchema,
    );
    return this.finishedNewestFirst(items, url);
  }

  /** `/fixtures?team=&last=`: the team's latest fixtures, played ones only, newest first. */
  async recentMatches(teamId: string): Promise<Match[]> {
    const { items, url } = await this.get(
      '/fixtures',
      { team: teamId, last: RECENT_MATCHES },
      ApiFixtureSchema,
    );
    return this.finishedNewestFirst(items, url);
  }

  private finishedNewestFirst(items: ApiFixture[], url: string): Match[] {
    const matches = parseUpstream(
      z.array(MatchSchema),
      items.map((f) => normaliseFixture(f, this.competitionTypes)),
      url,
    );
    return matches.filter((m) => isFinished(m.status)).sort((a, b) => b.kickoff.localeCompare(a.kickoff));
  }

  async competitions(): Promise<Competition[]> {
    const { items, url } = await this.get('/leagues', { current: 'true' }, ApiLeagueSchema);
    const competitions = parseUpstream(
      z.array(CompetitionSchema),
      items.flatMap((l) => normaliseCompetition(l, this.popularity) ?? []),
      url,
    );
    for (const c of competitions) this.competitionTypes.set(c.id, c.type);
    return competitions;
  }

  private update(f: ApiFixture, url: string): MatchUpdate {
    const id = String(f.fixture.id);
    const update: MatchUpdate = {
      match: parseUpstream(MatchSchema, normaliseFixture(f, this.competitionTypes), url),
    };
    // A part the list did not carry stays undefined: "not in this payload", not "none" (provider.ts).
    if (f.events) {
      update.events = parseUpstream(z.array(MatchEventSchema), normaliseEvents(id, f.events, f.lineups), url);
    }
    if (f.lineups) update.lineups = parseUpstream(z.array(LineupSchema), normaliseLineups(f.lineups), url);
    if (f.statistics) {
      update.statistics = parseUpstream(
        z.array(TeamStatisticsSchema),
        normaliseStatistics(f.statistics),
        url,
      );
    }
    return update;
  }

  private async rawEvents(fixtureId: string): Promise<ApiEvent[]> {
    return (await this.get('/fixtures/events', { fixture: fixtureId }, ApiEventSchema)).items;
  }

  private async rawLineups(fixtureId: string): Promise<ApiLineup[]> {
    return (await this.get('/fixtures/lineups', { fixture: fixtureId }, ApiLineupSchema)).items;
  }

  private async rawStatistics(fixtureId: string): Promise<ApiTeamStatistics[]> {
    return (await this.get('/fixtures/statistics', { fixture: fixtureId }, ApiTeamStatisticsSchema)).items;
  }

  private async get<S extends z.ZodType>(
    path: string,
    query: Query,
    itemSchema: S,
  ): Promise<{ items: z.output<S>[]; url: string }> {
    const url = `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
    const body = await this.http.getJson(path, query);
    return { items: parseEnvelope(body, itemSchema, url), url };
  }
}
