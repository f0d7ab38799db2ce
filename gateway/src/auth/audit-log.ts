import type { Queryable } from '../db/db.ts';

/** What happened, for the operator's audit log (table audit_log). */
export type AuditEvent =
  | 'user.registered'
  | 'user.register-attempted'
  | 'user.signed-in'
  | 'user.sign-in-failed'
  | 'user.signed-out'
  | 'user.signed-out-everywhere'
  | 'user.password-changed'
  | 'user.password-reset'
  | 'user.password-reset-requested'
  | 'user.email-verified'
  | 'user.identity-linked'
  | 'user.deleted'
  | 'user.updated-by-admin'
  | 'session.revoked'
  | 'session.refresh-reuse'
  // Payments (issue 5): the admin's catalogue changes and what happened to orders.
  | 'plan.created'
  | 'plan.updated'
  | 'plan.retired'
  | 'deal.created'
  | 'deal.updated'
  | 'deal.retired'
  | 'order.created'
  | 'order.state-changed'
  | 'entitlement.granted'
  | 'entitlement.revoked'
  // Content and the CMS (issue 6): what operators changed (detail: ids only).
  | 'hot-pins.updated'
  | 'content.stream-source.added'
  | 'content.stream-source.removed'
  | 'content.highlight.saved'
  | 'content.highlight.deleted'
  | 'content.movie.saved'
  | 'content.movie.deleted'
  | 'content.tv.saved'
  | 'content.tv.deleted'
  | 'content.guide.saved'
  | 'content.guide.deleted'
  | 'content.page.saved'
  | 'content.page.deleted';

export interface AuditEntry {
  userId?: string | null;
  sessionId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Codes, counts and ids only: never an e-mail address, a password or a token. */
  detail?: Record<string, unknown>;
}

export async function audit(db: Queryable, event: AuditEvent, entry: AuditEntry = {}): Promise<void> {
  await db.sql
    .insertInto('audit_log')
    .values({
      event,
      // The application's clock, as every instant the gateway writes.
      at: new Date(),
      user_id: entry.userId ?? null,
      session_id: entry.sessionId ?? null,
      ip: entry.ip ?? null,
      user_agent: entry.userAgent ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .execute();
}
