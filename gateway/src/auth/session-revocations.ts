import type { Redis } from 'ioredis';
import type { RedisKeys } from '@pitchside/shared/redis-keys';

/**
 * Access tokens are checked without the database, so a revoked session would keep working until its access
 * token expires. Revoking a session therefore also marks it in Redis for as long as any of its access tokens
 * can live (the access lifetime plus a minute of clock skew); every authenticated request asks Redis once.
 * The database stays the truth: a revoked session can never refresh.
 */
export class SessionRevocations {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly accessTtlS: number,
  ) {}

  async revoke(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const id of sessionIds) pipeline.set(this.keys.revokedSession(id), '1', 'EX', this.accessTtlS + 60);
    await pipeline.exec();
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.revokedSession(sessionId))) === 1;
  }
}
