import { PitchsideError } from '@pitchside/shared/errors';
import type { Db, Queryable } from '../db/db.ts';
import { audit } from './audit-log.ts';
import type { SessionIssuer } from './session-issuer.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { revokeSessions } from './session-store.ts';
import type { CompleteSocialSignIn, SocialProfile } from './social/social-profile.ts';
import { userByEmail, userById } from './user-rows.ts';

/** Signing in with a social identity (auth/social/ proves the profile; this finds or makes the account). */
export class SocialSignIn {
  constructor(
    private readonly db: Db,
    private readonly issuer: SessionIssuer,
    private readonly revocations: SessionRevocations,
  ) {}

  /**
   * The identity's account if there is one; else the account with the provider-verified address, linked;
   * else a new account. An address the provider did not verify never reaches an existing account.
   */
  readonly complete: CompleteSocialSignIn = async (profile, context) => {
    const email = profile.email?.trim().toLowerCase() || null;
    const { data, revoked } = await this.db.transaction(async (tx) => {
      const identity = await tx.sql
        .selectFrom('identities')
        .select('user_id')
        .where('provider', '=', profile.provider)
        .where('subject', '=', profile.subject)
        .forUpdate()
        .executeTakeFirst();
      if (identity) {
        const user = await userById(tx, identity.user_id);
        if (!user) throw new PitchsideError('server:internal');
        if (user.disabled) throw new PitchsideError('auth:user-disabled');
        // Keep the provider's latest name, address and photo on the identity (providerData shows them).
        await tx.sql
          .updateTable('identities')
          .set({ email, display_name: profile.displayName, photo_url: profile.photoURL })
          .where('provider', '=', profile.provider)
          .where('subject', '=', profile.subject)
          .execute();
        return { data: await this.issuer.signIn(tx, user, profile.provider, context), revoked: [] };
      }
      const existing = email ? await userByEmail(tx, email, { lock: true }) : null;
      if (existing) {
        if (!profile.emailVerified) throw new PitchsideError('auth:account-exists-with-different-credential');
        if (existing.disabled) throw new PitchsideError('auth:user-disabled');
        let revoked: string[] = [];
        if (!existing.email_verified) {
          // Whoever registered this address never proved they own it, and the provider says this person
          // does: the unproven password (and its sessions) must not keep a way into the account they now
          // share (the "pre-hijacking" attack).
          await tx.sql
            .updateTable('users')
            .set({ password_hash: null, email_verified: true })
            .where('id', '=', existing.id)
            .execute();
          revoked = await revokeSessions(tx, { userId: existing.id, reason: 'identity-linked' });
        }
        await insertIdentity(tx, existing.id, profile, email);
        await audit(tx, 'user.identity-linked', {
          userId: existing.id,
          ip: context.ip,
          userAgent: context.userAgent,
          detail: {
            provider: profile.provider,
            droppedUnverifiedPassword: revoked.length > 0 || !existing.email_verified,
          },
        });
        const user = (await userById(tx, existing.id))!;
        return { data: await this.issuer.signIn(tx, user, profile.provider, context), revoked };
      }
      const created = await tx.sql
        .insertInto('users')
        .values({
          email,
          display_name: profile.displayName,
          photo_url: profile.photoURL,
          email_verified: email !== null && profile.emailVerified,
          created_at: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertIdentity(tx, created.id, profile, email);
      await audit(tx, 'user.registered', {
        userId: created.id,
        ip: context.ip,
        userAgent: context.userAgent,
        detail: { provider: profile.provider },
      });
      return { data: await this.issuer.signIn(tx, created, profile.provider, context), revoked: [] };
    });
    await this.revocations.revoke(revoked);
    return data;
  };
}

async function insertIdentity(tx: Queryable, userId: string, profile: SocialProfile, email: string | null) {
  await tx.sql
    .insertInto('identities')
    .values({
      provider: profile.provider,
      subject: profile.subject,
      user_id: userId,
      email,
      display_name: profile.displayName,
      photo_url: profile.photoURL,
      created_at: new Date(),
    })
    .execute();
}
