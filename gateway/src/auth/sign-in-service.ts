import type { z } from 'zod';
import type { LoginBodySchema, LoginData, RegisterBodySchema } from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Db } from '../db/db.ts';
import { RetryAfterError } from '../rest/http-errors.ts';
import { mailLanguage } from '../mail/mail-messages.ts';
import type { AccountMail, LinkBase } from './account-mail.ts';
import { issueActionToken } from './action-tokens.ts';
import { audit } from './audit-log.ts';
import type { PasswordCheck } from './password-check.ts';
import type { SessionIssuer } from './session-issuer.ts';
import type { RequestContext } from './social/social-profile.ts';
import { userByEmail } from './user-rows.ts';

/** Registration and sign-in with an e-mail address and a password. */
export class SignInService {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordCheck,
    private readonly issuer: SessionIssuer,
    private readonly mail: AccountMail,
    private readonly verifyTtlS: number,
  ) {}

  /**
   * Creates the account and mails its verification link; for an address that has an account already, the
   * same answer after the same work, and its owner gets a mail instead ("someone tried to register with your
   * address"), so the answer never tells whether an address is registered. No session: the client signs in.
   * Throttled per address and over the whole site, every request counted.
   */
  async register(
    body: z.infer<typeof RegisterBodySchema>,
    context: RequestContext,
    linkBase: LinkBase,
  ): Promise<void> {
    const { throttle, limits } = this.passwords;
    // Reserved in order, so a request refused for its address does not count against the whole site.
    await throttle.reserve('register', [
      ['ip', context.ip ?? 'unknown', limits.registerPerIp],
      ['site', 'all', limits.registerOverall],
    ]);
    const hash = await this.passwords.hashNew('password', body.password);
    const created = await this.db.transaction(async (tx) => {
      const user = await tx.sql
        .insertInto('users')
        .values({
          email: body.email,
          password_hash: hash,
          display_name: body.displayName ?? null,
          language: mailLanguage(body.language),
          created_at: new Date(),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!user) return null;
      await audit(tx, 'user.registered', { userId: user.id, ip: context.ip, userAgent: context.userAgent });
      const verifyToken = await issueActionToken(tx, {
        userId: user.id,
        purpose: 'verify-email',
        email: body.email,
        ttlS: this.verifyTtlS,
      });
      return { user, verifyToken };
    });
    if (created) {
      this.mail.sendLater('verify-email', created.user, body.language, linkBase, created.verifyToken);
      return;
    }
    this.mail.later(async () => {
      const owner = await userByEmail(this.db, body.email);
      if (!owner) return;
      try {
        await throttle.consume('register-notice', [['account', body.email, limits.registerNoticePerAccount]]);
      } catch (error) {
        if (error instanceof RetryAfterError) return; // told often enough today
        throw error;
      }
      await audit(this.db, 'user.register-attempted', { userId: owner.id, ip: context.ip });
      await this.mail.send('register-existing', owner, body.language, linkBase, '');
    });
  }

  /**
   * The same answer, after the same work, for an unknown address and a wrong password. The attempt is
   * reserved before the password is checked, so a burst over the limit checks no more than the limit.
   */
  async login(
    body: z.infer<typeof LoginBodySchema>,
    context: RequestContext,
    options: { requireScope?: string } = {},
  ): Promise<LoginData> {
    const { hasher } = this.passwords;
    const ip = context.ip ?? 'unknown';
    await this.passwords.reserveSignIn(body.email, ip);
    const user = await userByEmail(this.db, body.email);
    const ok = user?.password_hash
      ? await hasher.verify(user.password_hash, body.password)
      : await hasher.verifyNothing(body.password);
    if (!user || !ok) {
      await audit(this.db, 'user.sign-in-failed', {
        userId: user?.id ?? null,
        ip,
        userAgent: context.userAgent,
      });
      throw new PitchsideError('auth:invalid-credential');
    }
    await this.passwords.signedIn(body.email, ip);
    if (user.disabled) throw new PitchsideError('auth:user-disabled');
    if (options.requireScope && !user.scope.includes(options.requireScope)) {
      throw new PitchsideError('auth:forbidden');
    }
    if (hasher.isOutdated(user.password_hash!)) {
      const rehashed = await hasher.hash(body.password);
      await this.db.sql
        .updateTable('users')
        .set({ password_hash: rehashed })
        .where('id', '=', user.id)
        .execute();
    }
    return this.db.transaction((tx) => this.issuer.signIn(tx, user, 'password', context));
  }
}
