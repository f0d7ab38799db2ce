import type { RedisClient } from '../lib/redis-client.ts';
import {
  DEFAULT_SPORT,
  type Competition,
  type NewsItem,
  type Squad,
  type Standings,
  type Team,
} from '@pitchside/shared/domain';
import type { RedisKeys } from '@pitchside/shared/redis-keys';

/** Competitions, standings, teams and news as ingest stored them. */
export class ReferenceReads {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  async competitions(): Promise<Competition[]> {
    const all = (await this.redis.hvals(this.keys.competitions())).map((c) => JSON.parse(c) as Competition);
    return all.sort((a, b) => a.popularity - b.popularity || a.name.localeCompare(b.name));
  }

  async competition(id: string): Promise<Competition | null> {
    const raw = await this.redis.hget(this.keys.competitions(), id);
    return raw ? (JSON.parse(raw) as Competition) : null;
  }

  async standings(competitionId: string): Promise<Standings | null> {
    const raw = await this.redis.get(this.keys.standings(competitionId));
    return raw ? (JSON.parse(raw) as Standings) : null;
  }

  async teams(): Promise<Team[]> {
    const all = (await this.redis.hvals(this.keys.teams())).map((t) => JSON.parse(t) as Team);
    return all.sort((a, b) => a.name.localeCompare(b.name));
  }

  async team(id: string): Promise<Team | null> {
    const raw = await this.redis.hget(this.keys.teams(), id);
    return raw ? (JSON.parse(raw) as Team) : null;
  }

  /** Competitions by id, in one round trip; ids not held are left out. */
  async competitionsById(ids: readonly string[]): Promise<Map<string, Competition>> {
    const found = new Map<string, Competition>();
    if (ids.length === 0) return found;
    const raw = await this.redis.hmget(this.keys.competitions(), ...ids);
    raw.forEach((r, i) => {
      if (r) found.set(ids[i]!, JSON.parse(r) as Competition);
    });
    return found;
  }

  async squad(teamId: string): Promise<Squad | null> {
    const raw = await this.redis.get(this.keys.squad(teamId));
    return raw ? (JSON.parse(raw) as Squad) : null;
  }

  async news(limit: number): Promise<NewsItem[]> {
    const ids = await this.redis.zrevrange(this.keys.newsByDate(), 0, limit - 1);
    if (ids.length === 0) return [];
    const raw = await this.redis.hmget(this.keys.news(), ...ids);
    // Stories stored before news had a sport came from the football feed.
    return raw
      .filter((r): r is string => r !== null)
      .map((r) => ({ sport: DEFAULT_SPORT, ...(JSON.parse(r) as Partial<NewsItem>) }) as NewsItem);
  }
}
