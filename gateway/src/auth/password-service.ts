import type { z } from 'zod';
import type {
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  ResetPasswordBodySchema,
} from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Db } from '../db/db.ts';
import type { AccountMail, LinkBase } from './account-mail.ts';
import { consumeActionToken, issueActionToken, spendActionTokens } from './action-tokens.ts';
import { audit } from './audit-log.ts';
import type { AuthCounter } from './auth-throttle.ts';
import type { PasswordCheck } from './password-check.ts';
import type { AuthContext } from './require-user.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { revokeSessions } from './session-store.ts';
import type { RequestContext } from './social/social-profile.ts';
import { userByEmail, userById } from './user-rows.ts';

/** Passwords forgotten (a mailed link), reset with it, or changed from the account page. */
export class PasswordService {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordCheck,
    private readonly revocations: SessionRevocations,
    private readonly mail: AccountMail,
    private readonly resetTtlS: number,
  ) {}

  /** Always answers the same, at once; the mail (if the account exists) goes out afterwards. */
  async forgot(
    body: z.infer<typeof ForgotPasswordBodySchema>,
    context: RequestContext,
    linkBase: LinkBase,
  ): Promise<void> {
    const { throttle, limits } = this.passwords;
    const counters: AuthCounter[] = [
      ['account', body.email, limits.forgotPerAccount],
      ['ip', context.ip ?? 'unknown', limits.forgotPerIp],
    ];
    await throttle.consume('forgot', counters);
    this.mail.later(async () => {
      const user = await userByEmail(this.db, body.email);
      if (!user || user.disabled || !user.email) return;
      const token = await issueActionToken(this.db, {
        userId: user.id,
        purpose: 'reset-password',
        email: user.email,
        ttlS: this.resetTtlS,
      });
      await audit(this.db, 'user.password-reset-requested', {
        userId: user.id,
        ip: context.ip,
        userAgent: context.userAgent,
      });
      await this.mail.send('reset-password', user, body.language, linkBase, token);
    });
  }

  /** Sets the password from a mailed link; every session ends. The link proves the address, too. */
  async reset(body: z.infer<typeof ResetPasswordBodySchema>, context: RequestContext): Promise<void> {
    const { throttle, limits } = this.passwords;
    const counters: AuthCounter[] = [['ip', context.ip ?? 'unknown', limits.resetPerIp]];
    await throttle.check('reset', counters);
    const hash = await this.passwords.hashNew('password', body.password);
    const done = await this.db.transaction(async (tx) => {
      const spent = await consumeActionToken(tx, body.token, 'reset-password');
      if (!spent) return null;
      await tx.sql
        .updateTable('users')
        .set((eb) => ({
          password_hash: hash,
          // The link went to this address: it is proven now, unless the account changed address since.
          email_verified: eb
            .or([eb('email_verified', '=', true), eb('email', '=', spent.email)])
            .$castTo<boolean>(),
        }))
        .where('id', '=', spent.userId)
        .execute();
      await spendActionTokens(tx, spent.userId, 'reset-password');
      const revoked = await revokeSessions(tx, { userId: spent.userId, reason: 'password-reset' });
      await audit(tx, 'user.password-reset', {
        userId: spent.userId,
        ip: context.ip,
        userAgent: context.userAgent,
      });
      return revoked;
    });
    if (!done) {
      await throttle.hit('reset', counters);
      throw new PitchsideError('auth:expired-action-code');
    }
    await this.revocations.revoke(done);
  }

  /** Other sessions end; this one stays. A social-only account sets its first password without the current one. */
  async change(
    auth: AuthContext,
    body: z.infer<typeof ChangePasswordBodySchema>,
    context: RequestContext,
  ): Promise<void> {
    const user = await userById(this.db, auth.userId);
    if (!user) throw new PitchsideError('auth:session-revoked');
    await this.passwords.confirm(user, body.currentPassword, context);
    const hash = await this.passwords.hashNew('newPassword', body.newPassword);
    const revoked = await this.db.transaction(async (tx) => {
      await tx.sql.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
      await spendActionTokens(tx, user.id, 'reset-password');
      const revoked = await revokeSessions(tx, {
        userId: user.id,
        except: auth.sessionId,
        reason: 'password-changed',
      });
      await audit(tx, 'user.password-changed', {
        userId: user.id,
        sessionId: auth.sessionId,
        ip: context.ip,
      });
      return revoked;
    });
    await this.revocations.revoke(revoked);
  }
}
