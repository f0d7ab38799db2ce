import type { Router } from 'express';
import type { RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import type { PasswordPolicy, SocialProvider } from '@pitchside/shared/auth';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { CompleteSocialSignIn } from './social/social-profile.ts';
import type { ThrottleLimits } from './auth-throttle.ts';

/** What extra routers under /api/auth (the social sign-in) get to work with. */
export interface AuthRouteContext {
  /** Signs a social profile in: find, link by verified e-mail, or create the account. */
  completeSocialSignIn: CompleteSocialSignIn;
  redis: RedisClient;
  keys: RedisKeys;
  logger: Logger;
  /** The site's public origin when configured (else build links from the request). */
  publicBaseUrl?: string;
}

/** The accounts' configuration (createApp's `options.auth`); index.ts fills it from the environment. */
export interface AuthOptions {
  /** Signs every token (HKDF derives the keys): at least 32 characters, the same on every gateway. */
  secret: string;
  /** `iss` and `aud` of every token. */
  issuer?: string;
  audience?: string;
  accessTokenTtlS?: number;
  refreshTokenTtlS?: number;
  passwordPolicy?: PasswordPolicy;
  /** How long a password-reset link / an e-mail verification link stays good. */
  resetTokenTtlS?: number;
  verifyTokenTtlS?: number;
  throttle?: Partial<ThrottleLimits>;
  /** Mails go out over this SMTP server (nodemailer URL); without it they stay in the outbox and their link is logged. */
  smtpUrl?: string;
  mailFrom?: string;
  /** GET /api/auth/providers answers these, in this order (the social sign-in supplies them). */
  providers?: readonly { id: SocialProvider; name: string }[];
  /**
   * Routers mounted under /api/auth before the accounts' own routes, each built once with the context: the
   * social sign-in plugs in here (`routers: [(ctx) => socialRoutes(ctx, config)]`).
   */
  routers?: readonly ((context: AuthRouteContext) => Router)[];
}

export const DEFAULT_ISSUER = 'pitchside';
export const DEFAULT_AUDIENCE = 'pitchside-web';
export const DEFAULT_RESET_TOKEN_TTL_S = 3600;
export const DEFAULT_VERIFY_TOKEN_TTL_S = 3 * 86_400;
export const DEFAULT_MAIL_FROM = 'Pitchside <no-reply@pitchside.invalid>';
