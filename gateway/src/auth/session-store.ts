import { randomUUID } from 'node:crypto';
import type { AccountSession, ProviderId } from '@pitchside/shared/auth';
import type { Queryable } from '../db/db.ts';
import type { RequestContext } from './social/social-profile.ts';
import { hashToken } from './action-tokens.ts';

/** Opens a session (a refresh-token family) whose first refresh token has this jti. */
export async function createSession(
  db: Queryable,
  input: { userId: string; provider: ProviderId; context: RequestContext; refreshTtlS: number },
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await db.sql
    .insertInto('sessions')
    .values({
      id,
      user_id: input.userId,
      provider: input.provider,
      user_agent: truncate(input.context.userAgent),
      ip: input.context.ip,
      created_at: now,
      last_used_at: now,
      expires_at: after(now, input.refreshTtlS),
    })
    .execute();
  return id;
}

export async function recordRefreshToken(db: Queryable, sessionId: string, jti: string): Promise<void> {
  await db.sql
    .insertInto('refresh_tokens')
    .values({ jti_hash: hashToken(jti), session_id: sessionId, issued_at: new Date() })
    .execute();
}

export type RotationOutcome =
  | { kind: 'ok'; userId: string; provider: ProviderId }
  | { kind: 'invalid' }
  /** A spent token came back: someone holds a copy. The family is revoked. */
  | { kind: 'reused'; userId: string };

/**
 * Spends the refresh token `jti` of session `sessionId`, locking both rows so two rotations of one token
 * cannot both succeed. Revokes the whole family when the token was spent already (RFC 6819 5.2.2.3).
 */
export async function spendRefreshToken(
  tx: Queryable,
  input: { sessionId: string; jti: string; context: RequestContext; refreshTtlS: number },
): Promise<RotationOutcome> {
  const now = new Date();
  const row = await tx.sql
    .selectFrom('refresh_tokens as r')
    .innerJoin('sessions as s', 's.id', 'r.session_id')
    .select(['r.used_at', 's.id as session_id', 's.user_id', 's.provider', 's.revoked_at', 's.expires_at'])
    .where('r.jti_hash', '=', hashToken(input.jti))
    .forUpdate(['r', 's'])
    .executeTakeFirst();
  if (!row || row.session_id !== input.sessionId || row.revoked_at || row.expires_at <= now)
    return { kind: 'invalid' };
  if (row.used_at) {
    await revokeSessions(tx, { userId: row.user_id, only: row.session_id, reason: 'refresh-reuse' });
    return { kind: 'reused', userId: row.user_id };
  }
  await tx.sql
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('jti_hash', '=', hashToken(input.jti))
    .execute();
  // Sliding: each rotation gives the family another refresh lifetime.
  await tx.sql
    .updateTable('sessions')
    .set({
      last_used_at: now,
      ip: input.context.ip,
      user_agent: truncate(input.context.userAgent),
      expires_at: after(now, input.refreshTtlS),
    })
    .where('id', '=', row.session_id)
    .execute();
  return { kind: 'ok', userId: row.user_id, provider: row.provider as ProviderId };
}

/** Revokes live sessions of a user (one, all, or all but one) and answers their ids, for the Redis mark. */
export async function revokeSessions(
  db: Queryable,
  input: { userId: string; only?: string; except?: string; reason: string },
): Promise<string[]> {
  let query = db.sql
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: input.reason })
    .where('user_id', '=', input.userId)
    .where('revoked_at', 'is', null);
  if (input.only !== undefined) query = query.where('id', '=', input.only);
  if (input.except !== undefined) query = query.where('id', '<>', input.except);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

export async function liveSessions(
  db: Queryable,
  userId: string,
  currentId: string,
): Promise<AccountSession[]> {
  const rows = await db.sql
    .selectFrom('sessions')
    .select(['id', 'provider', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.created_at.toISOString(),
    lastUsedAt: s.last_used_at.toISOString(),
    userAgent: s.user_agent,
    ip: s.ip,
    provider: s.provider as ProviderId,
    current: s.id === currentId,
  }));
}

export async function sessionCreatedAt(db: Queryable, sessionId: string): Promise<Date | null> {
  const row = await db.sql
    .selectFrom('sessions')
    .select('created_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** `ttlS` seconds after `from`. Instants come from the application's clock, never the database's `now()`. */
const after = (from: Date, ttlS: number): Date => new Date(from.getTime() + ttlS * 1000);
const truncate = (s: string | null): string | null => (s === null ? null : s.slice(0, 512));
