import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

export type ActionPurpose = 'reset-password' | 'verify-email';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * One-time tokens mailed to a user (password reset, e-mail verification): 256 random bits in the link, only
 * their SHA-256 in the database, so a leaked table resets no password.
 */
export async function issueActionToken(
  db: Queryable,
  input: { userId: string; purpose: ActionPurpose; email: string; ttlS: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO action_tokens (token_hash, user_id, purpose, email, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      hashToken(token),
      input.userId,
      input.purpose,
      input.email,
      new Date(),
      new Date(Date.now() + input.ttlS * 1000),
    ],
  );
  return token;
}

/** Spends the token: the user and address it was issued for, or null when unknown, spent or expired. */
export async function consumeActionToken(
  db: Queryable,
  token: string,
  purpose: ActionPurpose,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db.query<{ user_id: string; email: string }>(
    `UPDATE action_tokens SET used_at = $3
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id, email`,
    [hashToken(token), purpose, new Date()],
  );
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** After a reset or a password change, links mailed earlier must not work any more. */
export async function spendActionTokens(
  db: Queryable,
  userId: string,
  purpose: ActionPurpose,
): Promise<void> {
  await db.query(
    `UPDATE action_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [userId, purpose, new Date()],
  );
}
