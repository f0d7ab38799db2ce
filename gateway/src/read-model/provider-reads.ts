import {
  ON_DEMAND_WANTED_MAX,
  PROVIDER_REFRESH_AFTER_S,
  headToHeadPair,
  onDemandMember,
  type Match,
  type OnDemandRead,
  type ProviderMatches,
} from '@pitchside/shared/domain';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { RedisClient } from '../lib/redis-client.ts';

/** What the provider's own endpoint gave, and whether ingest has been asked to read it (again). */
export interface ProviderAnswer {
  /** Finished matches, newest first; empty while nothing was read yet. */
  matches: Match[];
  /** Ingest is reading it now (it was missing or old): the page shows what there is and asks again soon. */
  pending: boolean;
}

/**
 * Two teams' past meetings and a team's latest results as the provider's own head-to-head and team-results
 * endpoints give them (issue 16 §3), read from what ingest cached in Redis.
 *
 * Why the gateway does not call the provider itself: ingest holds the provider's key, its rate budget and
 * the planner that spends it live scores first (ingest/src/planner). A gateway calling the provider on every
 * page view would spend that budget behind the planner's back, from every gateway replica, on whatever pairs
 * visitors (or crawlers) ask for. So a miss notes an ask in a capped set (the newest `ON_DEMAND_WANTED_MAX`
 * kept) that ingest's poll-on-demand reads within seconds, at the planner's priority for on-demand reads; the
 * page shows the meetings we store meanwhile and says `pending`, and the next read has the provider's.
 */
export class ProviderReads {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly now: () => number = Date.now,
  ) {}

  /** `ask`: note an ask when missing or old (callers pass false for teams nobody knows). */
  headToHead(teamA: string, teamB: string, ask: boolean): Promise<ProviderAnswer> {
    return this.read(
      this.keys.providerHeadToHead(headToHeadPair(teamA, teamB)),
      { kind: 'h2h', teamA, teamB },
      PROVIDER_REFRESH_AFTER_S.headToHead,
      ask,
    );
  }

  teamForm(teamId: string, ask: boolean): Promise<ProviderAnswer> {
    return this.read(
      this.keys.providerTeamForm(teamId),
      { kind: 'form', teamId },
      PROVIDER_REFRESH_AFTER_S.teamForm,
      ask,
    );
  }

  private async read(key: string, read: OnDemandRead, refreshAfterS: number, ask: boolean) {
    const raw = await this.redis.get(key);
    // Written by ingest after its zod check: trusted here, as the match store is.
    const cached = raw ? (JSON.parse(raw) as ProviderMatches) : null;
    const old = cached !== null && this.now() - Date.parse(cached.fetchedAt) > refreshAfterS * 1000;
    const pending = ask && (cached === null || old);
    if (pending) {
      const wanted = this.keys.onDemandWanted();
      await this.redis.zadd(wanted, this.now(), onDemandMember(read));
      await this.redis.zremrangebyrank(wanted, 0, -ON_DEMAND_WANTED_MAX - 1);
    }
    return { matches: cached?.matches ?? [], pending };
  }
}
