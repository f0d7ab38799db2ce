/**
 * Every path of the site, in one place: the route patterns the router registers and the builders links
 * use. Features never build paths; routes pass them what they need (e.g. MatchList's `matchHref`).
 *
 * Language prefixes (/de/live-matches) come later: every page already sits under the optional `:lang`
 * segment of the root layout, and `localize` is the one place that will add the visitor's prefix.
 */
export const routePatterns = {
  root: '/:lang?',
  liveMatches: 'live-matches',
  /** The spec lists the id as optional; without one the page says the match could not be found. */
  match: 'match/:id?',
} as const;

export const paths = {
  home: (): string => '/',
  liveMatches: (): string => '/live-matches',
  match: (matchId: string): string => `/match/${encodeURIComponent(matchId)}`,
};

/** Prefixes a path with a language when the visitor is on a prefixed URL; bare paths stay bare for now. */
export const localize = (path: string, lang: string | undefined): string =>
  lang ? `/${lang}${path === '/' ? '' : path}` : path;
