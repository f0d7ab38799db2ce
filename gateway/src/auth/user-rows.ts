import type { Selectable } from 'kysely';
import type { ProviderId } from '@pitchside/shared/auth';
import type { Identities, Users } from '../db/database.ts';
import type { Queryable } from '../db/db.ts';

/** A row of `users`, as the accounts read it (every column). */
export type UserRow = Selectable<Users>;

export interface IdentityRow extends Pick<
  Selectable<Identities>,
  'user_id' | 'subject' | 'email' | 'display_name' | 'photo_url'
> {
  provider: Exclude<ProviderId, 'password'>;
}

export async function userById(db: Queryable, id: string): Promise<UserRow | null> {
  return (await db.sql.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** `lock`: FOR UPDATE, inside a transaction that may change the user. */
export async function userByEmail(
  db: Queryable,
  email: string,
  options: { lock?: boolean } = {},
): Promise<UserRow | null> {
  const query = db.sql.selectFrom('users').selectAll().where('email', '=', email);
  return (await (options.lock ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

export async function identitiesOf(db: Queryable, userIds: readonly string[]): Promise<IdentityRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db.sql
    .selectFrom('identities')
    .select(['user_id', 'provider', 'subject', 'email', 'display_name', 'photo_url'])
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .execute();
  // The provider column holds only the social providers' ids (auth/social writes them).
  return rows as IdentityRow[];
}
