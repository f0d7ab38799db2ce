import type { AdminUser, AuthUser } from '@pitchside/shared/auth';
import type { IdentityRow, UserRow } from './user-rows.ts';

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
