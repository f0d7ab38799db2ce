import { LANGUAGES } from '@pitchside/shared/constants';
import { apiClient } from '@pitchside/test-support/auth-api';
import type { Stack } from '@pitchside/test-support/stack';
import { newEmail, PASSWORD } from './accounts.ts';

/**
 * A fresh account (password `PASSWORD`) given the `admin` scope, as `npm run admin:create` does: its
 * e-mail, for a test that signs in through /cms/login itself.
 */
export async function newAdmin(stack: Stack, name = 'operator'): Promise<string> {
  const email = newEmail(name);
  await apiClient(stack.url).register(email, PASSWORD);
  await stack.db.query(`UPDATE users SET scope = array_append(scope, 'admin') WHERE email = $1`, [email]);
  return email;
}

/**
 * An operator for browser tests that need content: a new admin (`newAdmin`), signed in after so the
 * scope is in the token, and its admin calls.
 */
export function operator(stack: Stack) {
  let token: Promise<string> | null = null;
  const signIn = async (): Promise<string> =>
    (await apiClient(stack.url).login(await newAdmin(stack), PASSWORD)).token.access_token;
  return {
    token: (): Promise<string> => (token ??= signIn()),
    /** An admin call that must succeed: its `data`. */
    async call(method: 'POST' | 'PUT' | 'DELETE', pathname: string, body?: unknown): Promise<unknown> {
      const answer = await apiClient(stack.url).call(method, pathname, {
        token: await this.token(),
        ...(body === undefined ? {} : { body }),
      });
      if (answer.status >= 300)
        throw new Error(`${method} ${pathname}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body?.data;
    },
  };
}

/** A guide published in every language, so the guide article page has a real slug to answer in each. */
export async function publishGuide(stack: Stack, slug = 'following-a-match'): Promise<{ slug: string }> {
  const cms = operator(stack);
  for (const language of LANGUAGES) {
    await cms.call('PUT', `/admin/content/guides/${language}/${slug}`, {
      title: `Following a match live (${language})`,
      summary: 'Scores, the timeline and the lineups as they happen.',
      body: 'Open a match from the **live list**: its score, minute and events update by themselves.',
    });
  }
  return { slug };
}
