import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isFinished } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { auditPaths } from './support/axe.ts';
import { markDocument, openPage, text, waitForHydration } from './support/browser.ts';
import { liveEntries } from './support/live-fixture.ts';
import { useLiveSite } from './support/live-site.ts';
import { pageMessage as message } from './support/messages.ts';
import { operator } from './support/operator.ts';

/**
 * The media and words pages of issue 6 in Chromium against the whole stack, with content created through
 * the admin API as an operator would: highlights (server-rendered with their match, playing in place, an
 * embedded host player sandboxed), films and TV (the catalogue, now and next, the premium paywall for a
 * visitor, a free film and channel playing), guides (the list per language, the article with hreflang for
 * its languages, hostile markdown rendered inert, an operator's edit showing on an open page) and the
 * static pages (an operator's text replacing the built-in one live, and the built-in one back after DELETE).
 * Every page in English and at least one other language, from the server's HTML before any script runs.
 */
const site = useLiveSite();

const run = `${process.pid}-${Date.now().toString(36)}`;
/** A slug of this run (the database schema is the stack's own, but the run id keeps the names telling). */
const slug = (name: string) => `e2e-${name}-${run}`.toLowerCase();

const squash = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
/** The server's HTML decoded enough to search for text (React escapes quotes and ampersands). */
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');

