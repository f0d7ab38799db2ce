import { Router, type Request } from 'express';
import { LANGUAGES } from '@pitchside/shared/constants';
import { SPORTS } from '@pitchside/shared/domain';
import { pagePath, STATIC_PAGES } from '@pitchside/shared/site';
import type { MatchReads } from '../read-model/match-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';

export interface SeoDeps {
  reference: ReferenceReads;
  matches: MatchReads;
  /** The site's public origin (PUBLIC_BASE_URL); without it, each request's protocol and Host. */
  publicBaseUrl?: string | undefined;
  now?: () => number;
  /** Published guide articles and their languages (content, issue 6); none without the database. */
  guides?: () => Promise<{ slug: string; languages: readonly string[] }[]>;
}

/** Robots and search engines re-read these every few minutes at most. */
const SEO_CACHE = 'public, max-age=300, stale-while-revalidate=600';
/** sitemaps.org: at most 50,000 URLs in one file. */
export const MAX_SITEMAP_URLS = 50_000;
const DAY_MS = 86_400_000;

/** Areas robots stay out of: the API, and the account, admin and payment pages in every language. */
const PRIVATE_PREFIXES = ['/account', '/cms/', '/payment/'] as const;

/**
 * robots.txt and sitemap.xml. Every page exists under each language prefix (/de/live-matches), so the
 * sitemap lists each page once per language, every entry naming all ten versions and the bare path as
 * `x-default` (it sends a visitor to their language), as Google documents for localized pages
 * (https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap).
 */
export function seoRoutes(deps: SeoDeps): Router {
  const router = Router();
  const now = deps.now ?? Date.now;

  router.get('/robots.txt', (req, res) => {
    const base = baseUrl(req, deps.publicBaseUrl);
    const disallowed = [
      '/api/',
      ...PRIVATE_PREFIXES,
      ...LANGUAGES.flatMap((lang) => PRIVATE_PREFIXES.map((prefix) => `/${lang}${prefix}`)),
    ];
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...disallowed.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ];
    res.set('Cache-Control', SEO_CACHE).type('text/plain').send(lines.join('\n'));
  });

  router.get('/sitemap.xml', async (req, res) => {
    const base = baseUrl(req, deps.publicBaseUrl);
    const today = Date.UTC(...utcDate(now()));
    const [competitions, teams, matchIds, guides] = await Promise.all([
      deps.reference.competitions(),
      deps.reference.teams(),
      // Yesterday's results, today's and tomorrow's fixtures.
      deps.matches.idsByKickoff(today - DAY_MS, today + 2 * DAY_MS),
      deps.guides?.() ?? [],
    ]);
    const pages: Page[] = [
      ...STATIC_PAGES.filter((p) => p.indexable).map((p) => ({ pattern: p.path, params: {} })),
      ...SPORTS.map((s) => ({ pattern: 'sport/:slug?', params: { slug: s.slug } })),
      ...guides.map((g) => ({ pattern: 'guides/:slug', params: { slug: g.slug }, languages: g.languages })),
      ...competitions.map((c) => ({ pattern: 'league/:id', params: { id: c.id } })),
      ...matchIds.map((id) => ({ pattern: 'match/:id?', params: { id } })),
      ...teams.map((t) => ({ pattern: 'team/:id', params: { id: t.id } })),
    ];
    // Past the limit the last ones (teams first) are left out rather than the file refused.
    const fitting = pages.slice(0, Math.floor(MAX_SITEMAP_URLS / LANGUAGES.length));
    res.set('Cache-Control', SEO_CACHE).type('application/xml').send(renderSitemap(base, fitting));
  });

  return router;
}

interface Page {
  pattern: string;
  params: Record<string, string>;
  /** The languages the page exists in (a guide written in some only); every language when absent. */
  languages?: readonly string[];
}

export function renderSitemap(base: string, pages: readonly Page[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const { pattern, params, languages = LANGUAGES } of pages) {
    const versions = languages.map((lang) => ({ lang, href: `${base}${pagePath(lang, pattern, params)}` }));
    const alternates = [
      ...versions.map((v) => link(v.lang, v.href)),
      link('x-default', `${base}${barePath(pattern, params)}`),
    ];
    for (const { href } of versions)
      out.push(`  <url>\n    <loc>${xml(href)}</loc>\n${alternates.join('\n')}\n  </url>`);
  }
  out.push('</urlset>', '');
  return out.join('\n');
}

const link = (hreflang: string, href: string) =>
  `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href)}"/>`;

/** A page's path without a language prefix: "/" for home. */
function barePath(pattern: string, params: Record<string, string>): string {
  return pagePath('_', pattern, params).slice(2) || '/';
}

function xml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** The configured origin, or the request's: its protocol (behind a proxy, as `trust proxy` allows) and Host. */
function baseUrl(req: Request, configured: string | undefined): string {
  const origin = configured ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return origin.replace(/\/+$/, '');
}

function utcDate(ms: number): [number, number, number] {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}
