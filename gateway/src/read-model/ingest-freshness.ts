import type { RedisClient } from '../lib/redis-client.ts';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { ServiceStatus } from '@pitchside/shared/protocol';

/**
 * Live scores count as delayed once the live poll (every 2 s by default) has not succeeded for this long:
 * several failed polls in a row, past ingest's own retries, not one slow answer.
 */
export const LIVE_DELAYED_AFTER_MS = 20_000;
const LIVE_JOB = 'poll-live';

/**
 * How current the data is, from ingest's heartbeat (a hash of poll job -> last success, ms; written by
 * ingest-worker.ts after each successful job, shared by every ingest replica). A failing provider leaves
 * the stored matches as they were (ingest writes a match whole or not at all), so the gateway keeps serving
 * them; this is how it says they may be behind.
 */
export class IngestFreshness {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly options: { delayedAfterMs?: number; now?: () => number } = {},
  ) {}

  async live(): Promise<ServiceStatus['live']> {
    const raw = await this.redis.hget(this.keys.ingestHeartbeat(), LIVE_JOB);
    const at = raw === null ? NaN : Number(raw);
    if (!Number.isFinite(at)) return { updatedAt: null, ageSeconds: null, delayed: true };
    const ageMs = Math.max(0, (this.options.now ?? Date.now)() - at);
    return {
      updatedAt: new Date(at).toISOString(),
      ageSeconds: Math.round(ageMs / 100) / 10,
      delayed: ageMs > (this.options.delayedAfterMs ?? LIVE_DELAYED_AFTER_MS),
    };
  }
}
