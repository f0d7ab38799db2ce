import { readFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { apiClient } from '@pitchside/test-support/auth-api';
import { newEmail, PASSWORD, signInWithForm } from './support/accounts.ts';
import { LIVE_TIMEOUT_MS, markDocument, openPage, text, waitForHydration } from './support/browser.ts';
import { liveEntries } from './support/live-fixture.ts';
import { useLiveSite } from './support/live-site.ts';
import { newAdmin } from './support/operator.ts';
import { CMS_SECTIONS } from '../src/features/cms/cms-sections.ts';

/**
 * The admin CMS in Chromium against the whole stack (issue 6, section 4): an operator signs in at
 * /cms/login and pins a match, and a visitor's home page, open in another browser, shows it among the hot
 * matches without a reload; the operator writes a guide with hostile markdown, which the visitor's
 * /guides lists and whose article renders it inert; the server's validation errors appear next to their
 * fields; a signed-in visitor without the admin scope sees "admins only" and the API answers 403.
 */
const site = useLiveSite();

const cms: unknown = JSON.parse(readFileSync(new URL('../src/locales/en/cms.json', import.meta.url), 'utf8'));
/** An English `cms` message by its dotted key, as the page shows it (interpolations left as written). */
function m(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], cms);
  if (typeof value !== 'string') throw new Error(`no message cms:${key}`);
  return value;
}

/** An operator signed in through /cms/login, on the dashboard. */
async function signInOperator(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const email = await newAdmin(site.stack, 'cms');
  const opened = await openPage(browser, `${site.stack.url}/en/cms/login`);
  await waitForHydration(opened.page);
  await signInWithForm(opened.page, email);
  await opened.page.waitForURL(`${site.stack.url}/en/cms`);
  await opened.page.waitForSelector('[data-testid="cms-nav"]');
  return opened;
}

/** Goes to a CMS section through the navigation, as an operator would. */
async function openSection(page: Page, section: string): Promise<void> {
  await page.locator(`[data-testid="cms-nav-${section}"]`).click();
  await page.waitForURL(`${site.stack.url}/en/cms/content/${section}`);
  // The navigation marks where the operator is once the section has rendered.
  const link = page.locator(`[data-testid="cms-nav-${section}"]`);
  await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
  await page.locator(`section[data-section="${section}"]`).waitFor();
}

const notice = (page: Page) => text(page, '[data-testid="cms-notice"]');

