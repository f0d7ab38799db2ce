import type { AdminUser, AuthUser, ProviderId } from '@pitchside/shared/auth';
import type { Queryable } from '../db/db.ts';

/** A row of `users`, as the accounts read it. */
export interface UserRow {
  id: string;
  email: string | null;
  password_hash: string | null;
  display_name: string | null;
  photo_url: string | null;
  email_verified: boolean;
  scope: string[];
  disabled: boolean;
  language: string;
  created_at: Date;
  last_sign_in_at: Date | null;
}

export interface IdentityRow {
  user_id: string;
  provider: Exclude<ProviderId, 'password'>;
  subject: string;
  email: string | null;
  display_name: string | null;
  photo_url: string | null;
}

export const USER_COLUMNS =
  'id, email, password_hash, display_name, photo_url, email_verified, scope, disabled, language, created_at, last_sign_in_at';

export async function identitiesOf(db: Queryable, userIds: readonly string[]): Promise<IdentityRow[]> {
  if (userIds.length === 0) return [];
  return db.query<IdentityRow>(
    `SELECT user_id, provider, subject, email, display_name, photo_url FROM identities
     WHERE user_id = ANY($1::uuid[]) ORDER BY created_at`,
    [userIds],
  );
}

/** The identity-provider user of SPEC 3, built from our rows: `password` first when the account has one. */
export function toAuthUser(user: UserRow, identities: readonly IdentityRow[]): AuthUser {
  const providerData: AuthUser['providerData'] = [];
  if (user.password_hash) {
    providerData.push({
      providerId: 'password',
      uid: user.email ?? user.id,
      displayName: user.display_name,
      email: user.email,
      photoURL: user.photo_url,
    });
  }
  for (const identity of identities.filter((i) => i.user_id === user.id)) {
    providerData.push({
      providerId: identity.provider,
      uid: identity.subject,
      displayName: identity.display_name,
      email: identity.email,
      photoURL: identity.photo_url,
    });
  }
  return {
    uid: user.id,
    displayName: user.display_name,
    photoURL: user.photo_url,
    email: user.email,
    emailVerified: user.email_verified,
    phoneNumber: null,
    tenantId: null,
    isAnonymous: false,
    providerData,
    metadata: {
      creationTime: user.created_at.toISOString(),
      lastSignInTime: user.last_sign_in_at?.toISOString() ?? null,
    },
    scope: user.scope,
    hasPassword: user.password_hash !== null,
  };
}

export const toAdminUser = (user: UserRow, identities: readonly IdentityRow[]): AdminUser => ({
  ...toAuthUser(user, identities),
  disabled: user.disabled,
});
