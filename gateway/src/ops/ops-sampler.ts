import type { Queue } from 'bullmq';
import type { RedisClient } from '../lib/redis-client.ts';
import type { OpsHotMatch, OpsPlanner, OpsQueueCounts, OpsSample } from '@pitchside/shared/protocol';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { topMatches } from '../metrics.ts';
import type { MatchReads } from '../read-model/match-reads.ts';
import type { ViewerCensus } from './viewer-census.ts';

export interface OpsSamplerDeps {
  redis: RedisClient;
  keys: RedisKeys;
  /** The BullMQ queues to count, under the deployment's queue prefix. */
  queues: readonly Queue[];
  census: Pick<ViewerCensus, 'total'>;
  matches: Pick<MatchReads, 'entries'>;
  /** Open connections on this gateway. */
  sockets: () => number;
  /** How many of the most watched matches a sample lists; default 10. */
  hotMatches?: number;
  now?: () => number;
}

/**
 * Takes one OpsSample: job counts of every queue, how far each poll job is behind (ingest's heartbeat hash,
 * as read-model/ingest-freshness.ts reads it), and the most watched matches with their names.
 */
export class OpsSampler {
  constructor(private readonly deps: OpsSamplerDeps) {}

  async sample(): Promise<OpsSample> {
    const now = (this.deps.now ?? Date.now)();
    const [queues, ingestLag, hotMatches, planner] = await Promise.all([
      this.queueCounts(),
      this.ingestLag(now),
      this.hotMatches(),
      this.planner(),
    ]);
    return { at: now, queues, ingestLag, hotMatches, sockets: this.deps.sockets(), planner };
  }

  /** Ingest's request planner as it last wrote it (the key expires when no ingest writes it any more). */
  private async planner(): Promise<OpsPlanner | null> {
    const raw = await this.deps.redis.get(this.deps.keys.ingestPlanner());
    return raw ? (JSON.parse(raw) as OpsPlanner) : null;
  }

  private async queueCounts(): Promise<Record<string, OpsQueueCounts>> {
    const entries = await Promise.all(
      this.deps.queues.map(async (queue) => {
        const c = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
        // BullMQ keeps jobs with a priority in a set of their own; to an operator they are waiting all the same.
        const counts: OpsQueueCounts = {
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
        };
        return [queue.name, counts] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  private async ingestLag(now: number): Promise<Record<string, number | null>> {
    const raw = await this.deps.redis.hgetall(this.deps.keys.ingestHeartbeat());
    return Object.fromEntries(
      Object.entries(raw).map(([job, at]) => {
        const ms = Number(at);
        return [job, Number.isFinite(ms) ? Math.round(Math.max(0, now - ms) / 100) / 10 : null];
      }),
    );
  }

  private async hotMatches(): Promise<OpsHotMatch[]> {
    const { top } = topMatches(await this.deps.census.total(), this.deps.hotMatches ?? 10);
    const live = top.filter(([, viewers]) => viewers > 0);
    const entries = await this.deps.matches.entries(live.map(([id]) => id));
    const labels = new Map(entries.map((e) => [e.match.id, `${e.match.home.name} – ${e.match.away.name}`]));
    return live.map(([matchId, viewers]) => ({ matchId, label: labels.get(matchId) ?? matchId, viewers }));
  }
}
