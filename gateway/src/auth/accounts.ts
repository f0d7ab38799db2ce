import type { RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  checkPassword,
  DEFAULT_ACCESS_TOKEN_TTL_S,
  DEFAULT_PASSWORD_POLICY,
  DEFAULT_REFRESH_TOKEN_TTL_S,
  RECENT_LOGIN_MS,
  type AccountSession,
  type AdminUpdateUserBodySchema,
  type AdminUser,
  type AdminUsersQuerySchema,
  type AuthUser,
  type ChangePasswordBodySchema,
  type DeleteAccountBodySchema,
  type ForgotPasswordBodySchema,
  type LoginBodySchema,
  type LoginData,
  type PasswordPolicy,
  type ProviderId,
  type RegisterBodySchema,
  type ResetPasswordBodySchema,
  type UpdateAccountBodySchema,
} from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { Db, Queryable } from '../db/db.ts';
import { Mailer } from '../mail/mailer.ts';
import { accountMail, mailLanguage, type MailKind } from '../mail/mail-messages.ts';
import { consumeActionToken, issueActionToken, spendActionTokens } from './action-tokens.ts';
import { audit } from './audit-log.ts';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ISSUER,
  DEFAULT_MAIL_FROM,
  DEFAULT_RESET_TOKEN_TTL_S,
  DEFAULT_VERIFY_TOKEN_TTL_S,
  type AuthOptions,
} from './auth-options.ts';
import {
  AuthThrottle,
  DEFAULT_THROTTLE_LIMITS,
  type AuthCounter,
  type ThrottleLimits,
} from './auth-throttle.ts';
import { identitiesOf, toAdminUser, toAuthUser, USER_COLUMNS, type UserRow } from './auth-user.ts';
import { PasswordHasher } from './password-hasher.ts';
import type { AuthContext } from './require-user.ts';
import {
  createSession,
  liveSessions,
  recordRefreshToken,
  revokeSessions,
  sessionCreatedAt,
  spendRefreshToken,
} from './session-store.ts';
import { SessionRevocations } from './session-revocations.ts';
import type { CompleteSocialSignIn, RequestContext, SocialProfile } from './social/social-profile.ts';
import { TokenService } from './token-service.ts';

export interface AccountsDeps {
  db: Db;
  redis: RedisClient;
  keys: RedisKeys;
  logger: Logger;
}

/** Where links in mails point: the site's public origin (or the request's, when it can be trusted). */
export type LinkBase = string | null;

const MIN_SECRET_LENGTH = 32;

/** A password that breaks the policy: 400 with one issue per broken rule, coded for the form. */
const weakPassword = (field: string, rules: readonly string[]) =>
  new PitchsideError(
    'auth:weak-password',
    undefined,
    rules.map((code) => ({ path: field, message: 'The password does not meet the policy.', code })),
  );

/**
 * The account service: registration, sign-in with a password or a social profile, token rotation,
 * sessions, password reset and change, e-mail verification, account deletion and the admin's user list.
 * Routes parse and answer; this decides. Every secret it stores is hashed; every session it ends is also
 * marked in Redis so the session's access tokens stop working at once.
 */
