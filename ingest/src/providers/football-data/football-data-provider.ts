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
  type Match,
  type Squad,
  type Standings,
  type Team,
} from '@pitchside/shared/domain';
import { z } from 'zod';
import { UpstreamError } from '../errors.ts';
import { HttpClient, type Query } from '../http-client.ts';
import { parseUpstream } from '../parse-upstream.ts';
import type { GameProvider, MatchUpdate, ProviderBudget } from '../provider.ts';
import { RateBudget } from '../rate-budget.ts';
import { FdCompetitionListSchema } from './competition-schema.ts';
import { FdMatchListSchema, FdMatchSchema, type FdMatch } from './match-schema.ts';
import { normaliseFdCompetition } from './normalise-competition.ts';
import { normaliseFdEvents } from './normalise-events.ts';
import { normaliseFdLineups } from './normalise-lineups.ts';
import { normaliseMatch } from './normalise-match.ts';
import { normaliseFdStandings } from './normalise-standings.ts';
import { normaliseFdStatistics } from './normalise-statistics.ts';
import { normaliseFdSquad, normaliseFdTeam } from './normalise-team.ts';
import { FdStandingsSchema } from './standings-schema.ts';
import { FdTeamListSchema, FdTeamSchema } from './team-schema.ts';

export interface FootballDataOptions {
  /** `https://api.football-data.org`; paths carry the `/v4` prefix. */
  baseUrl: string;
  /** Sent as `X-Auth-Token`; without one v4 serves a very small anonymous allowance. */
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  budget?: RateBudget;
  now?: () => number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** Meetings asked of `/head2head` (v4's default is 10). */
const HEAD_TO_HEAD_LIMIT = 20;
/** A team's form is its last five; ten leave room for matches of other competitions. */
const RECENT_MATCHES = 10;
const RECENT_DAYS = 90;

/**
 * football-data.org v4 as a GameProvider. Competition ids are v4's numeric ids as strings ("2002"); v4 accepts
 * them wherever it accepts codes ("BL1"), so either works as `competitionId`.
 */
export class FootballDataProvider implements GameProvider {
  readonly name = 'football-data' as const;
  readonly budget: RateBudget;
  private readonly http: HttpClient;
  private readonly now: () => number;

  constructor(options: FootballDataOptions) {
    this.budget = options.budget ?? new RateBudget();
    this.now = options.now ?? Date.now;
    this.http = new HttpClient({
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      headers: options.apiKey ? { 'X-Auth-Token': options.apiKey } : {},
      budget: this.budget,
      now: this.now,
      ...(options.fetch && { fetch: options.fetch }),
    });
  }

  rateBudgets(): ProviderBudget[] {
    return [{ provider: this.name, budget: this.budget.snapshot() }];
  }

  /** `status=LIVE` is v4's filter for every match in play (IN_PLAY and PAUSED). */
  async liveMatches(): Promise<MatchUpdate[]> {
    const { body, url } = await this.get('/v4/matches', { status: 'LIVE' }, FdMatchListSchema);
    return body.matches.flatMap((m) => this.update(m, url) ?? []);
  }

  /**
   * v4 reads `dateTo` inclusively on some plans and not on others; asking for two days and keeping the
   * kickoffs on the day asked for is right either way.
   */
  async matchesOnDate(date: string): Promise<MatchUpdate[]> {
    if (!DATE.test(date)) throw new RangeError(`matchesOnDate wants YYYY-MM-DD, got "${date}"`);
    const dateTo = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    const { body, url } = await this.get('/v4/matches', { dateFrom: date, dateTo }, FdMatchListSchema);
    return body.matches
      .flatMap((m) => this.update(m, url) ?? [])
      .filter((u) => u.match.kickoff.slice(0, 10) === date);
  }

  async matchDetail(matchId: string): Promise<MatchUpdate | null> {
    try {
      const { body, url } = await this.get(`/v4/matches/${encodeURIComponent(matchId)}`, {}, FdMatchSchema);
      return this.update(body, url);
    } catch (error) {
      if (error instanceof UpstreamError && error.details.status === 404) return null;
      throw error;
    }
  }

  async standings(competitionId: string, season: number): Promise<Standings | null> {
    const path = `/v4/competitions/${encodeURIComponent(competitionId)}/standings`;
    const { body, url } = await this.get(path, { season }, FdStandingsSchema);
    if (body.standings.length === 0) return null;
    return parseUpstream(StandingsSchema, normaliseFdStandings(body, this.now()), url);
  }

  async teams(competitionId: string, season: number): Promise<Team[]> {
    const path = `/v4/competitions/${encodeURIComponent(competitionId)}/teams`;
    const { body, url } = await this.get(path, { season }, FdTeamListSchema);
    return parseUpstream(z.array(TeamSchema), body.teams.map(normaliseFdTeam), url);
  }

  /** `/v4/teams/{id}` carries the squad; null for a team v4 does not know. */
  async squad(teamId: string): Promise<Squad | null> {
    try {
      const { body, url } = await this.get(`/v4/teams/${encodeURIComponent(teamId)}`, {}, FdTeamSchema);
      return parseUpstream(SquadSchema, normaliseFdSquad(body, this.now()), url);
    } catch (error) {
      if (error instanceof UpstreamError && error.details.status === 404) return null;
      throw error;
    }
  }

  /**
   * v4 has head-to-head per match only (`/v4/matches/{id}/head2head`): with a match of the two we know that is
   * one call; otherwise we find one in team A's schedule (its latest played meeting, else its next) first.
   * Teams that do not meet this season give an empty list. Its `aggregates.numberOfMatches` can claim more
   * meetings than it lists (15 against 5 in the recorded 417211): only the listed ones are used. Finished
   * meetings only, newest first.
   */
  async headToHead(teamA: string, teamB: string, options: { matchId?: string } = {}): Promise<Match[]> {
    let anchor = options.matchId;
    if (anchor === undefined) {
      const { body: schedule } = await this.get(
        `/v4/teams/${encodeURIComponent(teamA)}/matches`,
        {},
        FdMatchListSchema,
      );
      const meetings = schedule.matches
        .filter((m) => [m.homeTeam.id, m.awayTeam.id].map(String).includes(teamB))
        .sort((a, b) => a.utcDate.localeCompare(b.utcDate));
      const found = meetings.filter((m) => m.status === 'FINISHED').at(-1) ?? meetings[0];
      if (!found) return [];
      anchor = String(found.id);
    }
    const { body, url } = await this.get(
      `/v4/matches/${encodeURIComponent(anchor)}/head2head`,
      { limit: HEAD_TO_HEAD_LIMIT },
      FdMatchListSchema,
    );
    return this.finishedNewestFirst(body.matches, url);
  }

  /**
   * `/v4/teams/{id}/matches`, finished ones of the last 90 days: v4 lists a team's matches oldest first, so a
   * `limit` alone would give the season's first results, not its latest.
   */
  async recentMatches(teamId: string): Promise<Match[]> {
    const today = new Date(this.now()).toISOString().slice(0, 10);
    const from = new Date(this.now() - RECENT_DAYS * DAY_MS).toISOString().slice(0, 10);
    const { body, url } = await this.get(
      `/v4/teams/${encodeURIComponent(teamId)}/matches`,
      { status: 'FINISHED', dateFrom: from, dateTo: today },
      FdMatchListSchema,
    );
    return this.finishedNewestFirst(body.matches, url).slice(0, RECENT_MATCHES);
  }

  private finishedNewestFirst(list: readonly FdMatch[], url: string): Match[] {
    const now = this.now();
    const matches = parseUpstream(
      z.array(MatchSchema),
      list.flatMap((m) => normaliseMatch(m, now) ?? []),
      url,
    );
    return matches.filter((m) => isFinished(m.status)).sort((a, b) => b.kickoff.localeCompare(a.kickoff));
  }

  async competitions(): Promise<Competition[]> {
    const { body, url } = await this.get('/v4/competitions', {}, FdCompetitionListSchema);
    return parseUpstream(
      z.array(CompetitionSchema),
      body.competitions.flatMap((c) => normaliseFdCompetition(c) ?? []),
      url,
    );
  }

  /** Null for a match whose sides are not decided yet (normalise-match.ts). */
  private update(m: FdMatch, url: string): MatchUpdate | null {
    const match = normaliseMatch(m, this.now());
    if (!match) return null;
    const update: MatchUpdate = { match: parseUpstream(MatchSchema, match, url) };
    // A part the payload did not carry stays undefined: "not in this payload", not "none" (provider.ts).
    const events = normaliseFdEvents(match.id, m);
    if (events) update.events = parseUpstream(z.array(MatchEventSchema), events, url);
    const lineups = normaliseFdLineups(m);
    if (lineups) update.lineups = parseUpstream(z.array(LineupSchema), lineups, url);
    const statistics = normaliseFdStatistics(m);
    if (statistics) update.statistics = parseUpstream(z.array(TeamStatisticsSchema), statistics, url);
    return update;
  }

  private async get<S extends z.ZodType>(
    path: string,
    query: Query,
    schema: S,
  ): Promise<{ body: z.output<S>; url: string }> {
    const body = await this.http.getJson(path, query);
    return { body: parseUpstream(schema, body, path), url: path };
  }
}
