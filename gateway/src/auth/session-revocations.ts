import type { Logger } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { Queryable } from '../db/db.ts';
import type { RedisClient } from '../lib/redis-client.ts';

/** How long a session known to be live is believed without asking the database again. */
export const LIVE_SESSION_CACHE_S = 30;

const LIVE = 'live';
const REVOKED = 'revoked';
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * Whether a session's access tokens may still be used. Access tokens are JWTs checked without the database;
 * the database decides whether their session still stands (sessions.revoked_at, a disabled or deleted user),
 * and Redis caches its answer per session: `revoked` for as long as any access token of the session can live
 * (the access lifetime plus a minute of clock skew), `live` for LIVE_SESSION_CACHE_S. So the warm path is one
 * Redis GET per request, and a Redis that lost its keys (a restart, a flush, a failover to a replica that
 * missed the write) costs one database read per session, never a revoked session coming back.
 *
 * Ending a session writes the database first, then overwrites the cache with `revoked`; a check fills a
 * missing entry with NX only, so a `live` read before the revocation can never overwrite the `revoked` mark
 * written after it. When Redis itself fails, the database answers alone.
 */
export class SessionRevocations {
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Queryable,
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly accessTtlS: number,
    private readonly logger: Logger,
  ) {}

  /** Marks sessions the database has just revoked, so their access tokens are refused at once. */
  async revoke(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    // One command per session, not a pipeline: on a Redis Cluster the sessions' keys sit in different slots
    // (ioredis still sends commands issued together in one write per node).
    await Promise.all(
      sessionIds.map((id) => this.redis.set(this.keys.sessionState(id), REVOKED, 'EX', this.revokedTtlS)),
    );
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    let cached: string | null;
    try {
      cached = await this.redis.get(this.keys.sessionState(sessionId));
    } catch (error) {
      this.logger.warn({ err: error }, 'session cache unreadable; asking the database');
      return this.fromDatabase(sessionId);
    }
    if (cached === LIVE) return false;
    if (cached === REVOKED) return true;
    // Cold: concurrent requests of one session share one database read.
    let pending = this.inFlight.get(sessionId);
    if (!pending) {
      pending = this.refill(sessionId).finally(() => this.inFlight.delete(sessionId));
      this.inFlight.set(sessionId, pending);
    }
    return pending;
  }

  private get revokedTtlS(): number {
    return this.accessTtlS + 60;
  }

  private async refill(sessionId: string): Promise<boolean> {
    const revoked = await this.fromDatabase(sessionId);
    const [value, ttlS] = revoked ? [REVOKED, this.revokedTtlS] : [LIVE, LIVE_SESSION_CACHE_S];
    try {
      await this.redis.set(this.keys.sessionState(sessionId), value, 'EX', ttlS, 'NX');
    } catch (error) {
      this.logger.warn({ err: error }, 'session cache not written');
    }
    return revoked;
  }

  /** Revoked, unknown (a deleted user's sessions are gone), or its user disabled. */
  private async fromDatabase(sessionId: string): Promise<boolean> {
    if (!UUID.test(sessionId)) return true;
    const row = await this.db.sql
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.revoked_at', 'u.disabled'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    return !row || row.revoked_at !== null || row.disabled;
  }
}
