import type { LoginData, SocialProvider } from '@pitchside/shared/auth';

/**
 * What a social provider told us about the person signing in, normalised across Google, GitHub, Facebook
 * and X. The social flow (auth/social/) produces it; the account service (auth/accounts.ts) turns it into
 * a signed-in session, linking to an existing account only by a verified e-mail address.
 */
export interface SocialProfile {
  provider: SocialProvider;
  /** The provider's stable id for the person (OIDC `sub`, GitHub's numeric id, ...). */
  subject: string;
  /** Null when the provider shares none (X without the e-mail permission, a GitHub user hiding it). */
  email: string | null;
  /** Only a provider-verified address links to an existing account. */
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
}

/** Where a request came from, recorded on the session (the account page lists sessions by it). */
export interface RequestContext {
  userAgent: string | null;
  ip: string | null;
}

/**
 * The seam between the social flow and the accounts: signs the person in (creating or linking the account)
 * and answers what POST /auth/login answers. Errors are PitchsideErrors with auth:* codes
 * (auth:user-disabled, auth:account-exists-with-different-credential).
 */
export type CompleteSocialSignIn = (profile: SocialProfile, context: RequestContext) => Promise<LoginData>;
