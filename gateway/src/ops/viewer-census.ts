import type { RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';

export interface ViewerCensusOptions {
  /** How long a gateway's report counts (and the "someone watches" flag lasts), ms. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Viewers per match across every gateway. Each gateway knows only its own viewers (MatchFanout); while an
 * operator's dashboard is open somewhere (`watch()` keeps a short-lived flag in Redis), every gateway writes
 * its counts to a hash of its own with a TTL, and the dashboard's gateway sums the reports of the gateways
 * seen within the TTL. A gateway that dies stops reporting and falls out of the sum within the TTL; nobody
 * writes anything while nobody watches (one EXISTS per gateway per tick).
 */
export class ViewerCensus {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly gatewayId: string,
    private readonly local: () => Iterable<readonly [matchId: string, viewers: number]>,
    private readonly logger: Logger,
    options: ViewerCensusOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** Reports this gateway's viewers every `intervalMs` while some gateway's dashboard is watched. */
  start(intervalMs: number): void {
    this.timer ??= setInterval(() => {
      this.reportIfWatched().catch((err: unknown) => this.logger.debug({ err }, 'viewer report failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // Leave the sum at once rather than after the TTL: this gateway's viewers are about to go elsewhere.
    await this.redis
      .multi()
      .del(this.keys.opsViewers(this.gatewayId))
      .zrem(this.keys.opsGateways(), this.gatewayId)
      .exec()
      .catch(() => undefined);
  }

  /** Called by the dashboard's gateway on every sample: the other gateways report while this lasts. */
  async watch(): Promise<void> {
    await this.redis.set(this.keys.opsWatching(), '1', 'PX', this.ttlMs);
  }

  async reportIfWatched(): Promise<void> {
    if ((await this.redis.exists(this.keys.opsWatching())) === 1) await this.report();
  }

  /** Replaces this gateway's report (in one transaction, so a reader never sees it half written). */
  async report(): Promise<void> {
    const key = this.keys.opsViewers(this.gatewayId);
    const now = this.now();
    const flat = [...this.local()].flatMap(([matchId, n]) => [matchId, String(n)]);
    const tx = this.redis.multi().del(key);
    if (flat.length > 0) tx.hset(key, ...flat).pexpire(key, this.ttlMs);
    await tx
      .zadd(this.keys.opsGateways(), now, this.gatewayId)
      .zremrangebyscore(this.keys.opsGateways(), '-inf', now - this.ttlMs)
      .exec();
  }

  /** Viewers per match: this gateway's own (current) plus every other gateway's latest report. */
  async total(): Promise<Map<string, number>> {
    const sum = new Map<string, number>(this.local());
    const others = (
      await this.redis.zrangebyscore(this.keys.opsGateways(), this.now() - this.ttlMs, '+inf')
    ).filter((id) => id !== this.gatewayId);
    if (others.length === 0) return sum;
    const pipeline = this.redis.pipeline();
    for (const id of others) pipeline.hgetall(this.keys.opsViewers(id));
    for (const [err, counts] of (await pipeline.exec()) ?? []) {
      if (err || !counts) continue;
      for (const [matchId, raw] of Object.entries(counts as Record<string, string>)) {
        const n = Number(raw);
        if (Number.isFinite(n)) sum.set(matchId, (sum.get(matchId) ?? 0) + n);
      }
    }
    return sum;
  }
}