describe('the admin CMS', () => {
  it('pins a hot match that an open home page shows without a reload', async () => {
    const live = await liveEntries(site.stack);
    const hot = (await (await fetch(`${site.stack.url}/api/matches/hot`)).json()) as {
      data: ScoreboardEntry[];
    };
    // A match the home page does not show yet among its first six hot matches: pinning it must move it there.
    const shownBefore = new Set(hot.data.slice(0, 6).map((e) => e.match.id));
    const target = [...hot.data, ...live].find((e) => !shownBefore.has(e.match.id));
    expect(target, 'a match outside the first six hot matches').toBeDefined();
    const matchId = target!.match.id;

    const visitor = await openPage(site.browser, `${site.stack.url}/en`);
    await waitForHydration(visitor.page);
    await visitor.page.waitForSelector('[data-testid="hot-match"]');
    expect(await visitor.page.locator(`[data-testid="hot-match"][data-match-id="${matchId}"]`).count()).toBe(
      0,
    );
    const stillSameDocument = await markDocument(visitor.page);

    const { page, errors } = await signInOperator(site.browser);
    await openSection(page, 'hot-matches');
    // The operator finds the match by typing, pins it, and moves it to the top of the pins.
    await page.getByLabel(m('matches.search'), { exact: true }).fill(matchId);
    const pick = page.locator(
      `[data-testid="cms-hot-picker"] li[data-match="${matchId}"] [data-testid="cms-pick-match"]`,
    );
    await pick.click();
    expect(await pick.isDisabled()).toBe(true);
    const pins = page.locator('[data-testid="cms-pins"] li');
    const name = `${target!.match.home.name} – ${target!.match.away.name}`;
    for (let i = 0; i < 20; i += 1) {
      const ids = await pins.evaluateAll((items) => items.map((li) => li.getAttribute('data-match')));
      if (ids[0] === matchId) break;
      await page.getByRole('button', { name: m('hot.moveUp').replace('{{name}}', name) }).click();
    }
    expect(await pins.first().getAttribute('data-match')).toBe(matchId);
    expect(await text(page, '[data-testid="cms-pins"] li:first-child')).toContain(name);

    const save = page.locator('[data-testid="cms-submit"]');
    // The gateway is made slow to answer, so the saving state can be seen: the button is disabled meanwhile.
    await page.route('**/api/admin/hot-pins', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await save.click();
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await save.textContent()).toBe(m('actions.saving'));
    await expect.poll(() => notice(page)).toBe(m('hot.saved'));
    expect(await save.isDisabled()).toBe(false);

    // The visitor's page follows the `hot-matches` topic: the pinned match comes first, with no reload.
    await expect
      .poll(() => visitor.page.locator('[data-testid="hot-match"]').first().getAttribute('data-match-id'), {
        timeout: LIVE_TIMEOUT_MS,
      })
      .toBe(matchId);
    await stillSameDocument();

    // The pin is what the API now lists first.
    const after = (await (await fetch(`${site.stack.url}/api/matches/hot`)).json()) as {
      data: ScoreboardEntry[];
    };
    expect(after.data[0]?.match.id).toBe(matchId);
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await page.context().close();
    await visitor.page.context().close();
  });

  it('publishes a guide whose hostile markdown the visitor reads as inert text, then unpublishes it live', async () => {
    const { page, errors } = await signInOperator(site.browser);
    await openSection(page, 'guides');
    await page.waitForSelector('[data-testid="cms-new"]');
    await page.locator('[data-testid="cms-new"]').click();

    const slug = `safe-${Date.now()}`;
    const title = `Watching safely ${slug}`;
    const body = [
      '# Before kick-off',
      '',
      '**Bold advice** for <em>everyone</em>.',
      '',
      '<script>window.__pwned = "script"</script>',
      '',
      '<img src="x" onerror="window.__pwned = \'img\'">',
      '',
      '[a trap](javascript:window.__pwned="link") and [a real link](https://example.org/rules)',
      '',
      '![tracker](http://insecure.example.org/pixel.png)',
    ].join('\n');
    const editor = page.locator('[data-testid="cms-editor"]');
    await editor.getByLabel(m('fields.slug'), { exact: true }).fill(slug);
    await editor.getByLabel(m('fields.title'), { exact: true }).fill(title);
    await editor
      .getByLabel(m('fields.summary'), { exact: true })
      .fill('How to follow a match without trouble.');
    await editor.getByLabel(m('fields.body'), { exact: true }).fill(body);
    // Before saving, the preview is the text as typed, never interpreted.
    expect(await text(page, '[data-testid="cms-preview-plain"]')).toContain('<script>');
    await editor.locator('[data-testid="cms-submit"]').click();
    await expect.poll(() => notice(page)).toBe(m('guides.saved'));

    // After saving, the preview is the server's rendering: formatting kept, everything active gone.
    const preview = page.locator('[data-testid="cms-preview-html"]');
    await preview.waitFor();
    expect(await preview.locator('strong').textContent()).toBe('Bold advice');
    expect(await preview.locator('script, img[onerror], a[href^="javascript"], em').count()).toBe(0);
    const row = page.locator(`[data-testid="cms-table"] tr[data-id="${slug}"]`);
    await row.waitFor();

    // A visitor's /guides lists it, and its article shows the hostile parts as harmless text.
    const visitor = await openPage(site.browser, `${site.stack.url}/en/guides`);
    await waitForHydration(visitor.page);
    const entry = visitor.page.locator(`[data-testid="guide-summary"][data-slug="${slug}"]`);
    await entry.waitFor();
    expect(await entry.textContent()).toContain(title);
    await entry.getByRole('link').first().click();
    await visitor.page.waitForURL(`${site.stack.url}/en/guides/${slug}`);
    const article = visitor.page.locator(`[data-testid="guide-article"][data-slug="${slug}"]`);
    await article.waitFor();
    expect(await article.locator('strong').first().textContent()).toBe('Bold advice');
    expect(await article.locator('script, img[onerror], [onerror], a[href^="javascript"]').count()).toBe(0);
    expect(await article.locator('img[src^="http:"]').count()).toBe(0);
    expect(await article.locator('a[href="https://example.org/rules"]').count()).toBe(1);
    expect(
      await visitor.page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
    ).toBeUndefined();

    // Unpublished by the operator, it leaves the open /guides page without a reload.
    await visitor.page.goto(`${site.stack.url}/en/guides`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(visitor.page);
    await entry.waitFor();
    const stillSameDocument = await markDocument(visitor.page);
    await row.locator('[data-testid="cms-publish-toggle"]').click();
    await expect
      .poll(() => text(page, `tr[data-id="${slug}"] [data-testid="cms-guide-state"]`))
      .toBe(m('guides.isDraft'));
    await expect.poll(() => entry.count(), { timeout: LIVE_TIMEOUT_MS }).toBe(0);
    await stillSameDocument();
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await page.context().close();
    await visitor.page.context().close();
  });

  it('shows the server’s validation errors next to their fields, then saves and deletes', async () => {
    const { page, errors } = await signInOperator(site.browser);
    await openSection(page, 'highlights');
    await page.locator('[data-testid="cms-new"]').click();
    const editor = page.locator('[data-testid="cms-editor"]');
    const id = `clip-${Date.now()}`;
    await editor.getByLabel(m('fields.id'), { exact: true }).fill(id);
    await editor.getByLabel(m('fields.videoKind'), { exact: true }).selectOption('embed');
    await editor
      .getByLabel(m('fields.videoUrl'), { exact: true })
      .fill('https://videos.evil.example/player/1');

    // No title: the gateway's 400 names the field, and the form says so under it.
    const submit = editor.locator('[data-testid="cms-submit"]');
    await submit.click();
    const titleError = editor.locator('[data-testid="error-title"]');
    await titleError.waitFor();
    expect(await titleError.textContent()).toBe(m('issues.too_small'));
    expect(await editor.getByLabel(m('fields.title'), { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // The keyboard is taken to the field to fix.
    const titleInput = editor.getByLabel(m('fields.title'), { exact: true });
    await expect.poll(() => titleInput.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await text(page, '[data-testid="cms-form-error"]')).toContain(m('codes.request.invalid'));

    // A title, but a video host the site does not frame: the error sits under the video address.
    await editor.getByLabel(m('fields.title'), { exact: true }).fill('Goals of the week');
    await submit.click();
    const videoError = editor.locator('[data-testid="error-video.url"]');
    await videoError.waitFor();
    expect(await videoError.textContent()).toBe(m('codes.content.invalid-video'));
    expect(await editor.locator('[data-testid="error-title"]').count()).toBe(0);
    expect(await editor.getByLabel(m('fields.videoUrl'), { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    // Fixed: saved, listed, and then deleted after a confirmation.
    await editor
      .getByLabel(m('fields.videoUrl'), { exact: true })
      .fill('https://www.youtube-nocookie.com/embed/abc123');
    await submit.click();
    await expect.poll(() => notice(page)).toBe(m('highlights.saved'));
    const row = page.locator(`[data-testid="cms-table"] tr[data-id="${id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Goals of the week');
    await row.locator('[data-testid="cms-delete"]').click();
    // Nothing is deleted before the operator confirms.
    expect(await row.count()).toBe(1);
    await row.locator('[data-testid="cms-delete-confirm"]').click();
    await row.waitFor({ state: 'detached' });
    const listed = (await (await fetch(`${site.stack.url}/api/content/highlights`)).json()) as {
      data: { id: string }[];
    };
    expect(listed.data.map((h) => h.id)).not.toContain(id);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('manages stream sources, a TV schedule, a page text, a plan and a deal', async () => {
    const { page, errors } = await signInOperator(site.browser);
    const [live] = await liveEntries(site.stack);
    const matchId = live!.match.id;

    // A match gets a premium stream source; visitors' stream list gains it.
    await openSection(page, 'streams');
    await page.getByLabel(m('matches.search'), { exact: true }).fill(matchId);
    await page
      .locator(
        `[data-testid="cms-streams-picker"] li[data-match="${matchId}"] [data-testid="cms-pick-match"]`,
      )
      .click();
    const sources = page.locator('[data-testid="cms-match-sources"]');
    await sources.getByLabel(m('fields.label'), { exact: true }).fill('Backup feed');
    await sources.getByLabel(m('fields.access'), { exact: true }).selectOption('premium');
    await sources
      .getByLabel(m('fields.hls'), { exact: true })
      .fill('https://origin.example.org/live/backup.m3u8');
    await sources.locator('[data-testid="cms-submit"]').click();
    await expect.poll(() => notice(page)).toBe(m('streams.added'));
    const sourceRow = sources.locator('tr', { hasText: 'Backup feed' });
    await sourceRow.waitFor();
    await expect
      .poll(async () => {
        const answer = (await (await fetch(`${site.stack.url}/api/matches/${matchId}/streams`)).json()) as {
          data?: { sources: { label: string; access: string }[] };
        };
        return answer.data?.sources.find((s) => s.label === 'Backup feed')?.access;
      })
      .toBe('premium');
    // Deleted with the keyboard alone: Enter asks, focus moves to the confirmation, Enter deletes.
    await sourceRow.locator('[data-testid="cms-delete"]').focus();
    await page.keyboard.press('Enter');
    const confirm = sourceRow.locator('[data-testid="cms-delete-confirm"]');
    await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await sourceRow.waitFor({ state: 'detached' });

    // A TV channel with a schedule: an overlapping programme is refused on its own row.
    await openSection(page, 'tv');
    await page.locator('[data-testid="cms-new"]').click();
    const channel = page.locator('[data-testid="cms-editor"]');
    const channelId = `tv-${Date.now()}`;
    await channel.getByLabel(m('fields.id'), { exact: true }).fill(channelId);
    await channel.getByLabel(m('fields.name'), { exact: true }).fill('Pitchside One');
    await channel.getByLabel(m('fields.hls'), { exact: true }).fill('https://origin.example.org/tv/one.m3u8');
    const year = new Date().getFullYear() + 1;
    const addProgramme = async (n: number, title: string, start: string, end: string) => {
      await channel.locator('[data-testid="cms-add-programme"]').click();
      await channel
        .getByLabel(m('tv.programmeTitle').replace('{{n}}', String(n)), { exact: true })
        .fill(title);
      const row = channel.locator('.cms-schedule__row').nth(n - 1);
      await row.getByLabel(m('tv.startsAt'), { exact: true }).fill(start);
      await row.getByLabel(m('tv.endsAt'), { exact: true }).fill(end);
    };
    await addProgramme(1, 'Matchday live', `${year}-03-01T18:00`, `${year}-03-01T20:00`);
    await addProgramme(2, 'Late analysis', `${year}-03-01T19:30`, `${year}-03-01T21:00`);
    await channel.locator('[data-testid="cms-submit"]').click();
    await channel.locator('[data-testid="error-schedule.1.startsAt"]').waitFor();
    await channel
      .locator('.cms-schedule__row')
      .nth(1)
      .getByLabel(m('tv.startsAt'), { exact: true })
      .fill(`${year}-03-01T20:00`);
    await channel.locator('[data-testid="cms-submit"]').click();
    await expect.poll(() => notice(page)).toBe(m('tv.saved'));
    const tv = (await (await fetch(`${site.stack.url}/api/content/tv/${channelId}`)).json()) as {
      data: { name: string; schedule: { title: string }[] };
    };
    expect(tv.data.name).toBe('Pitchside One');
    expect(tv.data.schedule.map((p) => p.title)).toEqual(['Matchday live', 'Late analysis']);

    // The German "About us" text is replaced, shown rendered, then reset to the built-in one.
    await openSection(page, 'pages');
    await page.getByLabel(m('fields.page'), { exact: true }).selectOption('about-us');
    await page.getByLabel(m('fields.language'), { exact: true }).selectOption('de');
    await page.getByLabel(m('fields.title'), { exact: true }).fill('Über Pitchside');
    await page.getByLabel(m('fields.body'), { exact: true }).fill('Wir zeigen **jedes Tor** live.');
    await page.locator('[data-testid="cms-submit"]').click();
    await expect.poll(() => notice(page)).toContain(m('staticPages.about-us'));
    expect(await page.locator('[data-testid="cms-preview-html"] strong').textContent()).toBe('jedes Tor');
    const germanText = () => fetch(`${site.stack.url}/api/content/pages/about-us/de`);
    expect(((await (await germanText()).json()) as { data: { title: string } }).data.title).toBe(
      'Über Pitchside',
    );
    await page.locator('[data-testid="cms-reset"]').click();
    await page.locator('[data-testid="cms-reset-confirm"]').click();
    await expect.poll(async () => (await germanText()).status).toBe(404);
    await expect.poll(() => text(page, '[data-testid="cms-page-state"]')).toBe(m('pages.builtIn'));

    // A plan, then a deal on it: the public catalogue shows both, and a visitor's open pricing page the plan.
    const visitor = await openPage(site.browser, `${site.stack.url}/en/pricing?currency=EUR`);
    await waitForHydration(visitor.page);
    const sameVisit = await markDocument(visitor.page);
    await openSection(page, 'plans');
    await page.locator('[data-testid="cms-new"]').click();
    const planForm = page.locator('[data-testid="cms-editor"]');
    const planId = `cms-plan-${Date.now()}`;
    await planForm.getByLabel(m('fields.id'), { exact: true }).fill(planId);
    await planForm.getByLabel(m('fields.name'), { exact: true }).fill('Weekend pass');
    await planForm.getByLabel(m('plans.count'), { exact: true }).fill('3');
    await planForm.getByLabel(m('plans.unit'), { exact: true }).selectOption('day');
    await planForm.getByLabel(m('plans.amount'), { exact: true }).fill('499');
    await planForm.locator('[data-testid="cms-submit"]').click();
    await expect.poll(() => notice(page)).toBe(m('plans.created'));
    await page.locator(`[data-testid="cms-table"] tr[data-id="${planId}"]`).waitFor();
    await expect
      .poll(async () => (await visitor.page.locator('main').textContent()) ?? '', { timeout: 15_000 })
      .toContain('Weekend pass');
    await sameVisit();
    await visitor.page.context().close();

    await openSection(page, 'deals');
    await page.locator('[data-testid="cms-new"]').click();
    const dealForm = page.locator('[data-testid="cms-editor"]');
    const code = `CMS-${Date.now() % 1_000_000}`;
    await dealForm.getByLabel(m('deals.code'), { exact: true }).fill(code);
    await dealForm.getByLabel(m('fields.name'), { exact: true }).fill('Launch week');
    await dealForm.getByLabel(`Weekend pass (${planId})`, { exact: true }).check();
    await dealForm.getByLabel(m('deals.percentOff'), { exact: true }).fill('20');
    await dealForm.locator('[data-testid="cms-submit"]').click();
    await expect.poll(() => notice(page)).toBe(m('deals.created'));
    const offer = (await (await fetch(`${site.stack.url}/api/plans?deal=${code}&currency=EUR`)).json()) as {
      data: {
        deal: { code: string; percentOff: number } | null;
        plans: { id: string; prices: { amount: number }[] }[];
      };
    };
    expect(offer.data.deal).toMatchObject({ code, percentOff: 20 });
    expect(offer.data.plans.find((p) => p.id === planId)?.prices[0]?.amount).toBe(399);

    // Retired after a confirmation: the code no longer works.
    const dealRow = page.locator(`[data-testid="cms-table"] tr[data-id="${code}"]`);
    await dealRow.locator('[data-testid="cms-delete"]').click();
    await dealRow.locator('[data-testid="cms-delete-confirm"]').click();
    await expect.poll(() => dealRow.textContent()).toContain(m('plans.retired'));
    expect((await fetch(`${site.stack.url}/api/plans?deal=${code}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no serious accessibility problem in any section, forms open', async () => {
    const email = await newAdmin(site.stack, 'cms');
    // The site's CSP allows only its own nonce'd inline script: let axe in, as a browser extension would.
    const context = await site.browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await page.goto(`${site.stack.url}/en/cms/login`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    await signInWithForm(page, email);
    await page.waitForURL(`${site.stack.url}/en/cms`);
    const serious: string[] = [];
    for (const section of CMS_SECTIONS) {
      await openSection(page, section);
      // Stream sources: the form is the chosen match's.
      if (section === 'streams') await page.locator('[data-testid="cms-pick-match"]').first().click();
      await page.waitForSelector('[data-testid="cms-new"], form', { timeout: LIVE_TIMEOUT_MS });
      if ((await page.locator('[data-testid="cms-new"]').count()) > 0) {
        await page.locator('[data-testid="cms-new"]').click();
        await page.locator('[data-testid="cms-editor"] form').waitFor();
      }
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
          resultTypes: ['violations'],
        });
        return result.violations.map((v) => ({
          rule: v.id,
          impact: v.impact ?? '',
          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        }));
      });
      for (const v of violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          serious.push(`${section}: ${v.rule} (${v.impact}) ${v.nodes.join('; ')}`);
    }
    expect(serious, serious.join('\n')).toEqual([]);
    await context.close();
  });

  it('tells a signed-in visitor without the admin scope "admins only", and the API refuses them', async () => {
    const email = newEmail('visitor');
    const login = await apiClient(site.stack.url).register(email, PASSWORD);
    const { page } = await openPage(site.browser, `${site.stack.url}/en/login`);
    await waitForHydration(page);
    await signInWithForm(page, email);
    await page.waitForURL(`${site.stack.url}/en`);
    await page.goto(`${site.stack.url}/en/cms/content/hot-matches`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    await expect.poll(() => text(page, '[data-testid="cms-admins-only"]')).toBe(m('adminsOnly'));
    expect(await page.locator('form, [data-testid="cms-nav"], [data-testid="cms-pins"]').count()).toBe(0);

    const api = apiClient(site.stack.url);
    const token = login.token.access_token;
    for (const [method, path, body] of [
      ['GET', '/admin/hot-pins', undefined],
      ['PUT', '/admin/hot-pins', { matchIds: [] }],
      ['GET', '/admin/content/guides?lang=en', undefined],
      ['PUT', '/admin/content/guides/en/sneaky', { title: 'x', body: 'x' }],
      ['GET', '/admin/plans', undefined],
    ] as const) {
      const answer = await api.call(method, path, { token, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body?.error?.code).toBe('auth:forbidden');
    }
    await page.context().close();
  });
});
