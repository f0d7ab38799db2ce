import type { AddressInfo } from 'node:net';
import { get as httpGet, type Server } from 'node:http';
import express from 'express';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pitchside/shared/constants';
import { CompetitionSchema, SPORTS, TeamSchema } from '@pitchside/shared/domain';
import { STATIC_PAGES } from '@pitchside/shared/site';
import { buildMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { ReferenceStore } from '@pitchside/ingest/pipeline/reference-store';
import { MatchReads } from '../src/read-model/match-reads.ts';
import { ReferenceReads } from '../src/read-model/reference-reads.ts';
import { seoRoutes } from '../src/seo/seo-routes.ts';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';

const NOW = Date.parse('2026-11-22T12:00:00Z');

interface SitemapUrl {
  loc: string;
  'xhtml:link': { '@_hreflang': string; '@_href': string; '@_rel': string }[];
}

/** robots.txt and sitemap.xml, as the lead mounts them: `app.use(seoRoutes({ ... }))`, on real Redis. */
describe('SEO routes', () => {
  let t: TestRedis;
  const servers: Server[] = [];

  const serve = async (publicBaseUrl?: string): Promise<string> => {
    const app = express();
    app.use(
      seoRoutes({
        reference: new ReferenceReads(t.redis, t.keys),
        matches: new MatchReads(t.redis, t.keys),
        publicBaseUrl,
        now: () => NOW,
      }),
    );
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    t = await testRedis();
    const store = new MatchStore(t.redis, t.keys);
    for (const [id, kickoff] of [
      ['two-days-ago', '2026-11-20T15:00:00Z'],
      ['yesterday', '2026-11-21T15:00:00Z'],
      ['today', '2026-11-22T15:00:00Z'],
      ['tomorrow', '2026-11-23T23:30:00Z'],
      ['in-two-days', '2026-11-24T00:30:00Z'],
    ] as const)
      await store.ingest({ match: buildMatch({ id, kickoff }) });
    const reference = new ReferenceStore(t.redis, t.keys);
    await reference.saveCompetitions([
      CompetitionSchema.parse({
        id: '39',
        name: 'Premier League',
        type: 'league',
        country: 'England',
        season: 2026,
        logo: null,
      }),
    ]);
    await reference.saveTeams([
      TeamSchema.parse({ id: '33', name: 'Manchester United', logo: null }),
      TeamSchema.parse({ id: 'bb-5001', name: 'Bayport Breakers', logo: null }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await t.cleanup();
  });

  it('robots.txt lets robots in everywhere but the API, account, admin and payment pages, and names the sitemap', async () => {
    const res = await fetch(`${await serve('https://pitchside.example/')}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/account', '/cms/', '/payment/', '/de/account', '/tr/payment/', '/ru/cms/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(1 + 3 * 11);
    expect(lines).toContain('Sitemap: https://pitchside.example/sitemap.xml');
  });

  it('sitemap.xml lists every indexable page in ten languages, each with its alternates and x-default', async () => {
    const res = await fetch(`${await serve('https://pitchside.example')}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
    const body = await res.text();
    expect(XMLValidator.validate(body)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ['url', 'xhtml:link'].includes(name),
    }).parse(body) as { urlset: { '@_xmlns': string; '@_xmlns:xhtml': string; url: SitemapUrl[] } };
    expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(parsed.urlset['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const urls = parsed.urlset.url;
    const locs = urls.map((u) => u.loc);

    const indexable = STATIC_PAGES.filter((p) => p.indexable);
    // Static pages, sports, one competition, three matches (yesterday to tomorrow), two teams.
    expect(urls).toHaveLength((indexable.length + SPORTS.length + 1 + 3 + 2) * LANGUAGES.length);
    expect(new Set(locs).size).toBe(locs.length);
    for (const lang of LANGUAGES) {
      expect(locs).toContain(`https://pitchside.example/${lang}`);
      expect(locs).toContain(`https://pitchside.example/${lang}/live-matches`);
      expect(locs).toContain(`https://pitchside.example/${lang}/league/39`);
      expect(locs).toContain(`https://pitchside.example/${lang}/team/bb-5001`);
      expect(locs).toContain(`https://pitchside.example/${lang}/sport/basketball`);
    }
    for (const id of ['yesterday', 'today', 'tomorrow'])
      expect(locs).toContain(`https://pitchside.example/en/match/${id}`);
    for (const id of ['two-days-ago', 'in-two-days'])
      expect(locs).not.toContain(`https://pitchside.example/en/match/${id}`);
    // Not for robots: account, login, payment, admin.
    for (const path of ['account', 'login', 'payment/success', 'cms/login', 'register'])
      expect(locs).not.toContain(`https://pitchside.example/en/${path}`);

    const aboutDe = urls.find((u) => u.loc === 'https://pitchside.example/de/about-us')!;
    expect(aboutDe['xhtml:link'].map((l) => [l['@_hreflang'], l['@_href']])).toEqual([
      ...LANGUAGES.map((lang) => [lang, `https://pitchside.example/${lang}/about-us`]),
      ['x-default', 'https://pitchside.example/about-us'],
    ]);
    expect(aboutDe['xhtml:link'].every((l) => l['@_rel'] === 'alternate')).toBe(true);
    const home = urls.find((u) => u.loc === 'https://pitchside.example/en')!;
    expect(home['xhtml:link'].at(-1)).toMatchObject({
      '@_hreflang': 'x-default',
      '@_href': 'https://pitchside.example/',
    });
  });

  it('builds absolute URLs from the request when no public base URL is configured', async () => {
    const base = await serve();
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${base}/en/about-us</loc>`);
    expect(await (await fetch(`${base}/robots.txt`)).text()).toContain(`Sitemap: ${base}/sitemap.xml`);
    // node:http, not fetch: fetch never sends a Host of the caller's choosing, a reverse proxy does.
    const proxied = await new Promise<string>((resolve, reject) => {
      httpGet(`${base}/robots.txt`, { headers: { host: 'www.pitchside.example' } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      }).on('error', reject);
    });
    expect(proxied).toContain('Sitemap: http://www.pitchside.example/sitemap.xml');
  });
});
