import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pitchside/shared/constants';
import { pagePath, SITE_PAGES } from '@pitchside/shared/site';
import { useLiveSite } from './support/live-site.ts';
import { liveEntries } from './support/live-fixture.ts';
import { publishGuide } from './support/operator.ts';

/**
 * Every page of the spec, as a search engine or a shared link meets it: server-rendered HTML with its
 * status, language, head tags and the URL strategy's redirects and cookie. No JavaScript runs here.
 */
const site = useLiveSite();

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.stack.url}${path}`, { redirect: 'manual', headers });
  return { response, html: await response.text() };
}

const attr = (html: string, pattern: RegExp): string | undefined => pattern.exec(html)?.[1];

/** Real parameters for the parameterised pages, read from the API the site itself uses. */
async function parameters(): Promise<Record<string, Record<string, string>>> {
  const live = await liveEntries(site.stack);
  const match = live[0]!.match;
  const team = (await (await fetch(`${site.stack.url}/api/teams/${match.home.id}`)).json()) as {
    data: { team: { slug?: string } };
  };
  const away = (await (await fetch(`${site.stack.url}/api/teams/${match.away.id}`)).json()) as {
    data: { team: { slug?: string } };
  };
  const slug =
    team.data.team.slug && away.data.team.slug ? `${team.data.team.slug}-vs-${away.data.team.slug}` : '';
  return {
    league: { id: match.competition.id },
    team: { id: match.home.id },
    match: { id: match.id },
    'match-highlight': { id: match.id },
    sport: { slug: 'football' },
    'head-to-head': slug ? { slug } : {},
    deprecated: { slug: 'old-page' },
    guide: guide ?? (guide = await publishGuide(site.stack)),
  };
}

let guide: { slug: string } | undefined;

describe('every page of the spec, server-rendered', () => {
  it.each(['en', 'de', 'tr'] as const)(
    'answers every route in %s with its status, language and head',
    async (language) => {
      const params = await parameters();
      const failures: string[] = [];
      for (const page of SITE_PAGES) {
        const path = pagePath(language, page.path, params[page.id] ?? {});
        const { response, html } = await get(path);
        if (page.middleware === 'auth') {
          // Nobody is signed in: the spec sends anonymous visitors to /login, remembering the target.
          const location = response.headers.get('location');
          if (
            response.status !== 302 ||
            location !== `/${language}/login?redirect=${encodeURIComponent(path)}`
          )
            failures.push(`${path}: ${response.status} ${location}`);
          continue;
        }
        if (response.status !== 200) {
          failures.push(`${path}: status ${response.status}`);
          continue;
        }
        const problems = [
          attr(html, /<html lang="([a-z]+)"/) === language ? null : 'html lang',
          /<title>[^<]+ \| Pitchside<\/title>/.test(html) ? null : 'title',
          /<meta name="description" content="[^"]{10,}"/.test(html) ? null : 'description',
          /<meta name="robots" content="(index|noindex), follow"/.test(html) ? null : 'robots',
          html.includes(`<link rel="canonical" href="${site.stack.url}${path}"/>`) ? null : 'canonical',
          (html.match(/<link rel="alternate" hrefLang="/g) ?? []).length === LANGUAGES.length + 1
            ? null
            : 'hreflang',
          /<meta property="og:image" content="[^"]+"/.test(html) ? null : 'og:image',
          /<meta name="twitter:card" content="summary_large_image"/.test(html) ? null : 'twitter:card',
          /<h1[ >]/.test(html) ? null : 'h1',
        ].filter(Boolean);
        if (problems.length) failures.push(`${path}: ${problems.join(', ')}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it("gives the home page the spec's title, and the share card at 1200x628", async () => {
    const { html } = await get('/en');
    expect(html).toContain('<title>Online football streaming, schedule and scores | Pitchside</title>');
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="628"/>');
    const image = attr(html, /<meta property="og:image" content="([^"]+)"/)!;
    const card = await fetch(image);
    expect(card.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await card.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 628]);
  });

  it('gives a crawler the whole match page, with SportsEvent data, without JavaScript', async () => {
    const match = (await liveEntries(site.stack))[0]!.match;
    const { response, html } = await get(`/en/match/${match.id}`, { 'user-agent': GOOGLEBOT });
    expect(response.status).toBe(200);
    expect(html).toContain(match.home.name);
    expect(html).toContain(match.away.name);
    const jsonLd = attr(html, /<script type="application\/ld\+json">(.+?)<\/script>/);
    expect(JSON.parse(jsonLd!)).toMatchObject({
      '@type': 'SportsEvent',
      homeTeam: { name: match.home.name },
      awayTeam: { name: match.away.name },
      startDate: match.kickoff,
    });
  });

  it('reads the device from the user agent on the server', async () => {
    expect(attr((await get('/en/faq', { 'user-agent': IPHONE })).html, /data-device="(\w+)"/)).toBe('mobile');
    expect(attr((await get('/en/faq', { 'user-agent': GOOGLEBOT })).html, /data-device="(\w+)"/)).toBe(
      'desktop',
    );
  });
});

