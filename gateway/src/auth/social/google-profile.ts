import * as oidc from 'openid-client';
import { z } from 'zod';
import { PitchsideError } from '@pitchside/shared/errors';
import { cleanDisplayName, cleanEmail, cleanPhotoUrl } from './profile-fields.ts';
import type { SocialProfile } from './social-profile.ts';

type Tokens = Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  // Google has been seen to send the string "true"; anything but a clear yes is a no.
  email_verified: z.union([z.boolean(), z.string().transform((v) => v === 'true')]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

/**
 * Who signed in with Google (or any OpenID provider): the ID token's claims, which openid-client has checked
 * (issuer, audience, expiry, nonce), completed by the UserInfo endpoint. Providers that follow the spec to
 * the letter put e-mail and name only in UserInfo; its `sub` must match the ID token's.
 */
export async function googleProfile(config: oidc.Configuration, tokens: Tokens): Promise<SocialProfile> {
  const idToken = tokens.claims();
  if (!idToken) throw new PitchsideError('auth:provider-failed', 'no ID token in the token answer');
  let claims: Record<string, unknown> = { ...idToken };
  if (config.serverMetadata().userinfo_endpoint) {
    const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    claims = { ...claims, ...userInfo };
  }
  const parsed = ClaimsSchema.safeParse(claims);
  if (!parsed.success) throw new PitchsideError('auth:provider-failed', 'unexpected ID token claims');
  const email = cleanEmail(parsed.data.email);
  return {
    provider: 'google',
    subject: parsed.data.sub,
    email,
    emailVerified: email !== null && parsed.data.email_verified === true,
    displayName: cleanDisplayName(parsed.data.name),
    photoURL: cleanPhotoUrl(parsed.data.picture),
  };
}
