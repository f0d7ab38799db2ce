import { SignJWT, decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deriveTokenKey } from '@pitchside/gateway/auth/token-service';
import { apiClient } from '@pitchside/test-support/auth-api';
import { newEmail, PASSWORD, signInWithForm } from './support/accounts.ts';
import { openPage, waitForHydration } from './support/browser.ts';
import { useLiveSite } from './support/live-site.ts';

/**
 * Stolen and forged tokens, as the signed-in visitor's browser lives through them (issue 4, section 7): a
 * refresh token replayed by someone else ends the whole session in the browser too, and access tokens with
 * `alg: none`, a wrong audience or the refresh token's type never show the account; the page signs out.
 */
const site = useLiveSite({ auth: { accessTokenTtlS: 4 } });

const readToken = (page: Page, key: 'access_token' | 'refresh_token') =>
  page.evaluate((k) => localStorage.getItem(`auth.${k}`), key);

async function signedInOnAccount(page: Page): Promise<string> {
  const email = newEmail('abuse');
  await apiClient(site.stack.url).register(email, PASSWORD);
  await page.goto(`${site.stack.url}/en/login?redirect=%2Fen%2Faccount`);
  await waitForHydration(page);
  await signInWithForm(page, email);
  await page.waitForURL(`${site.stack.url}/en/account`);
  await page.waitForSelector('[data-testid="account-email"]');
  return email;
}

/** What the visitor sees once the session is gone: the header offers to sign in again. */
const signedOut = (page: Page) =>
  expect.poll(() => page.locator('[data-testid="sign-in-link"]').count(), { timeout: 15_000 }).toBe(1);

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('stolen and forged tokens in the browser', () => {
  it('ends the session everywhere when a spent refresh token is replayed', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/en`);
    await signedInOnAccount(page);
    const stolen = (await readToken(page, 'refresh_token'))!;

    // The thief refreshes first: that works once, and spends the token the browser still holds.
    const thief = await fetch(`${site.stack.url}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: stolen }),
    });
    expect(thief.status).toBe(200);
    const thiefTokens = ((await thief.json()) as { data: { token: { refresh_token: string } } }).data.token;

    // Within seconds the browser's access token expires and it refreshes with the spent token: the gateway
    // sees the replay, revokes the family, and the page signs the visitor out.
    await signedOut(page);
    expect(await readToken(page, 'access_token')).toBeNull();

    // The thief's newer token died with the family.
    const again = await fetch(`${site.stack.url}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: thiefTokens.refresh_token }),
    });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('auth:refresh-invalid');
  });

  it.each(['alg none', 'wrong audience', 'refresh token as access token'] as const)(
    'never shows the account with an access token with %s, and signs the visitor out',
    async (kind) => {
      const { page } = await openPage(site.browser, `${site.stack.url}/en`);
      await signedInOnAccount(page);
      const real = (await readToken(page, 'access_token'))!;
      const refresh = (await readToken(page, 'refresh_token'))!;
      const claims = decodeJwt(real);
      const later = Math.floor(Date.now() / 1000) + 3600;
      const forged =
        kind === 'alg none'
          ? `${base64url({ alg: 'none', typ: 'at+jwt' })}.${base64url({ ...claims, exp: later })}.`
          : kind === 'wrong audience'
            ? await new SignJWT({ ...claims, aud: 'someone-else', exp: later })
                .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
                .sign(deriveTokenKey(site.stack.auth.secret, 'access'))
            : refresh;

      // The gateway itself refuses the token, whatever the page then does.
      const answer = await page.evaluate(async (token) => {
        const response = await fetch('/api/account', { headers: { authorization: `Bearer ${token}` } });
        return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
      }, forged);
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe('auth:token-invalid');

      // Planted in the browser with no usable refresh token beside it, the forged token gets the visitor
      // signed out on the next load of the account page, never the account's data. It is planted as a pair
      // that just arrived and lives an hour, as a forger would claim: with the real pair's stated expiry (4 s
      // here) the page may find it expired on load and refresh first, never sending the forged token at all.
      const accountAnswers: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/account') accountAnswers.push(response.status());
      });
      await page.evaluate((token) => {
        const now = Date.now();
        localStorage.setItem('auth.access_token', token);
        localStorage.setItem('auth.refresh_token', 'not-a-token');
        localStorage.setItem('auth.received_at', String(now));
        localStorage.setItem('auth.access_expires_at', String(now + 3_600_000));
      }, forged);
      await page.reload();
      await signedOut(page);
      expect(accountAnswers.length).toBeGreaterThan(0);
      expect(accountAnswers.every((status) => status === 401)).toBe(true);
      expect(await page.locator('[data-testid="account-email"]').count()).toBe(0);
    },
  );
});
