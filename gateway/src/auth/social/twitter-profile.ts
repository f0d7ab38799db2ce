import type * as oidc from 'openid-client';
import { z } from 'zod';
import { cleanDisplayName, cleanPhotoUrl } from './profile-fields.ts';
import { fetchProfileJson } from './profile-request.ts';
import type { SocialProfile } from './social-profile.ts';

const MeSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    name: z.string().nullish(),
    username: z.string().nullish(),
    profile_image_url: z.string().nullish(),
  }),
});

/** Who signed in with X: /2/users/me. X's OAuth 2.0 API shares no e-mail address, so there is none. */
export async function twitterProfile(
  config: oidc.Configuration,
  accessToken: string,
  apiUrl: string,
): Promise<SocialProfile> {
  const url = new URL(`${apiUrl}/2/users/me`);
  url.searchParams.set('user.fields', 'profile_image_url');
  const { data } = await fetchProfileJson(config, accessToken, url, MeSchema);
  return {
    provider: 'twitter',
    subject: data.id,
    email: null,
    emailVerified: false,
    displayName: cleanDisplayName(data.name) ?? cleanDisplayName(data.username),
    photoURL: cleanPhotoUrl(data.profile_image_url),
  };
}
