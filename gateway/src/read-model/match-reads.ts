import type { RedisClient } from '../lib/redis-client.ts';
import type { Competition, Match, MatchDelta, MatchDetail } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import type { RedisKeys } from '@pitchside/shared/redis-keys';

export interface MatchPosition {
  epoch: string;
  seq: number;
}

/**
 * Reads what ingest wrote. The gateway never writes match state: ingest owns it, the gateway serves it.
 * JSON stored by ingest was validated on the way in, so it is trusted here.
 */
export class MatchReads {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  async detail(matchId: string): Promise<(MatchPosition & { detail: MatchDetail }) | null> {
    const [epoch, seq, detail] = await this.redis.hmget(this.keys.match(matchId), 'epoch', 'seq', 'detail');
    if (!epoch || !seq || !detail) return null;
    return { epoch, seq: Number(seq), detail: JSON.parse(detail) as MatchDetail };
  }

  async position(matchId: string): Promise<MatchPosition | null> {
    const [epoch, seq] = await this.redis.hmget(this.keys.match(matchId), 'epoch', 'seq');
    return epoch && seq ? { epoch, seq: Number(seq) } : null;
  }

  /**
   * The deltas after `afterSeq`, if the stream still holds every one of them; null when some were trimmed
   * (the caller then sends a snapshot instead).
   */
  async deltasAfter(matchId: string, afterSeq: number, untilSeq: number): Promise<MatchDelta[] | null> {
    if (untilSeq <= afterSeq) return [];
    const rows = await this.redis.xrange(
      this.keys.matchStream(matchId),
      `${afterSeq + 1}-1`,
      `${untilSeq}-1`,
    );
    const deltas = rows.map(([, fields]) => JSON.parse(fields[1] ?? 'null') as MatchDelta);
    const complete = deltas.length === untilSeq - afterSeq && deltas[0]?.seq === afterSeq + 1;
    return complete ? deltas : null;
  }

  /**
   * Scoreboard entries for many matches in one round trip, in the order of the ids. Commands issued together
   * rather than a pipeline: on a Redis Cluster the matches' hashes sit in different slots, and ioredis still
   * writes the commands bound for one node together.
   */
  async entries(ids: readonly string[]): Promise<ScoreboardEntry[]> {
    if (ids.length === 0) return [];
    const rows = await Promise.all(
      ids.map((id) => this.redis.hmget(this.keys.match(id), 'header', 'epoch', 'seq')),
    );
    const entries: ScoreboardEntry[] = [];
    for (const [header, epoch, seq] of rows) {
      if (!header || !epoch || !seq) continue;
      entries.push({ match: JSON.parse(header) as Match, epoch, seq: Number(seq) });
    }
    return entries;
  }

  async liveIds(): Promise<string[]> {
    return this.redis.smembers(this.keys.liveMatches());
  }

  async idsByKickoff(start: number, end: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.keys.matchesByKickoff(), start, `(${end}`);
  }

  async competitionIds(competitionId: string, start = '-inf', end = '+inf'): Promise<string[]> {
    return this.redis.zrangebyscore(this.keys.competitionMatches(competitionId), start, end);
  }

  async teamIds(teamId: string): Promise<string[]> {
    return this.redis.zrange(this.keys.teamMatches(teamId), 0, -1);
  }

  /**
   * Red cards (second yellows included) shown so far in each match, from its timeline, in one round trip.
   * The headers lists carry have no cards: ranking hot matches needs them.
   */
  async redCards(ids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (ids.length === 0) return counts;
    // Not a pipeline: the matches' hashes sit in different slots on a Redis Cluster (see entries()).
    const rows = await Promise.all(ids.map((id) => this.redis.hget(this.keys.match(id), 'detail')));
    rows.forEach((raw, i) => {
      if (typeof raw !== 'string') return;
      const { events } = JSON.parse(raw) as MatchDetail;
      counts.set(ids[i]!, events.filter((e) => e.kind === 'red' || e.kind === 'second_yellow').length);
    });
    return counts;
  }

  /** How prominent the matches' competitions are (Competition.popularity), for ranking; 100 when unknown. */
  async competitionPopularity(competitionIds: readonly string[]): Promise<Map<string, number>> {
    const popularity = new Map<string, number>();
    if (competitionIds.length === 0) return popularity;
    const raw = await this.redis.hmget(this.keys.competitions(), ...competitionIds);
    competitionIds.forEach((id, i) => {
      const stored = raw[i];
      popularity.set(id, stored ? (JSON.parse(stored) as Competition).popularity : 100);
    });
    return popularity;
  }
}

/** Lists come in kickoff order; grouping them by competition is the page's business. */
export const byKickoff = (a: ScoreboardEntry, b: ScoreboardEntry): number =>
  a.match.kickoff.localeCompare(b.match.kickoff) || a.match.id.localeCompare(b.match.id);
