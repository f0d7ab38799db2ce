import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { WEB_DIST } from '@pitchside/test-support/stack';
import { launchBrowser, openPage, text } from './support/browser.ts';

/**
 * The static pages (issue 6) in English and German, as the server renders them with their built-in texts:
 * each has its title, and the footer shows the support address and the social links this deployment was
 * configured with (SUPPORT_EMAIL, SOCIAL_*_URL), not the defaults. Old addresses under /deprecated/ are
 * sent on with a 301 to a page that renders; unknown ones get the noindex page. No match data is needed,
 * so the gateway runs without the ingest.
 */
const CONTACTS = {
  supportEmail: 'press-and-help@pitchside.test',
  social: {
    telegram: 'https://t.me/pitchside_configured',
    x: 'https://x.com/pitchside_configured',
    facebook: 'https://www.facebook.com/pitchside.configured',
  },
};

/** Page path below the language prefix, and the key of its texts in content.json. */
const PAGES = [
  ['about-us', 'about'],
  ['disclaimer', 'disclaimer'],
  ['faq', 'faq'],
  ['security', 'security'],
  ['terms', 'terms'],
  ['policy/privacy', 'privacy'],
  ['policy/refund', 'refund'],
  ['contact', 'contact'],
  ['deprecated', 'deprecated'],
  ['deprecated/an-address-nobody-knows', 'deprecated'],
] as const;

const titleOf = (language: string, key: string): string =>
  (
    JSON.parse(
      readFileSync(new URL(`../src/locales/${language}/content.json`, import.meta.url), 'utf8'),
    ) as Record<string, { title: string }>
  )[key]!.title;

/** Text as React writes it into HTML. */
const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

const footerOf = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';

let t: TestRedis;
let site: TestGateway;
let browser: Browser;

beforeAll(async () => {
  [t, browser] = await Promise.all([testRedis(), launchBrowser()]);
  site = await startGateway(t, { webDist: WEB_DIST, contact: CONTACTS });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await t?.cleanup();
});

const get = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  return { response, html: await response.text() };
};

describe('static pages, server-rendered with the configured footer', () => {
  it.each(['en', 'de'] as const)(
    'renders each page in %s with its title and the configured contacts',
    async (language) => {
      const failures: string[] = [];
      for (const [path, key] of PAGES) {
        const { response, html } = await get(`/${language}/${path}`);
        const title = escapeHtml(titleOf(language, key));
        const problems = [
          response.status === 200 ? null : `status ${response.status}`,
          html.includes(`<html lang="${language}"`) ? null : 'lang',
          new RegExp(`<h1[^>]*>${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`).test(html)
            ? null
            : `h1 ${title}`,
          footerOf(html).includes(`href="mailto:${CONTACTS.supportEmail}"`) ? null : 'support address',
          footerOf(html).includes('support@pitchside.example')
            ? 'default support address in the footer'
            : null,
          ...Object.values(CONTACTS.social).map((url) =>
            footerOf(html).includes(`href="${url}"`) ? null : url,
          ),
          path.startsWith('deprecated') === /<meta name="robots" content="noindex/.test(html)
            ? null
            : 'robots',
        ].filter(Boolean);
        if (problems.length > 0) failures.push(`/${language}/${path}: ${problems.join(', ')}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('shows the configured address and links in the footer a visitor sees', async () => {
    const { page, errors } = await openPage(browser, `${site.url}/de/about-us`);
    expect(await text(page, 'h1')).toBe(titleOf('de', 'about'));
    expect(await text(page, '[data-testid="footer-support"]')).toBe(CONTACTS.supportEmail);
    expect(await page.locator('[data-testid="footer-x"]').getAttribute('href')).toBe(CONTACTS.social.x);
    expect(await page.locator('[data-testid="footer-telegram"]').getAttribute('href')).toBe(
      CONTACTS.social.telegram,
    );
    expect(errors).toEqual([]);
  });

  it('sends old addresses on with a 301 to a page that renders, keeping language and query', async () => {
    const { response } = await get('/de/deprecated/refund-policy?ref=mail');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/de/policy/refund?ref=mail');
    const target = await get(response.headers.get('location')!);
    expect(target.response.status).toBe(200);
    expect(target.html).toContain(escapeHtml(titleOf('de', 'refund')));

    const old = await get('/en/deprecated/world-cup-2022');
    expect(old.response.status).toBe(301);
    expect(old.response.headers.get('location')).toBe('/en/league/fifa-world-cup-2022-live-streaming');
  });
});
