import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPaths } from './support/axe.ts';
import { openPage, text } from './support/browser.ts';
import { liveEntries } from './support/live-fixture.ts';
import { useLiveSite } from './support/live-site.ts';
import { pageMessage as message } from './support/messages.ts';

/**
 * The content pages (about, legal, FAQ, guides, media, widget, moved page) and the account
 * area (sign-in forms, account, plans, payment status) against the whole stack: each answers with its
 * real text in the server's HTML, in English, German and Turkish, and behaves as a visitor expects.
 */
const site = useLiveSite();

type Namespace = 'content' | 'account' | 'media' | 'widget';

interface PageCase {
  path: string;
  namespace: Namespace;
  /** The h1's message. */
  heading: string;
  /** A message that must be in the page's text. */
  body: string;
  noindex: boolean;
}

const page = (
  path: string,
  namespace: Namespace,
  heading: string,
  body: string,
  noindex = false,
): PageCase => ({
  path,
  namespace,
  heading,
  body,
  noindex,
});

const PAGES: PageCase[] = [
  page('about-us', 'content', 'about.title', 'about.sections.1.paragraphs.0'),
  page('contact', 'content', 'contact.title', 'contact.sections.0.paragraphs.0'),
  page('disclaimer', 'content', 'disclaimer.title', 'disclaimer.sections.2.paragraphs.0'),
  page('faq', 'content', 'faq.title', 'faq.questions.3.answer'),
  page('security', 'content', 'security.title', 'security.sections.2.paragraphs.0'),
  page('terms', 'content', 'terms.title', 'terms.sections.0.paragraphs.0'),
  page('policy/privacy', 'content', 'privacy.title', 'privacy.sections.0.items.0'),
  page('policy/refund', 'content', 'refund.title', 'refund.sections.0.items.0'),
  page('guides', 'content', 'guides.title', 'guides.sections.0.steps.0'),
  page('highlight', 'media', 'highlights.title', 'highlights.lead'),
  page('match-highlight', 'content', 'matchHighlight.title', 'matchHighlight.title', true),
  page('movies', 'media', 'movies.title', 'movies.lead'),
  page('tv', 'media', 'tv.title', 'tv.lead'),
  page('widget', 'widget', 'title', 'lead'),
  page('deprecated', 'content', 'deprecated.title', 'deprecated.lead', true),
  page('deprecated/an-old-page', 'content', 'deprecated.title', 'deprecated.lead', true),
  page('login', 'account', 'login.title', 'login.intro', true),
  page('register', 'account', 'register.title', 'register.intro', true),
  page('reset', 'account', 'reset.title', 'reset.intro', true),
  page('auth/reset-password', 'account', 'resetPassword.title', 'resetPassword.missing', true),
  page('cms/login', 'account', 'cms.title', 'cms.intro', true),
  page('pricing', 'account', 'pricing.title', 'pricing.intro'),
  page('pricing-sport', 'account', 'pricingSport.title', 'pricingSport.intro'),
  // Without ?order= there is no payment to verify: the result pages say so (payments.test.ts has the rest).
  page('payment/success', 'account', 'payment.none.title', 'payment.none.body', true),
  page('payment/failure', 'account', 'payment.none.title', 'payment.none.body', true),
  page('payment/result', 'account', 'payment.none.title', 'payment.none.body', true),
];

/** What a crawler gets: the server's HTML, with JavaScript off (opened at `url`, or blank). */
async function serverRendered(browser: Browser, url: string | null): Promise<{ page: Page; status: number }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  if (!url) return { page, status: 0 };
  const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
  return { page, status: response?.status() ?? 0 };
}

const squash = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim();

