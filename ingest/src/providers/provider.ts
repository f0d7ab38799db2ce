import type {
  Competition,
  Lineup,
  Match,
  MatchEvent,
  Squad,
  Standings,
  Team,
  TeamStatistics,
} from '@pitchside/shared/domain';
import type { RateBudgetSnapshot } from './rate-budget.ts';

/**
 * What one poll learned about one match. A part left undefined was not in the payload and must be left
 * as stored (a live list carries events but no lineups); an empty array means "the provider has none".
 */
export interface MatchUpdate {
  match: Match;
  events?: MatchEvent[];
  lineups?: Lineup[];
  statistics?: TeamStatistics[];
}

/**
 * A game data provider, normalised. Every method validates the provider's payload with zod and throws an
 * `UpstreamError` (see errors.ts) for anything it cannot trust, whole: nothing half-parsed comes out.
 */
export interface GameProvider {
  readonly name: ProviderName;
  /** Every match in play now, with its events where the provider includes them. */
  liveMatches(): Promise<MatchUpdate[]>;
  /** Every match kicking off on this UTC date (YYYY-MM-DD). */
  matchesOnDate(date: string): Promise<MatchUpdate[]>;
  /** One match with everything the provider knows: events, lineups, statistics. */
  matchDetail(matchId: string): Promise<MatchUpdate | null>;
  standings(competitionId: string, season: number): Promise<Standings | null>;
  teams(competitionId: string, season: number): Promise<Team[]>;
  /** A team's current squad; null when the provider has none for it. */
  squad(teamId: string): Promise<Squad | null>;
  /**
   * Past meetings of two teams as the provider's head-to-head gives them, finished ones only, newest first.
   * `matchId`, a match of the two we know, saves football-data (whose head-to-head hangs off a match) a call.
   */
  headToHead(teamA: string, teamB: string, options?: { matchId?: string }): Promise<Match[]>;
  /** A team's latest finished matches (about ten), newest first: its form. */
  recentMatches(teamId: string): Promise<Match[]>;
  /** Competitions the provider covers that we follow. */
  competitions(): Promise<Competition[]>;
  /** The request budget of each upstream API behind this provider, for the metrics (rate budget left). */
  rateBudgets?(): ProviderBudget[];
}

export interface ProviderBudget {
  provider: ProviderName;
  budget: RateBudgetSnapshot;
}

export const PROVIDER_NAMES = ['api-football', 'football-data', 'api-basketball'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
