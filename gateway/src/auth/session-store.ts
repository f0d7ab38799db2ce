import { randomUUID } from 'node:crypto';
import type { AccountSession, ProviderId } from '@pitchside/shared/auth';
import type { Queryable } from '../db/db.ts';
import type { RequestContext } from './social/social-profile.ts';
import { hashToken } from './action-tokens.ts';

interface SessionRow {
  id: string;
  user_id: string;
  provider: ProviderId;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Opens a session (a refresh-token family) whose first refresh token has this jti. */
export async function createSession(
  db: Queryable,
  input: { userId: string; provider: ProviderId; context: RequestContext; refreshTtlS: number },
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await db.query(
    `INSERT INTO sessions (id, user_id, provider, user_agent, ip, created_at, last_used_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
    [
      id,
      input.userId,
      input.provider,
      truncate(input.context.userAgent),
      input.context.ip,
      now,
      after(now, input.refreshTtlS),
    ],
  );
  return id;
}

export async function recordRefreshToken(db: Queryable, sessionId: string, jti: string): Promise<void> {
  await db.query(`INSERT INTO refresh_tokens (jti_hash, session_id, issued_at) VALUES ($1, $2, $3)`, [
    hashToken(jti),
    sessionId,
    new Date(),
  ]);
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
  const [row] = await tx.query<{
    used_at: Date | null;
    session_id: string;
    user_id: string;
    provider: ProviderId;
    revoked_at: Date | null;
    live: boolean;
  }>(
    `SELECT r.used_at, s.id AS session_id, s.user_id, s.provider, s.revoked_at, s.expires_at > $2 AS live
     FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id
     WHERE r.jti_hash = $1 FOR UPDATE OF r, s`,
    [hashToken(input.jti), now],
  );
  if (!row || row.session_id !== input.sessionId || row.revoked_at || !row.live) return { kind: 'invalid' };
  if (row.used_at) {
    await revokeSessions(tx, { userId: row.user_id, only: row.session_id, reason: 'refresh-reuse' });
    return { kind: 'reused', userId: row.user_id };
  }
  await tx.query(`UPDATE refresh_tokens SET used_at = $2 WHERE jti_hash = $1`, [hashToken(input.jti), now]);
  // Sliding: each rotation gives the family another refresh lifetime.
  await tx.query(
    `UPDATE sessions SET last_used_at = $4, ip = $2, user_agent = $3, expires_at = $5 WHERE id = $1`,
    [row.session_id, input.context.ip, truncate(input.context.userAgent), now, after(now, input.refreshTtlS)],
  );
  return { kind: 'ok', userId: row.user_id, provider: row.provider };
}

/** Revokes live sessions of a user (one, all, or all but one) and answers their ids, for the Redis mark. */
export async function revokeSessions(
  db: Queryable,
  input: { userId: string; only?: string; except?: string; reason: string },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = $5, revoked_reason = $4
     WHERE user_id = $1 AND revoked_at IS NULL
       AND ($2::uuid IS NULL OR id = $2::uuid) AND ($3::uuid IS NULL OR id <> $3::uuid)
     RETURNING id`,
    [input.userId, input.only ?? null, input.except ?? null, input.reason, new Date()],
  );
  return rows.map((r) => r.id);
}

export async function liveSessions(
  db: Queryable,
  userId: string,
  currentId: string,
): Promise<AccountSession[]> {
  const rows = await db.query<SessionRow>(
    `SELECT id, user_id, provider, user_agent, ip, created_at, last_used_at, expires_at, revoked_at FROM sessions
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY last_used_at DESC`,
    [userId, new Date()],
  );
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.created_at.toISOString(),
    lastUsedAt: s.last_used_at.toISOString(),
    userAgent: s.user_agent,
    ip: s.ip,
    provider: s.provider,
    current: s.id === currentId,
  }));
}

export async function sessionCreatedAt(db: Queryable, sessionId: string): Promise<Date | null> {
  const [row] = await db.query<{ created_at: Date }>(`SELECT created_at FROM sessions WHERE id = $1`, [
    sessionId,
  ]);
  return row?.created_at ?? null;
}

/** `ttlS` seconds after `from`. Instants come from the application's clock, never the database's `now()`. */
const after = (from: Date, ttlS: number): Date => new Date(from.getTime() + ttlS * 1000);

const truncate = (s: string | null): string | null => (s === null ? null : s.slice(0, 512));