describe('content and account pages', () => {
  for (const language of ['en', 'de', 'tr']) {
    it(`serve their heading and text in the HTML, in ${language}`, async () => {
      const problems: string[] = [];
      const { page } = await serverRendered(site.browser, null);
      try {
        for (const c of PAGES) {
          const response = await page.goto(`${site.stack.url}/${language}/${c.path}`, {
            waitUntil: 'domcontentloaded',
          });
          const headings = await page.locator('h1').allTextContents();
          const body = squash(await page.locator('main').textContent());
          const robots = await page.locator('meta[name="robots"]').getAttribute('content');
          const wanted = message(language, c.namespace, c.heading);
          if (response?.status() !== 200) problems.push(`${c.path}: status ${response?.status()}`);
          if (headings.length !== 1 || squash(headings[0]!) !== wanted)
            problems.push(`${c.path}: h1 ${JSON.stringify(headings)}, expected "${wanted}"`);
          if (!body.includes(squash(message(language, c.namespace, c.body))))
            problems.push(`${c.path}: text of ${c.body} missing`);
          if (robots !== (c.noindex ? 'noindex, follow' : 'index, follow'))
            problems.push(`${c.path}: robots ${robots}`);
          if ((await page.locator('html').getAttribute('lang')) !== language)
            problems.push(`${c.path}: lang`);
        }
      } finally {
        await page.context().close();
      }
      expect(problems).toEqual([]);
    }, 180_000);
  }

  it('opens a FAQ answer and describes the questions as FAQPage data', async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/faq`);
    const items = page.locator('[data-testid="faq-item"]');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(8);
    const first = items.first();
    const answer = first.locator('.faq__answer');
    expect(await first.getAttribute('open')).toBeNull();
    expect(await answer.isVisible()).toBe(false);

    await first.locator('summary').click();
    await expect.poll(() => answer.isVisible()).toBe(true);
    expect(await first.getAttribute('open')).not.toBeNull();
    expect(squash(await answer.textContent())).toBe(message('en', 'content', 'faq.questions.0.answer'));
    // Keyboard too: the summary is a button; Enter closes it again.
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => answer.isVisible()).toBe(false);

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as {
      '@type': string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(jsonLd['@type']).toBe('FAQPage');
    expect(jsonLd.mainEntity).toHaveLength(await items.count());
    // Answers are plain text: link tags become their words, the support tag its address.
    const answers = jsonLd.mainEntity.map((entry) => entry.acceptedAnswer.text);
    expect(answers.some((answer) => answer.includes('support@pitchside.example'))).toBe(true);
    expect(answers.filter((answer) => /<\/?[a-zA-Z]/.test(answer))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('sends an anonymous visitor from /en/account to sign in, and back there afterwards', async () => {
    const response = await fetch(`${site.stack.url}/en/account`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '', site.stack.url);
    expect(`${location.pathname}${location.search}`).toBe('/en/login?redirect=%2Fen%2Faccount');

    // In the browser, by address and by a link inside the app (the router's loader runs the middleware).
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/account`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      '/en/login?redirect=%2Fen%2Faccount',
    );
    expect(await text(page, 'h1')).toBe(message('en', 'account', 'login.title'));
    expect(await text(page, '.auth-panel__intro')).toBe(message('en', 'account', 'login.redirectNote'));

    await page.goto(`${site.stack.url}/en/payment/success`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: message('en', 'account', 'payment.account') }).click();
    await page.waitForURL(/\/en\/login\?redirect=%2Fen%2Faccount$/);
    // The address moves with the navigation; React may paint the new page a moment later.
    await expect.poll(() => text(page, 'h1')).toBe(message('en', 'account', 'login.title'));
    expect(errors).toEqual([]);
  });

  it('shows sign-in forms with labelled fields that check themselves before anything is sent', async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/register`);
    await page.waitForLoadState('networkidle');
    const email = page.getByLabel(message('en', 'account', 'form.email'));
    const password = page.getByLabel(message('en', 'account', 'form.password'), { exact: true });
    expect(await email.getAttribute('autocomplete')).toBe('email');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await password.getAttribute('autocomplete')).toBe('new-password');
    expect(await password.getAttribute('minlength')).toBe('6');
    // No social provider is configured on this gateway: no buttons for one.
    expect(await page.locator('.social-sign-in__button').count()).toBe(0);

    // An address that is not one, a short password: the form says so, and nothing is posted.
    let posted = 0;
    page.on('request', (request) => request.method() === 'POST' && posted++);
    const url = page.url();
    await email.fill('not-an-address');
    await password.fill('123');
    await password.press('Enter');
    await page.waitForSelector('[data-testid="error-email"]');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await text(page, '[data-testid="error-email"]')).toBe(
      message('en', 'account', 'form.invalidEmail'),
    );
    expect(await text(page, '[data-testid="error-password"]')).toBe(
      message('en', 'account', 'password.notMet'),
    );
    expect(page.url()).toBe(url);
    expect(posted).toBe(0);

    await page.goto(`${site.stack.url}/en/login`, { waitUntil: 'networkidle' });
    expect(await page.getByLabel(message('en', 'account', 'form.email')).getAttribute('autocomplete')).toBe(
      'username',
    );
    expect(
      await page
        .getByLabel(message('en', 'account', 'form.password'), { exact: true })
        .getAttribute('autocomplete'),
    ).toBe('current-password');
    expect(await page.locator('[data-testid="auth-submit"]').isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('names the match of a highlight page and is a 404 for an unknown match', async () => {
    const [entry] = await liveEntries(site.stack);
    const match = entry!.match;
    const { page, status } = await serverRendered(
      site.browser,
      `${site.stack.url}/en/match-highlight/${match.id}`,
    );
    try {
      expect(status).toBe(200);
      expect(await text(page, '[data-testid="summary-home"]')).toBe(match.home.name);
      expect(await text(page, '[data-testid="summary-away"]')).toBe(match.away.name);
      expect(squash(await page.locator('h1').textContent())).toBe(
        message('en', 'content', 'matchHighlight.matchTitle', {
          home: match.home.name,
          away: match.away.name,
        }),
      );
      expect(await page.locator('[data-testid="summary-match-link"]').getAttribute('href')).toBe(
        `/en/match/${match.id}`,
      );
      expect(squash(await page.locator('main').textContent())).toContain(
        message('en', 'content', 'matchHighlight.notYet'),
      );
    } finally {
      await page.context().close();
    }

    const unknown = await fetch(`${site.stack.url}/en/match-highlight/987654321`);
    expect(unknown.status).toBe(404);
    const browserView = await openPage(site.browser, `${site.stack.url}/en/match-highlight/987654321`);
    await browserView.page.waitForSelector('[data-testid="page-message-not-found"]');
    expect(await text(browserView.page, '[data-testid="page-message-not-found"] h1')).toBe(
      'This page could not be found',
    );
  });

  it('keeps the deprecated page a 200 that sends visitors on', async () => {
    const response = await fetch(`${site.stack.url}/en/deprecated/some-retired-page`);
    expect(response.status).toBe(200);
    const { page } = await openPage(site.browser, `${site.stack.url}/en/deprecated/some-retired-page`);
    expect(await page.locator('main a[href="/en"]').count()).toBe(1);
    expect(await page.locator('main a[href="/en/live-matches"]').count()).toBe(1);
  });
  it('has no serious accessibility problems in its pages, light and dark', async () => {
    const problems = await auditPaths(site.browser, `${site.stack.url}/en`, [
      'about-us',
      'faq',
      'login',
      'register',
      'pricing',
      // The widget's preview frame is the embed, audited by widget.test.ts.
      'widget',
      'highlight',
      'payment/failure',
    ]);
    expect(problems).toEqual([]);
  }, 120_000);
});
