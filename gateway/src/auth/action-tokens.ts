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
  const now = new Date();
  await db.sql
    .insertInto('action_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      purpose: input.purpose,
      email: input.email,
      created_at: now,
      expires_at: new Date(now.getTime() + input.ttlS * 1000),
    })
    .execute();
  return token;
}

/** Spends the token: the user and address it was issued for, or null when unknown, spent or expired. */
export async function consumeActionToken(
  db: Queryable,
  token: string,
  purpose: ActionPurpose,
): Promise<{ userId: string; email: string } | null> {
  const now = new Date();
  const row = await db.sql
    .updateTable('action_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** After a reset or a password change, links mailed earlier must not work any more. */
export async function spendActionTokens(
  db: Queryable,
  userId: string,
  purpose: ActionPurpose,
): Promise<void> {
  await db.sql
    .updateTable('action_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
