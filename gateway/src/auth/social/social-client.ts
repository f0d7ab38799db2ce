import * as oidc from 'openid-client';
import type { SocialProvider } from '@pitchside/shared/auth';
import { facebookProfile } from './facebook-profile.ts';
import { githubProfile } from './github-profile.ts';
import { googleProfile } from './google-profile.ts';
import type { OAuth2ProviderConfig, OidcProviderConfig, SocialProviderConfig } from './social-config.ts';
import type { SocialProfile } from './social-profile.ts';
import { twitterProfile } from './twitter-profile.ts';

/** What the start of a sign-in sends the provider; the verifier itself stays on the server. */
export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  nonce?: string;
}

/** What the callback must match: the values the start stored for this browser. */
export interface CallbackChecks {
  state: string;
  codeVerifier: string;
  nonce?: string;
}

/** One configured provider, seen the same way whether it speaks OpenID Connect or plain OAuth 2.0. */
export interface SocialClient {
  readonly id: SocialProvider;
  readonly name: string;
  /** OpenID Connect providers also get a nonce, which comes back inside the ID token. */
  readonly usesNonce: boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /**
   * Validates the provider's answer (state, issuer), redeems the code with the PKCE verifier and reads who
   * signed in. `callbackUrl` is the redirect URI used at the start with the answer's query appended.
   */
  profile(callbackUrl: URL, checks: CallbackChecks): Promise<SocialProfile>;
}

/** Seconds a call to a provider may take before the sign-in fails (openid-client's default is 30). */
const PROVIDER_TIMEOUT_S = 10;

const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email profile',
  github: 'read:user user:email',
  facebook: 'email public_profile',
  // X grants users.read only together with tweet.read (developer.x.com, "OAuth 2.0 scopes").
  twitter: 'users.read tweet.read',
};

/**
 * How each provider wants the client secret: in the token request's body for GitHub and Facebook (the only
 * way their docs describe), in an Authorization Basic header for X (which requires it for confidential
 * clients) and for OpenID providers (client_secret_basic is the OpenID default every provider supports).
 */
const clientAuth = (config: SocialProviderConfig): oidc.ClientAuth =>
  config.id === 'github' || config.id === 'facebook'
    ? oidc.ClientSecretPost(config.clientSecret)
    : oidc.ClientSecretBasic(config.clientSecret);

const isPlainHttp = (url: string) => new URL(url).protocol === 'http:';

export function createSocialClient(config: SocialProviderConfig): SocialClient {
  const configuration = config.id === 'google' ? discovered(config) : fixed(config);
  const usesNonce = config.id === 'google';
  return {
    id: config.id,
    name: config.name,
    usesNonce,
    async authorizationUrl({ redirectUri, state, codeChallenge, nonce }) {
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: SCOPES[config.id],
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      };
      if (nonce) parameters.nonce = nonce;
      return oidc.buildAuthorizationUrl(await configuration(), parameters);
    },
    async profile(callbackUrl, checks) {
      const server = await configuration();
      const tokens = await oidc.authorizationCodeGrant(server, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
        ...(usesNonce ? { expectedNonce: checks.nonce } : {}),
      });
      switch (config.id) {
        case 'google':
          return googleProfile(server, tokens);
        case 'github':
          return githubProfile(server, tokens.access_token, config.apiUrl);
        case 'facebook':
          return facebookProfile(server, tokens.access_token, config.apiUrl, config.clientSecret);
        case 'twitter':
          return twitterProfile(server, tokens.access_token, config.apiUrl);
      }
    },
  };
}

/**
 * An OpenID provider's endpoints and keys come from its discovery document, fetched on first use rather than
 * at start-up so that a provider being down never stops the gateway from starting. A failed discovery is
 * forgotten, so the next sign-in tries again.
 */
function discovered(config: OidcProviderConfig): () => Promise<oidc.Configuration> {
  let pending: Promise<oidc.Configuration> | undefined;
  return () => {
    pending ??= oidc
      .discovery(new URL(config.issuer), config.clientId, undefined, clientAuth(config), {
        // Only a loopback issuer passes config validation over plain http (tests, local development).
        execute: isPlainHttp(config.issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_S,
      })
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}

/** GitHub, Facebook and X publish no discovery document: their endpoints are configured. */
function fixed(config: OAuth2ProviderConfig): () => Promise<oidc.Configuration> {
  const configuration = new oidc.Configuration(
    {
      // Used only to check an `iss` in the answer, which none of these providers sends.
      issuer: new URL(config.authorizationEndpoint).origin,
      authorization_endpoint: config.authorizationEndpoint,
      token_endpoint: config.tokenEndpoint,
    },
    config.clientId,
    undefined,
    clientAuth(config),
  );
  configuration.timeout = PROVIDER_TIMEOUT_S;
  const endpoints = [config.authorizationEndpoint, config.tokenEndpoint, config.apiUrl];
  if (endpoints.some(isPlainHttp)) oidc.allowInsecureRequests(configuration);
  return () => Promise.resolve(configuration);
}
