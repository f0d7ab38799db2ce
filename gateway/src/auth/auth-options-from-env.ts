import type { GatewayEnv } from '../config/env.ts';
import type { AuthOptions } from './auth-options.ts';

/** The accounts' options from the validated environment (index.ts adds the secret and the social seam). */
export const authOptionsFromEnv = (env: GatewayEnv, secret: string): AuthOptions => ({
  secret,
  accessTokenTtlS: env.ACCESS_TOKEN_TTL_S,
  refreshTokenTtlS: env.REFRESH_TOKEN_TTL_S,
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  passwordPolicy: {
    minLength: env.PASSWORD_MIN_LENGTH,
    ...(env.PASSWORD_MAX_LENGTH ? { maxLength: env.PASSWORD_MAX_LENGTH } : {}),
    requireLowercase: env.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: env.PASSWORD_REQUIRE_UPPERCASE,
    requireDigit: env.PASSWORD_REQUIRE_DIGIT,
    requireNonAlphanumeric: env.PASSWORD_REQUIRE_NON_ALPHANUMERIC,
  },
});
