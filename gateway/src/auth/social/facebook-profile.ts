import { createHmac } from 'node:crypto';
import type * as oidc from 'openid-client';
import { z } from 'zod';
import { cleanDisplayName, cleanEmail, cleanPhotoUrl } from './profile-fields.ts';
import { fetchProfileJson } from './profile-request.ts';
import type { SocialProfile } from './social-profile.ts';

const MeSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  email: z.string().nullish(),
  picture: z.object({ data: z.object({ url: z.string().nullish() }).nullish() }).nullish(),
});

/**
 * Who signed in with Facebook: Graph /me. The call carries `appsecret_proof` (HMAC of the token with the
 * app secret), which Facebook requires when the app enables "Require App Secret" and which makes a stolen
 * token useless to anyone without the secret.
 *
 * Facebook does not say whether the address was confirmed (a phone-registered account can carry an
 * unconfirmed one), so it is never treated as verified: it fills in a new account but links to no
 * existing one, as Firebase Auth does for Facebook.
 */
export async function facebookProfile(
  config: oidc.Configuration,
  accessToken: string,
  apiUrl: string,
  appSecret: string,
): Promise<SocialProfile> {
  const url = new URL(`${apiUrl}/me`);
  url.searchParams.set('fields', 'id,name,email,picture.type(large)');
  url.searchParams.set('appsecret_proof', createHmac('sha256', appSecret).update(accessToken).digest('hex'));
  const me = await fetchProfileJson(config, accessToken, url, MeSchema);
  return {
    provider: 'facebook',
    subject: me.id,
    email: cleanEmail(me.email),
    emailVerified: false,
    displayName: cleanDisplayName(me.name),
    photoURL: cleanPhotoUrl(me.picture?.data?.url),
  };
}
