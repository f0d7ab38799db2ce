import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startTestSmtp, type TestSmtp } from '@pitchside/test-support/smtp';
import { WEB_DIST } from '@pitchside/test-support/stack';
import { launchBrowser, openPage, text, waitForHydration } from './support/browser.ts';

/**
 * The contact form in Chromium (issue 6), in English and German: fill it in, send it, see the
 * confirmation, and the mail reaches the configured support address (a real SMTP server) with Reply-To
 * the sender; a bad field shows its error next to it; without script the plain form post works too.
 * No match data is needed, so the gateway runs without the ingest.
 */
const SUPPORT = 'care@pitchside.test';
const MIN_FILL_MS = 500;

type Form = {
  title: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  send: string;
  sentTitle: string;
  errors: Record<string, string>;
};
const form = (language: string) =>
  (
    JSON.parse(readFileSync(new URL(`../src/locales/${language}/content.json`, import.meta.url), 'utf8')) as {
      contact: { form: Form };
    }
  ).contact.form;

let t: TestRedis;
let smtp: TestSmtp;
let site: TestGateway;
let browser: Browser;

beforeAll(async () => {
  [t, smtp, browser] = await Promise.all([testRedis(), startTestSmtp(), launchBrowser()]);
  site = await startGateway(t, {
    webDist: WEB_DIST,
    auth: { smtpUrl: smtp.url },
    contact: { supportEmail: SUPPORT, minFillMs: MIN_FILL_MS, perIp: { limit: 50, windowS: 600 } },
  });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
  await t?.cleanup();
});

describe('the contact form', () => {
  it.each(['en', 'de'] as const)('sends a message and confirms it, in %s', async (language) => {
    const m = form(language);
    const subject = `Question ${randomUUID().slice(0, 8)}`;
    const { page, errors } = await openPage(browser, `${site.url}/${language}/contact`);
    await waitForHydration(page);
    expect(await text(page, '#contact-form-title')).toBe(m.title);
    await page.getByLabel(m.name, { exact: true }).fill('Grace Hopper');
    await page.getByLabel(m.email, { exact: true }).fill('grace@example.com');
    await page.getByLabel(m.subject, { exact: true }).fill(subject);
    await page
      .getByLabel(m.message, { exact: true })
      .fill('The live list does not update on my phone after the break.');
    // People take longer than the minimum fill time; this test waits it out.
    await page.waitForTimeout(MIN_FILL_MS);
    await page.getByRole('button', { name: m.send }).click();
    await page.waitForSelector('[data-testid="contact-sent"]');
    expect(await text(page, '[data-testid="contact-sent"] h2')).toBe(m.sentTitle);

    const mail = await smtp.waitForMail(SUPPORT, { where: (x) => x.subject.includes(subject) });
    expect(mail.replyTo).toContain('grace@example.com');
    expect(mail.text).toContain('The live list does not update on my phone after the break.');
    expect(mail.text).toContain(`Language: ${language}`);
    expect(errors).toEqual([]);
  });

  it.each(['en', 'de'] as const)('shows a bad field’s error next to the field, in %s', async (language) => {
    const m = form(language);
    const { page } = await openPage(browser, `${site.url}/${language}/contact`);
    await waitForHydration(page);
    await page.getByLabel(m.name, { exact: true }).fill('Grace Hopper');
    await page.getByLabel(m.email, { exact: true }).fill('grace@');
    await page.getByLabel(m.subject, { exact: true }).fill('Hello');
    await page.getByLabel(m.message, { exact: true }).fill('A message long enough to pass.');
    await page.getByRole('button', { name: m.send }).click();

    const error = page.locator('[data-testid="error-email"]');
    await error.waitFor();
    expect(await error.textContent()).toBe(m.errors.email);
    const email = page.getByLabel(m.email, { exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toContain(await error.getAttribute('id'));
    // The error sits in the e-mail field's own block, right under its input.
    expect(await error.evaluate((el) => el.previousElementSibling?.getAttribute('name'))).toBe('email');
    expect(await page.locator('[data-testid="error-name"]').count()).toBe(0);
    expect(await page.locator('[data-testid="contact-sent"]').count()).toBe(0);
  });

  it('works without script: the plain form post comes back confirmed, or with its errors', async () => {
    const m = form('de');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    try {
      await page.goto(`${site.url}/de/contact`);
      const subject = `Ohne Skript ${randomUUID().slice(0, 8)}`;
      await page.getByLabel(m.name, { exact: true }).fill('Konrad Zuse');
      await page.getByLabel(m.email, { exact: true }).fill('konrad@example.com');
      await page.getByLabel(m.subject, { exact: true }).fill(subject);
      await page.getByLabel(m.message, { exact: true }).fill('Die Nachricht kommt ohne JavaScript an.');
      await page.waitForTimeout(MIN_FILL_MS);
      await page.getByRole('button', { name: m.send }).click();
      await page.waitForURL(`${site.url}/de/contact?sent=1`);
      expect(await text(page, '[data-testid="contact-sent"] h2')).toBe(m.sentTitle);
      await smtp.waitForMail(SUPPORT, { where: (x) => x.subject.includes(subject) });

      await page.goto(`${site.url}/de/contact`);
      await page.getByLabel(m.name, { exact: true }).fill('Konrad Zuse');
      await page.getByRole('button', { name: m.send }).click();
      await page.waitForURL(/\/de\/contact\?error=request%3Ainvalid&fields=email%2Csubject%2Cmessage$/);
      expect(await text(page, '[data-testid="error-email"]')).toBe(m.errors.email);
      expect(await page.locator('[data-testid="error-name"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