export class Accounts {
  readonly tokens: TokenService;
  readonly revocations: SessionRevocations;
  readonly policy: PasswordPolicy;
  private readonly hasher = new PasswordHasher();
  private readonly throttle: AuthThrottle;
  private readonly limits: ThrottleLimits;
  private readonly mailer: Mailer;
  private readonly db: Db;
  private readonly logger: Logger;
  private readonly resetTtlS: number;
  private readonly verifyTtlS: number;
  /** Mails sent after the answer (so its timing tells nothing); close() waits for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(deps: AccountsDeps, options: AuthOptions) {
    if (options.secret.length < MIN_SECRET_LENGTH) {
      throw new Error(`The auth secret must be at least ${MIN_SECRET_LENGTH} characters long.`);
    }
    this.db = deps.db;
    this.logger = deps.logger;
    this.tokens = new TokenService({
      secret: options.secret,
      issuer: options.issuer ?? DEFAULT_ISSUER,
      audience: options.audience ?? DEFAULT_AUDIENCE,
      accessTtlS: options.accessTokenTtlS ?? DEFAULT_ACCESS_TOKEN_TTL_S,
      refreshTtlS: options.refreshTokenTtlS ?? DEFAULT_REFRESH_TOKEN_TTL_S,
    });
    this.revocations = new SessionRevocations(deps.redis, deps.keys, this.tokens.accessTtlS);
    this.policy = options.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
    this.throttle = new AuthThrottle(deps.redis, deps.keys);
    this.limits = { ...DEFAULT_THROTTLE_LIMITS, ...options.throttle };
    this.resetTtlS = options.resetTokenTtlS ?? DEFAULT_RESET_TOKEN_TTL_S;
    this.verifyTtlS = options.verifyTokenTtlS ?? DEFAULT_VERIFY_TOKEN_TTL_S;
    this.mailer = new Mailer(deps.db, {
      smtpUrl: options.smtpUrl,
      from: options.mailFrom ?? DEFAULT_MAIL_FROM,
      logger: deps.logger,
    });
  }

  // --- Signing in -------------------------------------------------------------------------------

  async register(
    body: z.infer<typeof RegisterBodySchema>,
    context: RequestContext,
    linkBase: LinkBase,
  ): Promise<LoginData> {
    const broken = checkPassword(this.policy, body.password);
    if (broken.length > 0) throw weakPassword('password', broken);
    const hash = await this.hasher.hash(body.password);
    const { data, verifyToken, user } = await this.db.transaction(async (tx) => {
      const [user] = await tx.query<UserRow>(
        `INSERT INTO users (email, password_hash, display_name, language) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
        [body.email, hash, body.displayName ?? null, mailLanguage(body.language)],
      );
      if (!user) throw new PitchsideError('auth:email-already-in-use');
      await audit(tx, 'user.registered', { userId: user.id, ip: context.ip, userAgent: context.userAgent });
      const verifyToken = await issueActionToken(tx, {
        userId: user.id,
        purpose: 'verify-email',
        email: body.email,
        ttlS: this.verifyTtlS,
      });
      return { data: await this.signIn(tx, user, 'password', context), verifyToken, user };
    });
    this.mailLater('verify-email', user, body.language, linkBase, verifyToken);
    return data;
  }

  /** The same answer, after the same work, for an unknown address and a wrong password. */
  async login(
    body: z.infer<typeof LoginBodySchema>,
    context: RequestContext,
    options: { requireScope?: string } = {},
  ): Promise<LoginData> {
    const ip = context.ip ?? 'unknown';
    const counters = [
      ['account', body.email, this.limits.loginPerAccount],
      ['ip', ip, this.limits.loginPerIp],
    ] as const satisfies readonly AuthCounter[];
    await this.throttle.check('login', counters);
    const user = await this.userByEmail(this.db, body.email);
    const ok = user?.password_hash
      ? await this.hasher.verify(user.password_hash, body.password)
      : await this.hasher.verifyNothing(body.password);
    if (!user || !ok) {
      await this.throttle.hit('login', counters);
      await audit(this.db, 'user.sign-in-failed', {
        userId: user?.id ?? null,
        ip,
        userAgent: context.userAgent,
      });
      throw new PitchsideError('auth:invalid-credential');
    }
    await this.throttle.clear('login', 'account', body.email);
    if (user.disabled) throw new PitchsideError('auth:user-disabled');
    if (options.requireScope && !user.scope.includes(options.requireScope)) {
      throw new PitchsideError('auth:forbidden');
    }
    if (this.hasher.isOutdated(user.password_hash!)) {
      await this.db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [
        user.id,
        await this.hasher.hash(body.password),
      ]);
    }
    return this.db.transaction((tx) => this.signIn(tx, user, 'password', context));
  }

  /**
   * The seam for social sign-in (auth/social/): the identity's account if there is one; else the account
   * with the provider-verified address, linked; else a new account. An address the provider did not verify
   * never reaches an existing account.
   */
  readonly completeSocialSignIn: CompleteSocialSignIn = async (profile, context) => {
    const email = profile.email?.trim().toLowerCase() || null;
    const { data, revoked } = await this.db.transaction(async (tx) => {
      const [identity] = await tx.query<{ user_id: string }>(
        `SELECT user_id FROM identities WHERE provider = $1 AND subject = $2 FOR UPDATE`,
        [profile.provider, profile.subject],
      );
      if (identity) {
        const user = await this.userById(tx, identity.user_id);
        if (!user) throw new PitchsideError('server:internal');
        if (user.disabled) throw new PitchsideError('auth:user-disabled');
        // Keep the provider's latest name, address and photo on the identity (providerData shows them).
        await tx.query(
          `UPDATE identities SET email = $3, display_name = $4, photo_url = $5 WHERE provider = $1 AND subject = $2`,
          [profile.provider, profile.subject, email, profile.displayName, profile.photoURL],
        );
        return { data: await this.signIn(tx, user, profile.provider, context), revoked: [] };
      }
      const existing = email ? await this.userByEmail(tx, email, { lock: true }) : null;
      if (existing) {
        if (!profile.emailVerified) throw new PitchsideError('auth:account-exists-with-different-credential');
        if (existing.disabled) throw new PitchsideError('auth:user-disabled');
        let revoked: string[] = [];
        if (!existing.email_verified) {
          // Whoever registered this address never proved they own it, and the provider says this person
          // does: the unproven password (and its sessions) must not keep a way into the account they now
          // share (the "pre-hijacking" attack).
          await tx.query(`UPDATE users SET password_hash = NULL, email_verified = true WHERE id = $1`, [
            existing.id,
          ]);
          revoked = await revokeSessions(tx, { userId: existing.id, reason: 'identity-linked' });
        }
        await this.insertIdentity(tx, existing.id, profile, email);
        await audit(tx, 'user.identity-linked', {
          userId: existing.id,
          ip: context.ip,
          userAgent: context.userAgent,
          detail: {
            provider: profile.provider,
            droppedUnverifiedPassword: revoked.length > 0 || !existing.email_verified,
          },
        });
        const user = (await this.userById(tx, existing.id))!;
        return { data: await this.signIn(tx, user, profile.provider, context), revoked };
      }
      const [created] = await tx.query<UserRow>(
        `INSERT INTO users (email, display_name, photo_url, email_verified) VALUES ($1, $2, $3, $4)
         RETURNING ${USER_COLUMNS}`,
        [email, profile.displayName, profile.photoURL, email !== null && profile.emailVerified],
      );
      await this.insertIdentity(tx, created!.id, profile, email);
      await audit(tx, 'user.registered', {
        userId: created!.id,
        ip: context.ip,
        userAgent: context.userAgent,
        detail: { provider: profile.provider },
      });
      return { data: await this.signIn(tx, created!, profile.provider, context), revoked: [] };
    });
    await this.revocations.revoke(revoked);
    return data;
  };

  /** Rotates the refresh token; a spent one coming back ends its whole family. */
  async refresh(refreshToken: string, context: RequestContext): Promise<LoginData> {
    const claims = await this.tokens.verifyRefresh(refreshToken);
    const result = await this.db.transaction(async (tx) => {
      const outcome = await spendRefreshToken(tx, {
        sessionId: claims.sessionId,
        jti: claims.jti,
        context,
        refreshTtlS: this.tokens.refreshTtlS,
      });
      if (outcome.kind === 'invalid') throw new PitchsideError('auth:refresh-invalid');
      if (outcome.kind === 'reused') {
        await audit(tx, 'session.refresh-reuse', {
          userId: outcome.userId,
          sessionId: claims.sessionId,
          ip: context.ip,
          userAgent: context.userAgent,
        });
        return null;
      }
      const user = await this.userById(tx, outcome.userId);
      if (!user) throw new PitchsideError('auth:refresh-invalid');
      if (user.disabled) throw new PitchsideError('auth:user-disabled');
      return this.issueTokens(tx, user, claims.sessionId);
    });
    if (!result) {
      await this.revocations.revoke([claims.sessionId]);
      throw new PitchsideError('auth:refresh-invalid');
    }
    return result;
  }

  async logout(auth: AuthContext, context: RequestContext): Promise<void> {
    const ids = await revokeSessions(this.db, {
      userId: auth.userId,
      only: auth.sessionId,
      reason: 'logout',
    });
    await this.revocations.revoke([auth.sessionId]);
    if (ids.length > 0)
      await audit(this.db, 'user.signed-out', {
        userId: auth.userId,
        sessionId: auth.sessionId,
        ip: context.ip,
      });
  }

  /** Every session of the user, this one too. */
  async logoutEverywhere(auth: AuthContext, context: RequestContext): Promise<void> {
    const ids = await revokeSessions(this.db, { userId: auth.userId, reason: 'logout-all' });
    await this.revocations.revoke([...ids, auth.sessionId]);
    await audit(this.db, 'user.signed-out-everywhere', {
      userId: auth.userId,
      sessionId: auth.sessionId,
      ip: context.ip,
      detail: { sessions: ids.length },
    });
  }

  // --- Password reset and e-mail verification ------------------------------------------------------

  /** Always answers the same, at once; the mail (if the account exists) goes out afterwards. */
  async forgotPassword(
    body: z.infer<typeof ForgotPasswordBodySchema>,
    context: RequestContext,
    linkBase: LinkBase,
  ): Promise<void> {
    const counters: AuthCounter[] = [
      ['account', body.email, this.limits.forgotPerAccount],
      ['ip', context.ip ?? 'unknown', this.limits.forgotPerIp],
    ];
    await this.throttle.consume('forgot', counters);
    this.later(async () => {
      const user = await this.userByEmail(this.db, body.email);
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
      await this.sendMail('reset-password', user, body.language, linkBase, token);
    });
  }

  /** Sets the password from a mailed link; every session ends. The link proves the address, too. */
  async resetPassword(body: z.infer<typeof ResetPasswordBodySchema>, context: RequestContext): Promise<void> {
    const counters: AuthCounter[] = [['ip', context.ip ?? 'unknown', this.limits.resetPerIp]];
    await this.throttle.check('reset', counters);
    const broken = checkPassword(this.policy, body.password);
    if (broken.length > 0) throw weakPassword('password', broken);
    const hash = await this.hasher.hash(body.password);
    const done = await this.db.transaction(async (tx) => {
      const spent = await consumeActionToken(tx, body.token, 'reset-password');
      if (!spent) return null;
      await tx.query(
        `UPDATE users SET password_hash = $2, email_verified = email_verified OR email = $3 WHERE id = $1`,
        [spent.userId, hash, spent.email],
      );
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
      await this.throttle.hit('reset', counters);
      throw new PitchsideError('auth:expired-action-code');
    }
    await this.revocations.revoke(done);
  }

  async verifyEmail(token: string, context: RequestContext): Promise<void> {
    const ok = await this.db.transaction(async (tx) => {
      const spent = await consumeActionToken(tx, token, 'verify-email');
      if (!spent) return false;
      // Only the address the mail went to: not one the account changed to since.
      const rows = await tx.query(
        `UPDATE users SET email_verified = true WHERE id = $1 AND email = $2 RETURNING id`,
        [spent.userId, spent.email],
      );
      if (rows.length > 0) await audit(tx, 'user.email-verified', { userId: spent.userId, ip: context.ip });
      return rows.length > 0;
    });
    if (!ok) throw new PitchsideError('auth:expired-action-code');
  }

  // --- The account page --------------------------------------------------------------------------

  async account(auth: AuthContext): Promise<AuthUser> {
    const user = await this.userById(this.db, auth.userId);
    if (!user) throw new PitchsideError('auth:session-revoked');
    return toAuthUser(user, await identitiesOf(this.db, [user.id]));
  }

  async updateAccount(auth: AuthContext, body: z.infer<typeof UpdateAccountBodySchema>): Promise<AuthUser> {
    const [user] = await this.db.query<UserRow>(
      `UPDATE users SET
         display_name = CASE WHEN $2 THEN $3 ELSE display_name END,
         photo_url = CASE WHEN $4 THEN $5 ELSE photo_url END
       WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [
        auth.userId,
        body.displayName !== undefined,
        body.displayName ?? null,
        body.photoURL !== undefined,
        body.photoURL ?? null,
      ],
    );
    if (!user) throw new PitchsideError('auth:session-revoked');
    return toAuthUser(user, await identitiesOf(this.db, [user.id]));
  }

  /** Other sessions end; this one stays. A social-only account sets its first password without the current one. */
  async changePassword(
    auth: AuthContext,
    body: z.infer<typeof ChangePasswordBodySchema>,
    context: RequestContext,
  ): Promise<void> {
    const user = await this.userById(this.db, auth.userId);
    if (!user) throw new PitchsideError('auth:session-revoked');
    await this.confirmPassword(user, body.currentPassword, context);
    const broken = checkPassword(this.policy, body.newPassword);
    if (broken.length > 0) throw weakPassword('newPassword', broken);
    const hash = await this.hasher.hash(body.newPassword);
    const revoked = await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, hash]);
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

  /** The user and everything of theirs (cascades); the audit log keeps the event without personal data. */
  async deleteAccount(
    auth: AuthContext,
    body: z.infer<typeof DeleteAccountBodySchema>,
    context: RequestContext,
  ): Promise<void> {
    const user = await this.userById(this.db, auth.userId);
    if (!user) throw new PitchsideError('auth:session-revoked');
    if (user.password_hash) {
      await this.confirmPassword(user, body.password, context);
    } else {
      const signedInAt = await sessionCreatedAt(this.db, auth.sessionId);
      if (!signedInAt || Date.now() - signedInAt.getTime() > RECENT_LOGIN_MS) {
        throw new PitchsideError('auth:requires-recent-login');
      }
    }
    const sessions = await this.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`,
        [user.id],
      );
      await tx.query(`DELETE FROM users WHERE id = $1`, [user.id]);
      await audit(tx, 'user.deleted');
      return rows.map((r) => r.id);
    });
    await this.revocations.revoke([...sessions, auth.sessionId]);
  }

  sessions(auth: AuthContext): Promise<AccountSession[]> {
    return liveSessions(this.db, auth.userId, auth.sessionId);
  }

  async revokeSession(auth: AuthContext, sessionId: string, context: RequestContext): Promise<void> {
    const ids = await revokeSessions(this.db, {
      userId: auth.userId,
      only: sessionId,
      reason: 'revoked-by-user',
    });
    if (ids.length === 0)
      throw new PitchsideError('resource:not-found', 'You have no live session with this id.');
    await this.revocations.revoke(ids);
    await audit(this.db, 'session.revoked', { userId: auth.userId, sessionId, ip: context.ip });
  }

  // --- Admin --------------------------------------------------------------------------------------

  async holdsScope(userId: string, scope: string): Promise<boolean> {
    const user = await this.userById(this.db, userId);
    return !!user && !user.disabled && user.scope.includes(scope);
  }

  async listUsers(
    query: z.infer<typeof AdminUsersQuerySchema>,
  ): Promise<{ users: AdminUser[]; total: number }> {
    // ILIKE wildcards in the query are matched literally.
    const pattern = query.query ? `%${query.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = `WHERE ($1::text IS NULL OR email ILIKE $1 OR display_name ILIKE $1)`;
    const users = await this.db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users ${where} ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [pattern, query.limit, query.offset],
    );
    const [count] = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM users ${where}`,
      [pattern],
    );
    const identities = await identitiesOf(
      this.db,
      users.map((u) => u.id),
    );
    return { users: users.map((u) => toAdminUser(u, identities)), total: count?.total ?? 0 };
  }

  /** Disabling a user ends their sessions at once. */
  async updateUser(
    actor: AuthContext,
    userId: string,
    body: z.infer<typeof AdminUpdateUserBodySchema>,
    context: RequestContext,
  ): Promise<AdminUser> {
    const { user, revoked } = await this.db.transaction(async (tx) => {
      const [user] = await tx.query<UserRow>(
        `UPDATE users SET disabled = coalesce($2, disabled), scope = coalesce($3::text[], scope)
         WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [userId, body.disabled ?? null, body.scope ? [...new Set(body.scope)] : null],
      );
      if (!user) throw new PitchsideError('resource:not-found', 'No user has this id.');
      const revoked = body.disabled ? await revokeSessions(tx, { userId, reason: 'disabled' }) : [];
      await audit(tx, 'user.updated-by-admin', {
        userId,
        ip: context.ip,
        detail: { by: actor.userId, disabled: body.disabled, scope: body.scope },
      });
      return { user, revoked };
    });
    await this.revocations.revoke(revoked);
    return toAdminUser(user, await identitiesOf(this.db, [user.id]));
  }

  /** Waits for mails still going out; the database is the caller's to close. */
  async close(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    this.mailer.close();
  }

  // --- Helpers ------------------------------------------------------------------------------------

  private async signIn(
    tx: Queryable,
    user: UserRow,
    provider: ProviderId,
    context: RequestContext,
  ): Promise<LoginData> {
    const sessionId = await createSession(tx, {
      userId: user.id,
      provider,
      context,
      refreshTtlS: this.tokens.refreshTtlS,
    });
    const [signedIn] = await tx.query<UserRow>(
      `UPDATE users SET last_sign_in_at = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [user.id, new Date()],
    );
    await audit(tx, 'user.signed-in', {
      userId: user.id,
      sessionId,
      ip: context.ip,
      userAgent: context.userAgent,
      detail: { provider },
    });
    return this.issueTokens(tx, signedIn!, sessionId);
  }

  private async issueTokens(tx: Queryable, user: UserRow, sessionId: string): Promise<LoginData> {
    const refresh = await this.tokens.signRefresh({ userId: user.id, sessionId });
    await recordRefreshToken(tx, sessionId, refresh.jti);
    const access = await this.tokens.signAccess({ userId: user.id, sessionId, scope: user.scope });
    return {
      ...toAuthUser(user, await identitiesOf(tx, [user.id])),
      token: {
        token_type: 'Bearer',
        access_token: access,
        refresh_token: refresh.token,
        expires_in: this.tokens.accessTtlS,
        refresh_expires_in: this.tokens.refreshTtlS,
      },
    };
  }

  /** Re-authentication for sensitive changes; wrong guesses count against the account like failed logins. */
  private async confirmPassword(
    user: UserRow,
    password: string | undefined,
    context: RequestContext,
  ): Promise<void> {
    if (!user.password_hash) return;
    const counters: AuthCounter[] = [
      ['account', user.email ?? user.id, this.limits.loginPerAccount],
      ['ip', context.ip ?? 'unknown', this.limits.loginPerIp],
    ];
    await this.throttle.check('login', counters);
    if (password === undefined || !(await this.hasher.verify(user.password_hash, password))) {
      await this.throttle.hit('login', counters);
      throw new PitchsideError('auth:wrong-password');
    }
  }

  private async insertIdentity(tx: Queryable, userId: string, profile: SocialProfile, email: string | null) {
    await tx.query(
      `INSERT INTO identities (provider, subject, user_id, email, display_name, photo_url) VALUES ($1, $2, $3, $4, $5, $6)`,
      [profile.provider, profile.subject, userId, email, profile.displayName, profile.photoURL],
    );
  }

  private async userById(db: Queryable, id: string): Promise<UserRow | null> {
    const [user] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return user ?? null;
  }

  private async userByEmail(
    db: Queryable,
    email: string,
    options: { lock?: boolean } = {},
  ): Promise<UserRow | null> {
    const [user] = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE email = $1${options.lock ? ' FOR UPDATE' : ''}`,
      [email],
    );
    return user ?? null;
  }

  private mailLater(
    kind: MailKind,
    user: UserRow,
    language: string | undefined,
    linkBase: LinkBase,
    token: string,
  ) {
    this.later(() => this.sendMail(kind, user, language, linkBase, token));
  }

  private later(work: () => Promise<void>): void {
    const task = work()
      .catch((err: unknown) => this.logger.error({ err }, 'account mail failed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  private async sendMail(
    kind: MailKind,
    user: UserRow,
    language: string | undefined,
    linkBase: LinkBase,
    token: string,
  ): Promise<void> {
    if (!user.email) return;
    if (!linkBase) {
      // A link built from an untrusted Host header would send the token to whoever forged it.
      this.logger.error({ kind }, 'no trusted origin for the mail link: set PUBLIC_BASE_URL; mail not sent');
      return;
    }
    const lang = mailLanguage(language ?? user.language);
    const link =
      kind === 'reset-password'
        ? `${linkBase}/${lang}/auth/reset-password?token=${encodeURIComponent(token)}`
        : `${linkBase}/${lang}/account?verify=${encodeURIComponent(token)}`;
    const { subject, text } = accountMail(kind, lang, link);
    await this.mailer.send({ kind, to: user.email, subject, text, link, userId: user.id });
  }
}
