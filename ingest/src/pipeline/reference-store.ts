import type { Competition, NewsItem, Squad, Standings, Team } from '@pitchside/shared/domain';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { same } from './match-diff.ts';
import type { RedisClient } from '../redis-client.ts';

/** How many news items we keep; older ones drop off the end. */
const NEWS_KEEP = 300;

/**
 * Competitions, standings, teams and news: read far more often than they change, each written whole.
 * Writes are skipped when nothing changed, so a repeated poll costs one read.
 */
export class ReferenceStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  async saveCompetitions(competitions: readonly Competition[]): Promise<number> {
    if (competitions.length === 0) return 0;
    const fields = competitions.flatMap((c) => [c.id, JSON.stringify(c)]);
    await this.redis.hset(this.keys.competitions(), ...fields);
    return competitions.length;
  }

  async saveTeams(teams: readonly Team[]): Promise<number> {
    if (teams.length === 0) return 0;
    await this.redis.hset(this.keys.teams(), ...teams.flatMap((t) => [t.id, JSON.stringify(t)]));
    return teams.length;
  }

  /**
   * Stores a team's squad (an empty one when the provider has none, so the team waits its turn like the
   * others) and notes when it was fetched. True when the players changed.
   */
  async saveSquad(squad: Squad, fetchedAtMs: number): Promise<boolean> {
    const key = this.keys.squad(squad.teamId);
    const stored = await this.redis.get(key);
    const changed = !stored || !same((JSON.parse(stored) as Squad).players, squad.players);
    // Two keys in different slots on a Cluster, so no MULTI: the squad first, then when it was fetched (a
    // crash between the two only makes the next squad poll fetch this team again).
    await this.redis.set(key, JSON.stringify(squad));
    await this.redis.zadd(this.keys.squadsByFetch(), fetchedAtMs, squad.teamId);
    return changed;
  }

  /** Up to `limit` of the teams whose squad was never fetched or not since `before`, never-fetched first. */
  async staleSquads(before: number, limit: number): Promise<string[]> {
    const teamIds = await this.redis.hkeys(this.keys.teams());
    if (teamIds.length === 0) return [];
    const fetched = await this.redis.zmscore(this.keys.squadsByFetch(), ...teamIds);
    return teamIds
      .map((id, i) => ({ id, at: fetched[i] === null ? -Infinity : Number(fetched[i]) }))
      .filter((t) => t.at < before)
      .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((t) => t.id);
  }

  /** True when the table changed (the rows, not the time it was fetched). */
  async saveStandings(standings: Standings): Promise<boolean> {
    const key = this.keys.standings(standings.competitionId);
    const stored = await this.redis.get(key);
    if (stored && same((JSON.parse(stored) as Standings).groups, standings.groups)) return false;
    await this.redis.set(key, JSON.stringify(standings));
    return true;
  }

  /** Adds the items not seen before; returns how many were new. */
  async saveNews(items: readonly NewsItem[]): Promise<number> {
    if (items.length === 0) return 0;
    const multi = this.redis.multi();
    for (const item of items) multi.hsetnx(this.keys.news(), item.id, JSON.stringify(item));
    const added = ((await multi.exec()) ?? []).filter(([, r]) => r === 1).length;
    if (added > 0) {
      const index = this.redis.multi();
      for (const item of items)
        index.zadd(this.keys.newsByDate(), 'NX', Date.parse(item.publishedAt), item.id);
      index.zremrangebyrank(this.keys.newsByDate(), 0, -NEWS_KEEP - 1);
      await index.exec();
    }
    return added;
  }

  async competitions(): Promise<Competition[]> {
    const all = await this.redis.hvals(this.keys.competitions());
    return all.map((c) => JSON.parse(c) as Competition);
  }
}
