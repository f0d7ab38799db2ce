import {
  CompetitionSchema,
  MatchSchema,
  TeamSchema,
  isFinished,
  isLive,
  type Competition,
  type Match,
  type Squad,
  type Standings,
  type Team,
} from '@pitchside/shared/domain';
import { z } from 'zod';
import { HttpClient, type Query } from '../http-client.ts';
import { parseUpstream } from '../parse-upstream.ts';
import type { GameProvider, MatchUpdate, ProviderBudget } from '../provider.ts';
import { RateBudget } from '../rate-budget.ts';
import { parseEnvelope } from '../api-football/envelope.ts';
import {
  basketballId,
  isBasketballId,
  normaliseBasketballLeague,
  normaliseBasketballTeam,
  normaliseGame,
  providerId,
} from './normalise-game.ts';
import { ApiBasketballLeagueSchema, ApiBasketballTeamSchema, ApiGameSchema } from './schemas.ts';

export interface ApiBasketballOptions {
  /** `https://v1.basketball.api-sports.io`, or the simulator's `/basketball`. */
  baseUrl: string;
  /** Sent as `x-apisports-key`: one API-Sports key serves every sport. */
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** API-Basketball is a subscription of its own: its budget is not API-Football's. */
  budget?: RateBudget;
  /** The real clock, for the rate budget. */
  now?: () => number;
  /** The clock that says which dates are "today" for the live board: the simulator's when it runs one. */
  today?: () => number;
  /** Competition prominence by league id (Competition.popularity). */
  popularity?: ReadonlyMap<string, number>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A game tipped off this long before midnight (UTC) may still be in play after it: ask for both dates. */
const LONGEST_GAME_MS = 4 * 60 * 60_000;

/** API-Basketball's best-known leagues: NBA and EuroLeague. */
export const API_BASKETBALL_POPULARITY: ReadonlyMap<string, number> = new Map([
  ['12', 20],
  ['120', 25],
]);

/**
 * API-Basketball v1 as a GameProvider, so basketball flows through the same pipeline as football: the same
 * match store, deltas and live lists. Ids are namespaced ("bb-8133", normalise-game.ts); a multi-sport
 * provider routes calls here by that prefix.
 *
 * API-Basketball has no `live` filter, so the live board is the day's games (and the previous day's
 * around midnight) with a status in play. It has no events, lineups or squads in the sense football has:
 * updates carry the header alone, and `squad` is null. Standings are not polled yet.
 */
export class ApiBasketballProvider implements GameProvider {
  readonly name = 'api-basketball' as const;
  readonly budget: RateBudget;
  private readonly http: HttpClient;
  private readonly today: () => number;
  private readonly popularity: ReadonlyMap<string, number>;
  /** API-Basketball names seasons "2025-2026"; we keep the year. Learned from `/leagues`, by our id. */
  private readonly seasons = new Map<string, string>();

  constructor(options: ApiBasketballOptions) {
    this.budget = options.budget ?? new RateBudget();
    const now = options.now ?? Date.now;
    this.today = options.today ?? now;
    this.popularity = options.popularity ?? API_BASKETBALL_POPULARITY;
    this.http = new HttpClient({
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      headers: options.apiKey ? { 'x-apisports-key': options.apiKey } : {},
      budget: this.budget,
      now,
      ...(options.fetch && { fetch: options.fetch }),
    });
  }

  rateBudgets(): ProviderBudget[] {
    return [{ provider: this.name, budget: this.budget.snapshot() }];
  }

  /** Ids this provider answers for. */
  owns(id: string): boolean {
    return isBasketballId(id);
  }

  async liveMatches(): Promise<MatchUpdate[]> {
    const now = this.today();
    const dates = [...new Set([isoDate(now - LONGEST_GAME_MS), isoDate(now)])];
    const updates = (await Promise.all(dates.map((date) => this.matchesOnDate(date)))).flat();
    return updates.filter((u) => isLive(u.match.status));
  }

  async matchesOnDate(date: string): Promise<MatchUpdate[]> {
    if (!DATE.test(date)) throw new RangeError(`matchesOnDate wants YYYY-MM-DD, got "${date}"`);
    return (await this.games({ date })).map((match) => ({ match }));
  }

  async matchDetail(matchId: string): Promise<MatchUpdate | null> {
    const id = providerId(matchId);
    if (id === null) return null;
    const [match] = await this.games({ id });
    return match ? { match } : null;
  }

  async standings(_competitionId: string, _season: number): Promise<Standings | null> {
    return null;
  }

  async teams(competitionId: string, season: number): Promise<Team[]> {
    const league = providerId(competitionId);
    if (league === null) return [];
    const { items, url } = await this.get(
      '/teams',
      { league, season: this.seasons.get(competitionId) ?? `${season}-${season + 1}` },
      ApiBasketballTeamSchema,
    );
    return parseUpstream(z.array(TeamSchema), items.map(normaliseBasketballTeam), url);
  }

  async squad(_teamId: string): Promise<Squad | null> {
    return null;
  }

  /** Finished meetings only, newest first, as the football providers answer. */
  async headToHead(teamA: string, teamB: string): Promise<Match[]> {
    const [a, b] = [providerId(teamA), providerId(teamB)];
    if (a === null || b === null) return [];
    const matches = await this.games({ h2h: `${a}-${b}` });
    return matches.filter((m) => isFinished(m.status)).sort((x, y) => y.kickoff.localeCompare(x.kickoff));
  }

  /**
   * API-Basketball lists a team's games per season only (`/games?team=&season=`), and a team plays in
   * several competitions with seasons of their own: its form comes from the games we store.
   */
  recentMatches(): Promise<Match[]> {
    return Promise.resolve([]);
  }

  async competitions(): Promise<Competition[]> {
    const { items, url } = await this.get('/leagues', {}, ApiBasketballLeagueSchema);
    const competitions = parseUpstream(
      z.array(CompetitionSchema),
      items.flatMap((l) => normaliseBasketballLeague(l, this.popularity) ?? []),
      url,
    );
    for (const l of items) {
      const season = l.seasons.at(-1)?.season;
      if (season !== undefined) this.seasons.set(basketballId(l.id), String(season));
    }
    return competitions;
  }

  private async games(query: Query): Promise<Match[]> {
    const { items, url } = await this.get('/games', query, ApiGameSchema);
    return parseUpstream(z.array(MatchSchema), items.map(normaliseGame), url);
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

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
