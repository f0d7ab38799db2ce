import type { Logger } from 'pino';
import {
  DEFAULT_ACCESS_TOKEN_TTL_S,
  DEFAULT_PASSWORD_POLICY,
  DEFAULT_REFRESH_TOKEN_TTL_S,
  type PasswordPolicy,
} from '@pitchside/shared/auth';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { Db } from '../db/db.ts';
import type { RedisClient } from '../lib/redis-client.ts';
import { AccountMail } from './account-mail.ts';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ISSUER,
  DEFAULT_RESET_TOKEN_TTL_S,
  DEFAULT_VERIFY_TOKEN_TTL_S,
  type AuthOptions,
} from './auth-options.ts';
import { AuthThrottle, DEFAULT_THROTTLE_LIMITS } from './auth-throttle.ts';
import { PasswordCheck } from './password-check.ts';
import { PasswordHasher } from './password-hasher.ts';
import { PasswordService } from './password-service.ts';
import { ProfileService } from './profile-service.ts';
import { SessionIssuer } from './session-issuer.ts';
import { SessionRevocations } from './session-revocations.ts';
import { SessionService } from './session-service.ts';
import { SignInService } from './sign-in-service.ts';
import type { CompleteSocialSignIn } from './social/social-profile.ts';
import { SocialSignIn } from './social-sign-in.ts';
import { TokenService } from './token-service.ts';
import { UserAdmin } from './user-admin.ts';

export type { LinkBase } from './account-mail.ts';

export interface AccountsDeps {
  db: Db;
  redis: RedisClient;
  keys: RedisKeys;
  logger: Logger;
}

const MIN_SECRET_LENGTH = 32;

/**
 * The accounts, one service per responsibility, built once from the options: sign-in with a password
 * (signIn) or a social identity (social), sessions and token rotation (sessions), passwords forgotten,
 * reset and changed (passwords), the account page (profile) and the operators' user management (users).
 * Routes parse and answer; these decide. Every secret stored is hashed; every session ended is also marked
 * in Redis (revocations) so its access tokens stop working at once.
 */
export class Accounts {
  readonly tokens: TokenService;
  readonly revocations: SessionRevocations;
  readonly policy: PasswordPolicy;
  readonly signIn: SignInService;
  readonly social: SocialSignIn;
  readonly sessions: SessionService;
  readonly passwords: PasswordService;
  readonly profile: ProfileService;
  readonly users: UserAdmin;
  private readonly mail: AccountMail;

  constructor(deps: AccountsDeps, options: AuthOptions) {
    if (options.secret.length < MIN_SECRET_LENGTH) {
      throw new Error(`The auth secret must be at least ${MIN_SECRET_LENGTH} characters long.`);
    }
    const { db } = deps;
    this.tokens = new TokenService({
      secret: options.secret,
      issuer: options.issuer ?? DEFAULT_ISSUER,
      audience: options.audience ?? DEFAULT_AUDIENCE,
      accessTtlS: options.accessTokenTtlS ?? DEFAULT_ACCESS_TOKEN_TTL_S,
      refreshTtlS: options.refreshTokenTtlS ?? DEFAULT_REFRESH_TOKEN_TTL_S,
    });
    this.revocations = new SessionRevocations(db, deps.redis, deps.keys, this.tokens.accessTtlS, deps.logger);
    this.policy = options.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
    const check = new PasswordCheck(
      this.policy,
      new PasswordHasher(),
      new AuthThrottle(deps.redis, deps.keys),
      { ...DEFAULT_THROTTLE_LIMITS, ...options.throttle },
    );
    const issuer = new SessionIssuer(this.tokens);
    this.mail = new AccountMail(db, options, deps.logger);
    const verifyTtlS = options.verifyTokenTtlS ?? DEFAULT_VERIFY_TOKEN_TTL_S;
    const resetTtlS = options.resetTokenTtlS ?? DEFAULT_RESET_TOKEN_TTL_S;
    this.signIn = new SignInService(db, check, issuer, this.mail, verifyTtlS);
    this.social = new SocialSignIn(db, issuer, this.revocations);
    this.sessions = new SessionService(db, issuer, this.revocations);
    this.passwords = new PasswordService(db, check, this.revocations, this.mail, resetTtlS);
    this.profile = new ProfileService(db, check, this.revocations);
    this.users = new UserAdmin(db, this.revocations);
  }

  /** The seam for social sign-in (auth/social/ builds the profile; social-sign-in.ts decides). */
  get completeSocialSignIn(): CompleteSocialSignIn {
    return this.social.complete;
  }

  /** Whether the user holds `scope` now (admin routes, the operators' namespace and queue board). */
  holdsScope = (userId: string, scope: string): Promise<boolean> => this.users.holdsScope(userId, scope);

  /** Waits for mails still going out; the database is the caller's to close. */
  async close(): Promise<void> {
    await this.mail.close();
  }
}