describe('the URL strategy and the language cookie', () => {
  const COOKIE = /^i18n_redirected=(\w+); Max-Age=31536000; Path=\/; SameSite=Lax$/;

  it('redirects the root by cookie, then browser language (exact, then base), then English', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ cookie: 'i18n_redirected=tr', 'accept-language': 'de' }, '/tr'],
      [{ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' }, '/pt'],
      [{ 'accept-language': 'en-US, es;q=0.5' }, '/es'],
      [{ 'accept-language': 'ja, ko;q=0.8' }, '/en'],
      [{}, '/en'],
    ];
    for (const [headers, target] of cases) {
      const { response } = await get('/', headers);
      expect(response.status, JSON.stringify(headers)).toBe(302);
      expect(response.headers.get('location'), JSON.stringify(headers)).toBe(target);
      expect(COOKIE.exec(response.headers.get('set-cookie') ?? '')?.[1]).toBe(target.slice(1));
    }
  });

  it('redirects a bare path to its prefixed address by the cookie only, keeping the query', async () => {
    const plain = await get('/fixtures-results?date=2025-06-14', { 'accept-language': 'de' });
    expect(plain.response.status).toBe(302);
    expect(plain.response.headers.get('location')).toBe('/en/fixtures-results?date=2025-06-14');
    const withCookie = await get('/live-matches', { cookie: 'i18n_redirected=fr' });
    expect(withCookie.response.headers.get('location')).toBe('/fr/live-matches');
  });

  it('opens the home page at each prefix alone, and remembers the language of the page seen', async () => {
    for (const language of LANGUAGES) {
      const { response, html } = await get(`/${language}`, { cookie: 'i18n_redirected=en' });
      expect(response.status).toBe(200);
      expect(attr(html, /<html lang="([a-z]+)"/)).toBe(language);
      const cookie = response.headers.get('set-cookie');
      if (language === 'en') expect(cookie).toBeNull();
      else expect(COOKIE.exec(cookie ?? '')?.[1]).toBe(language);
    }
  });

  it("answers an unknown address with a real 404 'This page could not be found'", async () => {
    for (const path of ['/de/no-such-page', '/en/league/unknown-league', '/tr/match/999999999']) {
      const { response, html } = await get(path);
      expect(response.status, path).toBe(404);
      expect(html, path).toContain('noindex, follow');
    }
    const { html } = await get('/en/no-such-page');
    expect(html).toContain('This page could not be found');
    // Not a language: treated as a bare path, redirected, then not found.
    const bare = await get('/xx/whatever');
    expect(bare.response.headers.get('location')).toBe('/en/xx/whatever');
    expect((await get('/en/xx/whatever')).response.status).toBe(404);
  });
});
