/**
 * Every page of the site (../SPEC.md section 2), in one catalogue the web router, the gateway's server
 * renderer and the sitemap all read. A page's `path` is a react-router pattern relative to the language
 * prefix: `/de/live-matches` is the page `live-matches` in German.
 */

/** Which frame wraps a page: the spec names five. */
export type PageLayout = 'auth' | 'default' | 'empty' | 'home' | 'user';

/** Route middleware by name (spec: pages are no-auth, guest-only, or need a signed-in user). */
export type PageMiddleware = 'no-auth' | 'guest-only' | 'auth';

export interface SitePage {
  /** Stable name: the route id, the message key of the page title, and the name in tests. */
  readonly id: string;
  /** Pattern below the language prefix, '' for the home page. */
  readonly path: string;
  readonly layout: PageLayout;
  readonly middleware: PageMiddleware;
  /** Listed in sitemap.xml and open to robots. */
  readonly indexable: boolean;
}

const page = (
  id: string,
  path: string,
  layout: PageLayout = 'default',
  middleware: PageMiddleware = 'no-auth',
  indexable = middleware === 'no-auth',
): SitePage => ({ id, path, layout, middleware, indexable });

export const SITE_PAGES = [
  page('home', '', 'home'),
  // Plain pages.
  page('about-us', 'about-us'),
  page('account', 'account', 'user', 'auth'),
  page('contact', 'contact'),
  page('disclaimer', 'disclaimer'),
  page('faq', 'faq'),
  page('fixtures-results', 'fixtures-results'),
  page('guides', 'guides'),
  page('highlight', 'highlight'),
  page('hot-matches', 'hot-matches'),
  page('league-list', 'league'),
  page('live-matches', 'live-matches'),
  page('login', 'login', 'auth', 'guest-only'),
  page('movies', 'movies'),
  page('pricing', 'pricing'),
  page('pricing-sport', 'pricing-sport'),
  page('register', 'register', 'auth', 'guest-only'),
  page('reset', 'reset', 'auth', 'guest-only'),
  page('security', 'security'),
  page('team-list', 'team'),
  page('terms', 'terms'),
  page('tv', 'tv'),
  page('widget', 'widget', 'empty'),
  // Other pages.
  page('reset-password', 'auth/reset-password', 'auth', 'guest-only'),
  page('cms-login', 'cms/login', 'auth', 'no-auth', false),
  // The admin side's landing (the operators' dashboard): signed-in only, and the gateway checks the scope.
  page('cms', 'cms', 'default', 'auth', false),
  // The CMS's content sections (hot matches, streams, media, guides, page texts, plans, deals); same rules.
  page('cms-content', 'cms/content/:section?', 'default', 'auth', false),
  page('payment-failure', 'payment/failure', 'default', 'no-auth', false),
  page('payment-result', 'payment/result', 'default', 'no-auth', false),
  page('payment-success', 'payment/success', 'default', 'no-auth', false),
  page('privacy', 'policy/privacy'),
  page('refund', 'policy/refund'),
  page('world-cup-2022', 'league/fifa-world-cup-2022-live-streaming'),
  // Parameterised pages.
  page('league', 'league/:id'),
  page('team', 'team/:id'),
  page('match', 'match/:id?'),
  page('match-highlight', 'match-highlight/:id?'),
  page('guide', 'guides/:slug'),
  page('sport', 'sport/:slug?'),
  page('head-to-head', 'team/head-to-head/:slug?'),
  page('deprecated', 'deprecated/:slug?', 'default', 'no-auth', false),
] as const satisfies readonly SitePage[];

export type PageId = (typeof SITE_PAGES)[number]['id'];

/** The pages without parameters: the ones a sitemap can list without knowing the data. */
export const STATIC_PAGES = SITE_PAGES.filter((p) => !p.path.includes(':'));

/**
 * Builds the path of a page in a language: `pagePath('de', 'match/:id?', { id: '42' })` is `/de/match/42`.
 * Optional parameters left out drop their segment; a required one left out is a programming error.
 */
export function pagePath(language: string, pattern: string, params: Record<string, string> = {}): string {
  const segments = pattern
    .split('/')
    .filter((s) => s !== '')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`pagePath: ${pattern} needs the parameter ${name}`);
      }
      return [encodeURIComponent(value)];
    });
  return `/${[language, ...segments].join('/')}`;
}
