import { z } from 'zod';
import type { SocialProvider } from '@pitchside/shared/auth';

/** Google speaks OpenID Connect: everything else is discovered from its issuer. */
export interface OidcProviderConfig {
  id: 'google';
  name: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** GitHub, Facebook and X speak plain OAuth 2.0: fixed endpoints and a profile API. */
export interface OAuth2ProviderConfig {
  id: Exclude<SocialProvider, 'google'>;
  name: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Where the profile calls go (`/user`, `/me`, `/2/users/me` are appended). */
  apiUrl: string;
}

export type SocialProviderConfig = OidcProviderConfig | OAuth2ProviderConfig;

/** The providers' public endpoints; each can be overridden for a test or a self-hosted look-alike. */
const DEFAULTS = {
  google: { name: 'Google', issuer: 'https://accounts.google.com' },
  github: {
    name: 'GitHub',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    apiUrl: 'https://api.github.com',
  },
  facebook: {
    name: 'Facebook',
    authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    apiUrl: 'https://graph.facebook.com/v21.0',
  },
  twitter: {
    name: 'X',
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    apiUrl: 'https://api.x.com',
  },
} as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Tokens and secrets travel to these addresses, so they must be https; plain http is allowed on the
 * loopback only, where the tests run their own provider.
 */
export const isAllowedEndpoint = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
};

const Endpoint = z
  .url()
  .refine(isAllowedEndpoint, 'must be https (http only on 127.0.0.1 or localhost)')
  .transform((u) => u.replace(/\/+$/, ''))
  .optional();
const Secret = z.string().trim().min(1).optional();

const SocialEnvSchema = z
  .object({
    GOOGLE_CLIENT_ID: Secret,
    GOOGLE_CLIENT_SECRET: Secret,
    /** An OpenID issuer to use instead of Google's (tests, a self-hosted identity provider). */
    GOOGLE_ISSUER: Endpoint,
    GITHUB_CLIENT_ID: Secret,
    GITHUB_CLIENT_SECRET: Secret,
    GITHUB_AUTHORIZATION_URL: Endpoint,
    GITHUB_TOKEN_URL: Endpoint,
    GITHUB_API_URL: Endpoint,
    FACEBOOK_CLIENT_ID: Secret,
    FACEBOOK_CLIENT_SECRET: Secret,
    FACEBOOK_AUTHORIZATION_URL: Endpoint,
    FACEBOOK_TOKEN_URL: Endpoint,
    FACEBOOK_API_URL: Endpoint,
    TWITTER_CLIENT_ID: Secret,
    TWITTER_CLIENT_SECRET: Secret,
    TWITTER_AUTHORIZATION_URL: Endpoint,
    TWITTER_TOKEN_URL: Endpoint,
    TWITTER_API_URL: Endpoint,
  })
  .superRefine((env, ctx) => {
    // Half a configuration is a mistake worth failing on: the provider would silently stay hidden.
    for (const p of ['GOOGLE', 'GITHUB', 'FACEBOOK', 'TWITTER'] as const) {
      const id = env[`${p}_CLIENT_ID`];
      const secret = env[`${p}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        const missing = id ? `${p}_CLIENT_SECRET` : `${p}_CLIENT_ID`;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `set together with the other ${p}_ variable`,
        });
      }
    }
  });
export type SocialEnv = z.infer<typeof SocialEnvSchema>;

/**
 * The social providers this gateway offers, from its environment: a provider appears only when both its
 * client id and secret are set. Throws one error listing every bad variable, like readEnv.
 */
export function readSocialProviders(source: Record<string, string | undefined>): SocialProviderConfig[] {
  const parsed = SocialEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`gateway: bad social sign-in configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const providers: SocialProviderConfig[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      name: DEFAULTS.google.name,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      issuer: env.GOOGLE_ISSUER ?? DEFAULTS.google.issuer,
    });
  }
  const oauth2 = [
    ['github', 'GITHUB'],
    ['facebook', 'FACEBOOK'],
    ['twitter', 'TWITTER'],
  ] as const;
  for (const [id, p] of oauth2) {
    const clientId = env[`${p}_CLIENT_ID`];
    const clientSecret = env[`${p}_CLIENT_SECRET`];
    if (!clientId || !clientSecret) continue;
    const defaults = DEFAULTS[id];
    providers.push({
      id,
      name: defaults.name,
      clientId,
      clientSecret,
      authorizationEndpoint: env[`${p}_AUTHORIZATION_URL`] ?? defaults.authorizationEndpoint,
      tokenEndpoint: env[`${p}_TOKEN_URL`] ?? defaults.tokenEndpoint,
      apiUrl: env[`${p}_API_URL`] ?? defaults.apiUrl,
    });
  }
  return providers;
}
