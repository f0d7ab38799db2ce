import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient } from '@pitchside/test-support/auth-api';
import { accountMessage as m, newEmail, PASSWORD, pathOf, signInWithForm } from './support/accounts.ts';
import { auditPage, seriousViolations } from './support/axe.ts';
import { openPage, text, waitForHydration } from './support/browser.ts';
import { useLiveSite } from './support/live-site.ts';
import { newAdmin } from './support/operator.ts';

/**
 * Accounts in Chromium against the whole stack (issue 4): register, sign in, the protected account page,
 * a silent refresh past an access token's expiry, sign out, the return to the stored redirect target,
 * hostile redirect targets, the reset-password mail, and the account page's profile, sessions and
 * deletion. Access tokens live 4 s here, so every test also runs through refreshes.
 */
const ACCESS_TTL_S = 4;
// One provider listed (its own routes are the social sign-in's, tested with a real OpenID provider there).
const site = useLiveSite({
  auth: { accessTokenTtlS: ACCESS_TTL_S, providers: [{ id: 'github', name: 'GitHub' }] },
});

const common = JSON.parse(
  readFileSync(new URL('../src/locales/en/common.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, string>>;

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());
const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('auth.access_token'));

describe('accounts', () => {
  it('registers from the login page it was sent to, returns to the protected page, and signs out', async () => {
    const email = newEmail('fan');
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/account`);
    await waitForHydration(page);
    // The protected page sent the anonymous visitor to sign in, remembering the way back.
    expect(pathOf(page)).toBe('/en/login?redirect=%2Fen%2Faccount');
    await page.getByRole('link', { name: m('login.register') }).click();
    await page.waitForURL(/\/en\/register\?redirect=%2Fen%2Faccount$/);

    // The policy is checked as the visitor types; sending an incomplete form marks and focuses the fields.
    const password = page.getByLabel(m('form.password'), { exact: true });
    await password.fill('abc');
    const rule = page.locator('[data-rule="password:too-short"]');
    expect(await rule.getAttribute('data-ok')).toBe('false');
    await page.locator('[data-testid="auth-submit"]').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await page.getByLabel(m('form.email')).getAttribute('aria-invalid')).toBe('true');
    expect(await text(page, '[data-testid="error-password"]')).toBe(m('password.notMet'));
    expect(await text(page, '[data-testid="error-terms"]')).toBe(m('register.termsRequired'));

    await page.getByLabel(m('register.name')).fill('Ada Lovelace');
    await page.getByLabel(m('form.email')).fill(email);
    await password.fill(PASSWORD);
    expect(await rule.getAttribute('data-ok')).toBe('true');
    await page.locator('input[name="terms"]').check();
    await page.locator('[data-testid="auth-submit"]').click();

    await page.waitForURL(`${site.stack.url}/en/account`);
    await expect.poll(() => text(page, '[data-testid="account-email"]')).toBe(email);
    expect(await text(page, '[data-testid="session-menu"]')).toContain('Ada Lovelace');
    // Tokens under auth.* keys, the non-secret hint cookie for the server renderer.
    const keys = await storedKeys(page);
    expect(keys).toContain('auth.access_token');
    expect(keys.filter((k) => k.startsWith('auth.')).length).toBeGreaterThanOrEqual(5);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'auth.signed_in')).toMatchObject({ value: '1', path: '/' });

    // A full load of the protected page renders it (the cookie told the server), not a bounce to /login.
    const response = await page.reload({ waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);
    expect(pathOf(page)).toBe('/en/account');
    await expect.poll(() => text(page, '[data-testid="account-email"]')).toBe(email);

    await page.locator('[data-testid="session-menu"]').click();
    await page.locator('[data-testid="sign-out"]').click();
    await page.waitForURL(`${site.stack.url}/en`);
    await page.waitForSelector('[data-testid="sign-in-link"]');
    expect(await text(page, '[data-testid="toast"] .toast__text')).toBe(common.session!.signedOut);
    expect((await storedKeys(page)).filter((k) => k.startsWith('auth.'))).toEqual([]);
    expect((await page.context().cookies()).find((c) => c.name === 'auth.signed_in')).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('signs in back to the stored target, and keeps hostile targets on the site', async () => {
    const email = newEmail('fan');
    await apiClient(site.stack.url).register(email, PASSWORD);
    const origin = new URL(site.stack.url).origin;

    const back = await openPage(
      site.browser,
      `${site.stack.url}/en/login?redirect=${encodeURIComponent('/en/faq')}`,
    );
    await waitForHydration(back.page);
    await signInWithForm(back.page, email, PASSWORD);
    await back.page.waitForURL(`${site.stack.url}/en/faq`);
    await back.page.context().close();

    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/%2f%2fevil.example',
    ]) {
      const { page, errors } = await openPage(
        site.browser,
        `${site.stack.url}/en/login?redirect=${encodeURIComponent(hostile)}`,
      );
      await waitForHydration(page);
      expect(await page.evaluate(() => localStorage.getItem('auth.redirect'))).toBeNull();
      await signInWithForm(page, email, PASSWORD);
      await page.waitForURL(`${site.stack.url}/en`);
      expect(new URL(page.url()).origin).toBe(origin);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('refreshes silently past an access expiry, once, when a page and the early refresh both need it', async () => {
    const email = newEmail('fan');
    await apiClient(site.stack.url).register(email, PASSWORD);
    const { page } = await openPage(site.browser, `${site.stack.url}/en/login`);
    await waitForHydration(page);
    await signInWithForm(page, email, PASSWORD);
    await page.waitForURL(`${site.stack.url}/en`);
    const first = await accessToken(page);
    expect(first).toBeTruthy();

    // No tab open while the access token expires: the next visit starts with an expired one.
    const context = page.context();
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TTL_S + 1) * 1000));
    const next = await context.newPage();
    const refreshes: string[] = [];
    const refused: string[] = [];
    next.on('request', (r) => r.url().endsWith('/api/auth/refresh-token') && refreshes.push(r.url()));
    next.on('response', (r) => r.url().includes('/api/') && r.status() === 401 && refused.push(r.url()));
    await next.goto(`${site.stack.url}/en/account`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => text(next, '[data-testid="account-email"]')).toBe(email);
    expect(pathOf(next)).toBe('/en/account');
    await expect.poll(() => accessToken(next)).not.toBe(first);
    // The account page's calls waited for the one refresh the early refresh had started, or started it.
    await next.waitForLoadState('networkidle');
    expect(refreshes.length).toBe(1);
    expect(refused).toEqual([]);

    // And past the next expiry while the page stays open: the early refresh keeps the session alive.
    const second = await accessToken(next);
    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TTL_S + 1) * 1000));
    expect(await accessToken(next)).not.toBe(second);
    await next.locator('[data-testid="session-menu"]').click();
    await next.locator('[data-testid="session-menu-account"]').click();
    expect(refused).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the mailed link, once', async () => {
    const email = newEmail('fan');
    await apiClient(site.stack.url).register(email, PASSWORD);
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/reset`);
    await waitForHydration(page);
    await page.getByLabel(m('form.email')).fill(email);
    await page.locator('[data-testid="auth-submit"]').click();
    await expect
      .poll(() => text(page, '[data-testid="reset-sent"] p'))
      .toBe(m('reset.sent').replace('{{email}}', email));

    // Registering sent a verification mail too: the reset one is the one whose link resets.
    const mail = await site.stack.smtp.waitForMail(email, {
      where: (sent) => sent.link?.includes('/auth/reset-password') ?? false,
    });
    const link = new URL(mail.link ?? '');
    expect(link.pathname).toBe('/en/auth/reset-password');
    expect(link.searchParams.get('token')).toBeTruthy();
    const resetUrl = `${site.stack.url}${link.pathname}${link.search}`;

    await page.goto(resetUrl, { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    const newPassword = 'a-new-secret-77';
    await page.getByLabel(m('form.newPassword'), { exact: true }).fill(newPassword);
    await page.getByLabel(m('form.confirmPassword'), { exact: true }).fill(newPassword);
    await page.locator('[data-testid="auth-submit"]').click();
    await page.waitForURL(`${site.stack.url}/en/login`);
    await signInWithForm(page, email, newPassword);
    await page.waitForURL(`${site.stack.url}/en`);
    expect(errors).toEqual([]);

    // The link is spent: a second use says so and offers a new one.
    const again = await openPage(site.browser, resetUrl);
    await waitForHydration(again.page);
    await again.page.getByLabel(m('form.newPassword'), { exact: true }).fill('yet-another-88');
    await again.page.getByLabel(m('form.confirmPassword'), { exact: true }).fill('yet-another-88');
    await again.page.locator('[data-testid="auth-submit"]').click();
    await again.page.waitForSelector('[data-testid="reset-link-problem"]');
    expect(await text(again.page, '[data-testid="reset-link-problem"] p')).toBe(m('resetPassword.expired'));
    expect(await again.page.locator('[data-testid="ask-again"]').getAttribute('href')).toBe('/en/reset');
    await again.page.context().close();
    await page.context().close();
  });

  it('changes the display name, signs out another session, and deletes the account', async () => {
    const email = newEmail('fan');
    const elsewhere = apiClient(site.stack.url, {
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    });
    const other = await elsewhere.register(email, PASSWORD, { displayName: 'Grace' });
    expect((await elsewhere.get('/account', other.token.access_token)).status).toBe(200);

    const { page, errors } = await openPage(
      site.browser,
      `${site.stack.url}/en/login?redirect=${encodeURIComponent('/en/account')}`,
    );
    await waitForHydration(page);
    await signInWithForm(page, email, PASSWORD);
    await page.waitForURL(`${site.stack.url}/en/account`);

    // Two sessions: this browser, and the one on "Firefox on Windows".
    const sessions = page.locator('[data-testid="session"]');
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await page.locator('[data-testid="session"][data-current="true"]').count()).toBe(1);
    await page
      .locator('[data-testid="session"][data-current="false"] [data-testid="revoke-session"]')
      .click();
    await expect.poll(() => sessions.count()).toBe(1);
    // Revoked at once, its access token too.
    expect((await elsewhere.get('/account', other.token.access_token)).status).toBe(401);

    const name = page.getByLabel(m('register.name'));
    await name.fill('Grace Hopper');
    await page.locator('[data-testid="profile-save"]').click();
    await expect.poll(() => text(page, '[data-testid="session-menu"]')).toContain('Grace Hopper');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByLabel(m('register.name')).inputValue()).toBe('Grace Hopper');

    await page.getByLabel(m('deleteAccount.password')).fill(PASSWORD);
    await page.locator('[data-testid="account-delete"] input[type="checkbox"]').check();
    await page.locator('[data-testid="delete-account"]').click();
    await page.waitForURL(`${site.stack.url}/en`);
    await page.waitForSelector('[data-testid="sign-in-link"]');
    const login = await elsewhere.call('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(401);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says why a sign-in failed, in the page language, and marks the form', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/de/login`);
    await waitForHydration(page);
    const de = JSON.parse(
      readFileSync(new URL('../src/locales/de/account.json', import.meta.url), 'utf8'),
    ) as {
      form: Record<string, string>;
      codes: { auth: Record<string, string> };
    };
    await page.getByLabel(de.form.email!).fill(newEmail('fan'));
    await page.getByLabel(de.form.password!, { exact: true }).fill('not-the-password');
    await page.locator('[data-testid="auth-submit"]').click();
    await expect
      .poll(() => text(page, '[data-testid="form-error"]'))
      .toBe(de.codes.auth['invalid-credential']);
    expect(await text(page, '[data-testid="toast"] .toast__text')).toBe(de.codes.auth['invalid-credential']);
    await page.context().close();
  });
  it('offers the configured providers only, and reports a social sign-in that failed', async () => {
    const { page, errors } = await openPage(
      site.browser,
      `${site.stack.url}/en/login?redirect=${encodeURIComponent('/en/account')}`,
    );
    await waitForHydration(page);
    const buttons = page.locator('.social-sign-in__button');
    expect(await buttons.count()).toBe(1);
    expect(await buttons.first().getAttribute('href')).toBe(
      '/api/auth/social/github/start?redirect=%2Fen%2Faccount&lang=en',
    );
    expect(await text(page, '.social-sign-in__button')).toBe(
      m('form.social').replace('{{provider}}', 'GitHub'),
    );

    await page.goto(`${site.stack.url}/en/login?social_error=auth:invalid-state`, {
      waitUntil: 'domcontentloaded',
    });
    await waitForHydration(page);
    await expect.poll(() => text(page, '[data-testid="social-error"]')).toBe(m('codes.auth.invalid-state'));
    // The code is said once: it leaves the address.
    await expect.poll(() => pathOf(page)).toBe('/en/login');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('follows a sign-out in another tab', async () => {
    const email = newEmail('fan');
    await apiClient(site.stack.url).register(email, PASSWORD);
    const { page } = await openPage(
      site.browser,
      `${site.stack.url}/en/login?redirect=${encodeURIComponent('/en/account')}`,
    );
    await waitForHydration(page);
    await signInWithForm(page, email, PASSWORD);
    await page.waitForURL(`${site.stack.url}/en/account`);
    const reading = await page.context().newPage();
    await reading.goto(`${site.stack.url}/en/faq`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(reading);
    await reading.waitForSelector('[data-testid="session-menu"]');

    await reading.locator('[data-testid="session-menu"]').click();
    await reading.locator('[data-testid="sign-out"]').click();
    await reading.waitForURL(`${site.stack.url}/en`);
    // The other tab was on an account page: it leaves it for the sign-in page.
    await page.waitForURL(/\/en\/login\?redirect=%2Fen%2Faccount$/);
    await expect.poll(() => text(page, 'h1')).toBe(m('login.title'));
    await page.context().close();
  });

  it('lets an admin in at /cms/login, onto the dashboard and its user list, and refuses anyone else', async () => {
    const api = apiClient(site.stack.url);
    const visitor = newEmail('fan');
    await api.register(visitor, PASSWORD);
    const admin = await newAdmin(site.stack, 'fan');

    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/cms/login`);
    await waitForHydration(page);
    await signInWithForm(page, visitor, PASSWORD);
    await expect.poll(() => text(page, '[data-testid="form-error"]')).toBe(m('codes.auth.forbidden'));
    expect(await page.evaluate(() => localStorage.getItem('auth.access_token'))).toBeNull();

    await signInWithForm(page, admin, PASSWORD);
    // The admin side's landing: the operators' dashboard, with the users below it.
    await page.waitForURL(`${site.stack.url}/en/cms`);
    await page.waitForSelector('[data-testid="admin-users"] table');
    expect(await page.locator('[data-testid="admin-users"] td', { hasText: admin }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no serious accessibility problems in the signed-in account page and a form showing errors', async () => {
    const email = newEmail('fan');
    await apiClient(site.stack.url).register(email, PASSWORD, { displayName: 'Axe' });
    const problems: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await auditPage(site.browser, colorScheme);
      const audit = async (what: string, include: string[]) => {
        const found = await seriousViolations(page, { include });
        problems.push(...found.map((problem) => `${colorScheme} ${what}: ${problem}`));
      };
      await page.goto(`${site.stack.url}/en/register`, { waitUntil: 'networkidle' });
      await page.locator('[data-testid="auth-submit"]').click();
      await page.waitForSelector('[data-testid="error-email"]');
      await audit('register with errors', ['main']);

      await page.goto(`${site.stack.url}/en/login?redirect=${encodeURIComponent('/en/account')}`, {
        waitUntil: 'networkidle',
      });
      await signInWithForm(page, email, PASSWORD);
      await page.waitForURL(`${site.stack.url}/en/account`);
      await page.waitForSelector('[data-testid="session"]');
      await page.locator('[data-testid="session-menu"]').click();
      await audit('account, menu open', ['main', '.site-header']);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
