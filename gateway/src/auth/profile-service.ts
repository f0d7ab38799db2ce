import type { z } from 'zod';
import {
  RECENT_LOGIN_MS,
  type AuthUser,
  type DeleteAccountBodySchema,
  type UpdateAccountBodySchema,
} from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Db } from '../db/db.ts';
import { consumeActionToken } from './action-tokens.ts';
import { audit } from './audit-log.ts';
import { toAuthUser } from './auth-user.ts';
import type { PasswordCheck } from './password-check.ts';
import type { AuthContext } from './require-user.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { sessionCreatedAt } from './session-store.ts';
import type { RequestContext } from './social/social-profile.ts';
import { identitiesOf, userById } from './user-rows.ts';

/** The account page: the profile, its address proven by a mailed link, the account deleted. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordCheck,
    private readonly revocations: SessionRevocations,
  ) {}

  async get(auth: AuthContext): Promise<AuthUser> {
    const user = await userById(this.db, auth.userId);
    if (!user) throw new PitchsideError('auth:session-revoked');
    return toAuthUser(user, await identitiesOf(this.db, [user.id]));
  }

  async update(auth: AuthContext, body: z.infer<typeof UpdateAccountBodySchema>): Promise<AuthUser> {
    const user = await this.db.sql
      .updateTable('users')
      .set({
        ...(body.displayName !== undefined && { display_name: body.displayName }),
        ...(body.photoURL !== undefined && { photo_url: body.photoURL }),
      })
      // An empty SET is not SQL: touch a column with itself when the body changes nothing.
      .$if(body.displayName === undefined && body.photoURL === undefined, (q) =>
        q.set((eb) => ({ display_name: eb.ref('display_name') })),
      )
      .where('id', '=', auth.userId)
      .returningAll()
      .executeTakeFirst();
    if (!user) throw new PitchsideError('auth:session-revoked');
    return toAuthUser(user, await identitiesOf(this.db, [user.id]));
  }

  async verifyEmail(token: string, context: RequestContext): Promise<void> {
    const ok = await this.db.transaction(async (tx) => {
      const spent = await consumeActionToken(tx, token, 'verify-email');
      if (!spent) return false;
      // Only the address the mail went to: not one the account changed to since.
      const rows = await tx.sql
        .updateTable('users')
        .set({ email_verified: true })
        .where('id', '=', spent.userId)
        .where('email', '=', spent.email)
        .returning('id')
        .execute();
      if (rows.length > 0) await audit(tx, 'user.email-verified', { userId: spent.userId, ip: context.ip });
      return rows.length > 0;
    });
    if (!ok) throw new PitchsideError('auth:expired-action-code');
  }

  /** The user and everything of theirs (cascades); the audit log keeps the event without personal data. */
  async delete(
    auth: AuthContext,
    body: z.infer<typeof DeleteAccountBodySchema>,
    context: RequestContext,
  ): Promise<void> {
    const user = await userById(this.db, auth.userId);
    if (!user) throw new PitchsideError('auth:session-revoked');
    if (user.password_hash) {
      await this.passwords.confirm(user, body.password, context);
    } else {
      const signedInAt = await sessionCreatedAt(this.db, auth.sessionId);
      if (!signedInAt || Date.now() - signedInAt.getTime() > RECENT_LOGIN_MS) {
        throw new PitchsideError('auth:requires-recent-login');
      }
    }
    const sessions = await this.db.transaction(async (tx) => {
      const rows = await tx.sql
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute();
      await tx.sql.deleteFrom('users').where('id', '=', user.id).execute();
      await audit(tx, 'user.deleted');
      return rows.map((r) => r.id);
    });
    await this.revocations.revoke([...sessions, auth.sessionId]);
  }
}
