import type * as oidc from 'openid-client';
import { z } from 'zod';
import { cleanDisplayName, cleanEmail, cleanPhotoUrl } from './profile-fields.ts';
import { fetchProfileJson } from './profile-request.ts';
import type { SocialProfile } from './social-profile.ts';

const UserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const EmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/** GitHub's REST API version the shapes above were read from (docs.github.com, "API Versions"). */
const GITHUB_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

/**
 * Who signed in with GitHub: /user for the id, name and avatar, /user/emails for the primary address and
 * whether GitHub verified it. /user's own `email` is the public one the user chose to show, which may be
 * any of their addresses, verified or not, so it is not used.
 */
export async function githubProfile(
  config: oidc.Configuration,
  accessToken: string,
  apiUrl: string,
): Promise<SocialProfile> {
  const user = await fetchProfileJson(
    config,
    accessToken,
    new URL(`${apiUrl}/user`),
    UserSchema,
    GITHUB_HEADERS,
  );
  const emails = await fetchProfileJson(
    config,
    accessToken,
    new URL(`${apiUrl}/user/emails`),
    EmailsSchema,
    GITHUB_HEADERS,
  );
  const primary = emails.find((e) => e.primary);
  const email = cleanEmail(primary?.email);
  return {
    provider: 'github',
    subject: String(user.id),
    email,
    emailVerified: email !== null && primary?.verified === true,
    displayName: cleanDisplayName(user.name) ?? cleanDisplayName(user.login),
    photoURL: cleanPhotoUrl(user.avatar_url),
  };
}