/** The page as the server renders it (no script has run), with its status. */
async function serverHtml(pathname: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${site.stack.url}${pathname}`);
  return { status: response.status, html: decode(await response.text()) };
}

/**
 * The server's HTML once it contains `wanted`: the gateway micro-caches a rendered page for a few seconds
 * (web/site.ts), so a change shows in the next fresh render.
 */
async function serverHtmlWith(pathname: string, wanted: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = (await serverHtml(pathname)).html;
        return html.includes(wanted);
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);
  return html;
}

let admin: ReturnType<typeof operator> | null = null;
/** An admin call that must succeed, by one operator for the whole file. */
const cms = (method: 'PUT' | 'DELETE', pathname: string, body?: unknown): Promise<unknown> =>
  (admin ??= operator(site.stack)).call(method, pathname, body);

/** The simulator's streaming side: an on-demand clip and an always-on live channel (test pattern). */
const vod = (name: string) => `${site.stack.simulator.url}/streams/vod/${name}/index.m3u8`;
const tvOrigin = (name: string) => `${site.stack.simulator.url}/streams/tv/${name}/index.m3u8`;

const videoTime = (page: Page, scope: string) =>
  page
    .locator(`${scope} [data-testid="stream-video"]`)
    .evaluate((video: HTMLVideoElement) => video.currentTime);

/** A finished match of the simulated day (its page links to its highlights). */
async function finishedMatch(): Promise<ScoreboardEntry['match'] | null> {
  // Today's, else yesterday's: just after midnight nothing has finished today yet.
  const now = site.stack.simulator.clock.nowMs();
  for (const at of [now, now - 86_400_000]) {
    const day = new Date(at).toISOString().slice(0, 10);
    const response = await fetch(`${site.stack.url}/api/matches?date=${day}`);
    const { data } = (await response.json()) as { data: ScoreboardEntry[] };
    const finished = data.find((e) => isFinished(e.match.status))?.match;
    if (finished) return finished;
  }
  return null;
}

describe('media pages', () => {
  it('lists the latest highlights with their match, server-rendered, and plays one in place', async () => {
    const [entry] = await liveEntries(site.stack);
    const match = entry!.match;
    const hls = slug('hls');
    const embed = slug('embed');
    const now = Date.now();
    await cms('PUT', `/admin/content/highlights/${hls}`, {
      matchId: match.id,
      title: `Goals of ${hls}`,
      video: { kind: 'hls', url: vod(hls) },
      durationS: 8,
      publishedAt: new Date(now).toISOString(),
    });
    await cms('PUT', `/admin/content/highlights/${embed}`, {
      matchId: null,
      title: `Saves of ${embed}`,
      video: { kind: 'embed', url: 'https://www.youtube-nocookie.com/embed/e2eVideoId' },
      publishedAt: new Date(now - 60_000).toISOString(),
    });

    for (const language of ['en', 'de']) {
      const { status, html } = await serverHtml(`/${language}/highlight`);
      expect(status).toBe(200);
      expect(html).toContain(`<h1>${message(language, 'media', 'highlights.title')}</h1>`);
      // Newest first, with the match's teams on the card.
      expect(html.indexOf(`Goals of ${hls}`)).toBeGreaterThan(0);
      expect(html.indexOf(`Goals of ${hls}`)).toBeLessThan(html.indexOf(`Saves of ${embed}`));
      expect(html).toContain(match.home.name);
      expect(html).toContain('0:08');
    }

    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/highlight`);
    await waitForHydration(page);
    const card = `[data-testid="highlight-card"][data-highlight-id="${hls}"]`;
    expect(await text(page, `${card} [data-testid="highlight-home"]`)).toBe(match.home.name);
    // The play button is a real button with a name, reached and pressed with the keyboard.
    const play = page
      .locator(card)
      .getByRole('button', { name: message('en', 'media', 'highlights.play', { title: `Goals of ${hls}` }) });
    await play.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => videoTime(page, card), { timeout: 20_000 }).toBeGreaterThan(0);

    // The video host's player: a sandboxed, titled frame of the host's URL (never our top window).
    const frame = page.locator(`[data-highlight-id="${embed}"] iframe[data-testid="media-embed"]`);
    expect(await frame.getAttribute('title')).toBe(
      message('en', 'media', 'player.embedTitle', { title: `Saves of ${embed}` }),
    );
    expect(await frame.getAttribute('data-src')).toBe('https://www.youtube-nocookie.com/embed/e2eVideoId');
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-top-navigation');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("shows a match's highlights or plainly none, links finished matches to them, and 404s an unknown match", async () => {
    const entries = await liveEntries(site.stack);
    const withClip = entries[0]!.match;
    const without = entries.find((e) => e.match.id !== withClip.id)?.match;
    const id = slug('match');
    await cms('PUT', `/admin/content/highlights/${id}`, {
      matchId: withClip.id,
      title: `Match clip ${id}`,
      video: { kind: 'mp4', url: `${site.stack.simulator.url}/clips/${id}.mp4` },
    });
    for (const language of ['en', 'tr']) {
      const { status, html } = await serverHtml(`/${language}/match-highlight/${withClip.id}`);
      expect(status).toBe(200);
      expect(html).toContain(`Match clip ${id}`);
      expect(html).toContain(`data-testid="summary-home">${withClip.home.name}`);
      expect(html).toContain(message(language, 'media', 'highlights.forMatch'));
      if (without) {
        const none = await serverHtml(`/${language}/match-highlight/${without.id}`);
        expect(none.status).toBe(200);
        expect(none.html).toContain('data-testid="highlights-none"');
        expect(none.html).toContain(message(language, 'content', 'matchHighlight.notYet'));
      }
    }
    expect((await serverHtml('/en/match-highlight/987654321')).status).toBe(404);

    // A finished match's page links to its highlights.
    const finished = await finishedMatch();
    expect(finished).not.toBeNull();
    const { html } = await serverHtml(`/de/match/${finished!.id}`);
    expect(html).toContain(`href="/de/match-highlight/${finished!.id}"`);
    expect(html).toContain(message('de', 'media', 'highlights.link'));
    // A match still in play has no highlights link yet.
    expect((await serverHtml(`/en/match/${withClip.id}`)).html).not.toContain(
      'data-testid="match-highlights-link"',
    );
  }, 60_000);

  it('lists the films server-rendered, plays a free one and shows a visitor the paywall for a premium one', async () => {
    const free = slug('free-film');
    const premium = slug('premium-film');
    await cms('PUT', `/admin/content/movies/${free}`, {
      title: `Free film ${free}`,
      synopsis: 'A season in the life of a small club.',
      year: 2021,
      access: 'free',
      video: { kind: 'hls', url: vod(free) },
      position: 1,
    });
    await cms('PUT', `/admin/content/movies/${premium}`, {
      title: `Premium film ${premium}`,
      synopsis: 'The final, from the dressing room.',
      year: 2024,
      access: 'premium',
      video: { kind: 'hls', url: vod(premium) },
      position: 2,
    });
    for (const language of ['en', 'es']) {
      const { status, html } = await serverHtml(`/${language}/movies`);
      expect(status).toBe(200);
      expect(html).toContain(`<h1>${message(language, 'media', 'movies.title')}</h1>`);
      expect(html).toContain(`Free film ${free}`);
      expect(html).toContain('A season in the life of a small club.');
      expect(html).toContain('2024');
      expect(html).toContain(message(language, 'media', 'common.premium'));
      expect(html).toContain(message(language, 'media', 'movies.play', { title: `Premium film ${premium}` }));
    }

    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/movies`);
    await waitForHydration(page);
    const premiumRow = `[data-testid="movie"][data-movie-id="${premium}"]`;
    await page.locator(`${premiumRow} [data-testid="movie-play"]`).click();
    await page.waitForSelector(`${premiumRow} [data-testid="stream-paywall"]`);
    expect(await page.locator(`${premiumRow} [data-testid="paywall-pricing"]`).getAttribute('href')).toBe(
      '/en/pricing',
    );
    expect(await page.locator(`${premiumRow} video`).count()).toBe(0);

    const freeRow = `[data-testid="movie"][data-movie-id="${free}"]`;
    await page.locator(`${freeRow} [data-testid="movie-play"]`).click();
    await expect.poll(() => videoTime(page, freeRow), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("shows each channel's now and next in the visitor's time zone, plays a free channel live, and the paywall for premium", async () => {
    const free = slug('free-tv');
    const premium = slug('premium-tv');
    const hour = 3_600_000;
    const start = Date.now() - 10 * 60_000;
    const at = (ms: number) => new Date(ms).toISOString();
    const schedule = (name: string) => [
      { title: `${name} now`, startsAt: at(start), endsAt: at(start + hour) },
      { title: `${name} next`, startsAt: at(start + hour), endsAt: at(start + 2 * hour) },
      { title: `${name} later`, startsAt: at(start + 2 * hour), endsAt: at(start + 3 * hour) },
    ];
    await cms('PUT', `/admin/content/tv/${free}`, {
      name: `Channel ${free}`,
      access: 'free',
      hls: tvOrigin(free),
      schedule: schedule('Matchday'),
      position: 1,
    });
    await cms('PUT', `/admin/content/tv/${premium}`, {
      name: `Channel ${premium}`,
      access: 'premium',
      hls: tvOrigin(premium),
      schedule: schedule('Big match'),
      position: 2,
    });
    for (const language of ['en', 'fr']) {
      const { status, html } = await serverHtml(`/${language}/tv`);
      expect(status).toBe(200);
      expect(html).toContain(`<h1>${message(language, 'media', 'tv.title')}</h1>`);
      expect(html).toContain(`Channel ${free}`);
      expect(html).toContain(message(language, 'media', 'tv.now'));
      expect(html).toContain('Matchday later');
    }

    // A visitor in Tokyo reads the times in Tokyo time.
    const context = await site.browser.newContext({
      timezoneId: 'Asia/Tokyo',
      viewport: { width: 1024, height: 900 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await page.goto(`${site.stack.url}/en/tv`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    const freeRow = `[data-testid="channel"][data-channel-id="${free}"]`;
    expect(await text(page, `${freeRow} [data-testid="channel-now"]`)).toContain('Matchday now');
    expect(await text(page, `${freeRow} [data-testid="channel-next"]`)).toContain('Matchday next');
    const tokyo = new Intl.DateTimeFormat('en', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Tokyo',
    });
    await expect
      .poll(() => text(page, `${freeRow} [data-testid="channel-next"] time`))
      .toBe(tokyo.format(new Date(start + hour)));
    // The full schedule opens from its summary.
    await page.locator(`${freeRow} [data-testid="channel-schedule"] summary`).click();
    expect(
      await page.locator(`${freeRow} [data-testid="channel-schedule"] [data-testid="programme"]`).count(),
    ).toBe(3);

    const premiumRow = `[data-testid="channel"][data-channel-id="${premium}"]`;
    await page.locator(`${premiumRow} [data-testid="channel-play"]`).click();
    await page.waitForSelector(`${premiumRow} [data-testid="stream-paywall"]`);

    await page.locator(`${freeRow} [data-testid="channel-play"]`).click();
    await expect.poll(() => videoTime(page, freeRow), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('words pages', () => {
  const hostile = [
    'Follow every match **live**, and read [the FAQ](https://example.org/faq).',
    '',
    '<script>window.__pwned = true; alert("script")</script>',
    '',
    '<img src=x onerror="window.__pwned = true; alert(\'img\')">',
    '',
    '[x](javascript:alert(1))',
  ].join('\n');

  it('lists guides per language, renders an article inert with its languages, and follows an edit live', async () => {
    const guide = slug('guide');
    await cms('PUT', `/admin/content/guides/en/${guide}`, {
      title: `How to follow ${guide}`,
      summary: 'Scores, streams and favourites.',
      body: hostile,
    });
    await cms('PUT', `/admin/content/guides/de/${guide}`, {
      title: `So folgst du ${guide}`,
      summary: 'Ergebnisse, Streams und Favoriten.',
      body: 'Verfolge jedes Spiel **live**.',
    });

    for (const [language, title] of [
      ['en', `How to follow ${guide}`],
      ['de', `So folgst du ${guide}`],
    ] as const) {
      const list = await serverHtml(`/${language}/guides`);
      expect(list.status).toBe(200);
      expect(list.html).toContain(`href="/${language}/guides/${guide}"`);
      expect(list.html).toContain(title);
      const article = await serverHtml(`/${language}/guides/${guide}`);
      expect(article.status).toBe(200);
      expect(article.html).toContain(`<h1>${title}</h1>`);
      // hreflang for the guide's two languages (and x-default), not for all ten.
      const alternates = [...article.html.matchAll(/<link rel="alternate" hrefLang="([a-z-]+)"/g)].map(
        (m) => m[1],
      );
      expect(alternates.sort()).toEqual(['de', 'en', 'x-default']);
    }
    // No guides in Italian: the built-in guide text.
    const builtIn = await serverHtml('/it/guides');
    expect(builtIn.html).toContain(message('it', 'content', 'guides.sections.0.heading'));
    expect(builtIn.html).not.toContain(guide);
    expect((await serverHtml(`/en/guides/${slug('no-such-guide')}`)).status).toBe(404);

    // The hostile parts are inert: no script, no handler, no javascript: link, and no dialog ever opens.
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/guides/${guide}`);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await waitForHydration(page);
    const body = '[data-testid="guide-body"]';
    expect(await text(page, `${body} strong`)).toBe('live');
    expect(await page.locator(`${body} script`).count()).toBe(0);
    expect(await page.locator(`${body} [onerror]`).count()).toBe(0);
    expect(await page.locator(`${body} img[src="x"]`).count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned ?? false)).toBe(
      false,
    );
    expect(dialogs).toEqual([]);

    // An operator's edit shows on the open page, without a reload.
    const same = await markDocument(page);
    await cms('PUT', `/admin/content/guides/en/${guide}`, {
      title: `How to follow ${guide}, updated`,
      summary: 'Scores, streams and favourites.',
      body: 'Now with **highlights** too.',
    });
    await expect.poll(() => text(page, 'h1'), { timeout: 15_000 }).toBe(`How to follow ${guide}, updated`);
    expect(await text(page, `${body} strong`)).toBe('highlights');
    await same();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("serves the built-in static pages, replaces one with the operator's text live, and brings it back after DELETE", async () => {
    const pages = [
      ['about-us', 'about.title'],
      ['disclaimer', 'disclaimer.title'],
      ['faq', 'faq.title'],
      ['security', 'security.title'],
      ['terms', 'terms.title'],
      ['policy/privacy', 'privacy.title'],
      ['policy/refund', 'refund.title'],
    ] as const;
    for (const language of ['en', 'de']) {
      for (const [pathname, heading] of pages) {
        const { status, html } = await serverHtml(`/${language}/${pathname}`);
        expect(status, `${language}/${pathname}`).toBe(200);
        expect(html, `${language}/${pathname}`).toContain(
          `<h1>${message(language, 'content', heading)}</h1>`,
        );
      }
    }
    // An operator's text in English only: the English page shows it, the German one keeps its own.
    await cms('PUT', '/admin/content/pages/about-us/en', {
      title: 'About the Pitchside team',
      body: 'We are **football people**. <script>alert(1)</script>',
    });
    const about = await serverHtmlWith('/en/about-us', '<h1>About the Pitchside team</h1>');
    expect(about).toContain('<strong>football people</strong>');
    expect(about).not.toContain('<script>alert(1)');
    expect((await serverHtml('/de/about-us')).html).toContain(
      `<h1>${message('de', 'content', 'about.title')}</h1>`,
    );
    await cms('DELETE', '/admin/content/pages/about-us/en');

    const builtIn = message('de', 'content', 'terms.title');
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/de/terms`);
    await waitForHydration(page);
    expect(squash(await page.locator('h1').textContent())).toBe(builtIn);
    const same = await markDocument(page);

    await cms('PUT', '/admin/content/pages/terms/de', {
      title: 'Nutzungsbedingungen (neu)',
      body: 'Es gelten die **neuen** Bedingungen.',
    });
    await expect.poll(() => text(page, 'h1'), { timeout: 15_000 }).toBe('Nutzungsbedingungen (neu)');
    expect(await text(page, '[data-testid="operator-text"] strong')).toBe('neuen');
    await serverHtmlWith('/de/terms', '<h1>Nutzungsbedingungen (neu)</h1>');

    await cms('DELETE', '/admin/content/pages/terms/de');
    await expect.poll(() => text(page, 'h1'), { timeout: 15_000 }).toBe(builtIn);
    expect(await page.locator('[data-testid="operator-text"]').count()).toBe(0);
    await same();
    await serverHtmlWith('/de/terms', `<h1>${builtIn}</h1>`);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
  it('has no serious accessibility problems on the media and words pages, light and dark', async () => {
    const [entry] = await liveEntries(site.stack);
    const problems = await auditPaths(site.browser, `${site.stack.url}/en`, [
      'highlight',
      `match-highlight/${entry!.match.id}`,
      'movies',
      'tv',
      'guides',
      `guides/${slug('guide')}`,
      'terms',
    ]);
    expect(problems).toEqual([]);
  }, 120_000);
});
