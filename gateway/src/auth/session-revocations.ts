import type { RedisClient } from '../lib/redis-client.ts';
import type { RedisKeys } from '@pitchside/shared/redis-keys';

/**
 * Access tokens are checked without the database, so a revoked session would keep working until its access
 * token expires. Revoking a session therefore also marks it in Redis for as long as any of its access tokens
 * can live (the access lifetime plus a minute of clock skew); every authenticated request asks Redis once.
 * The database stays the truth: a revoked session can never refresh.
 */
export class SessionRevocations {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly accessTtlS: number,
  ) {}

  async revoke(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    // One command per session, not a pipeline: on a Redis Cluster the sessions' keys sit in different slots
    // (ioredis still sends commands issued together in one write per node).
    await Promise.all(
      sessionIds.map((id) => this.redis.set(this.keys.revokedSession(id), '1', 'EX', this.accessTtlS + 60)),
    );
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.revokedSession(sessionId))) === 1;
  }
}
