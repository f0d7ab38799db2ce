import type { Logger } from 'pino';
import type { Competition, Match, Squad, Standings, Team } from '@pitchside/shared/domain';
import { UpstreamError } from './errors.ts';
import type { GameProvider, MatchUpdate, ProviderBudget, ProviderName } from './provider.ts';

/** A provider of another sport, whose ids say they are its own ("bb-8133"). */
export interface SportProvider extends GameProvider {
  owns(id: string): boolean;
}

/**
 * Football's provider and the providers of other sports, as one GameProvider, so every poll job, the match
 * store and the live deltas serve every sport alike. Lists (live, a date, competitions) are concatenated;
 * a call about one match, team or competition goes to the provider that owns its id, football otherwise.
 *
 * Football comes first: an error of football's provider fails the poll as before (and its rate limits
 * pause the queue), while another sport's error is logged and that sport skipped until the next poll, so
 * a basketball outage or spent basketball quota never holds football back.
 */
export class MultiSportProvider implements GameProvider {
  readonly name: ProviderName;

  constructor(
    private readonly football: GameProvider,
    private readonly others: readonly SportProvider[],
    private readonly logger: Logger,
  ) {
    this.name = football.name;
  }

  liveMatches(): Promise<MatchUpdate[]> {
    return this.all((p) => p.liveMatches(), []);
  }

  matchesOnDate(date: string): Promise<MatchUpdate[]> {
    return this.all((p) => p.matchesOnDate(date), []);
  }

  competitions(): Promise<Competition[]> {
    return this.all((p) => p.competitions(), []);
  }

  matchDetail(matchId: string): Promise<MatchUpdate | null> {
    return this.one(matchId, (p) => p.matchDetail(matchId), null);
  }

  standings(competitionId: string, season: number): Promise<Standings | null> {
    return this.one(competitionId, (p) => p.standings(competitionId, season), null);
  }

  teams(competitionId: string, season: number): Promise<Team[]> {
    return this.one(competitionId, (p) => p.teams(competitionId, season), []);
  }

  squad(teamId: string): Promise<Squad | null> {
    return this.one(teamId, (p) => p.squad(teamId), null);
  }

  headToHead(teamA: string, teamB: string, options?: { matchId?: string }): Promise<Match[]> {
    return this.one(teamA, (p) => p.headToHead(teamA, teamB, options), []);
  }

  recentMatches(teamId: string): Promise<Match[]> {
    return this.one(teamId, (p) => p.recentMatches(teamId), []);
  }

  rateBudgets(): ProviderBudget[] {
    return [this.football, ...this.others].flatMap((p) => p.rateBudgets?.() ?? []);
  }

  private async all<T>(call: (p: GameProvider) => Promise<T[]>, fallback: T[]): Promise<T[]> {
    const [first, ...rest] = await Promise.all([
      call(this.football),
      ...this.others.map((p) => this.guarded(p, () => call(p), fallback)),
    ]);
    return [...first, ...rest.flat()];
  }

  private one<T>(id: string, call: (p: GameProvider) => Promise<T>, fallback: T): Promise<T> {
    const owner = this.others.find((p) => p.owns(id));
    return owner ? this.guarded(owner, () => call(owner), fallback) : call(this.football);
  }

  private async guarded<T>(provider: SportProvider, call: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const code = error instanceof UpstreamError ? error.code : 'ingest:internal';
      this.logger.warn({ provider: provider.name, code, err: error }, 'other sport skipped this poll');
      return fallback;
    }
  }
}
