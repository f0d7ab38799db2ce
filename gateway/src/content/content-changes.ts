import type { ContentTopic } from '@pitchside/shared/content';
import { audit, type AuditEvent } from '../auth/audit-log.ts';
import type { AuthContext } from '../auth/require-user.ts';
import type { RequestContext } from '../auth/social/social-profile.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { ContentHub } from './content-hub.ts';

/** Who changed what, for the audit log. */
export interface Actor {
  auth: AuthContext;
  context: RequestContext;
}

/**
 * How every operator's change to content is made: the write and its audit row (detail: ids only) in one
 * transaction, then announced on the content channel once committed, so open pages fetch it again.
 */
export class ContentChanges {
  constructor(
    readonly db: Db,
    private readonly hub: ContentHub,
  ) {}

  async apply<T>(
    actor: Actor,
    event: AuditEvent,
    detail: Record<string, unknown>,
    topics: ContentTopic[],
    write: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const written = await write(tx);
      await audit(tx, event, {
        userId: actor.auth.userId,
        sessionId: actor.auth.sessionId,
        ip: actor.context.ip,
        userAgent: actor.context.userAgent,
        detail,
      });
      return written;
    });
    await this.hub.announce(...topics);
    return result;
  }
}
