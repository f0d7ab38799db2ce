/**
 * Where the old site's addresses live now (`/xx/deprecated/{slug}`): the gateway answers these with a
 * permanent redirect before the page renders, keeping the language prefix and the query string. Only the
 * targets of this table are ever redirected to, so `deprecated/...` cannot be turned into an open redirect;
 * any other slug gets the `deprecated` page, which points people on.
 */
export const DEPRECATED_LINKS: Readonly<Record<string, string>> = {
  'live-score': 'live-matches',
  'live-scores': 'live-matches',
  live: 'live-matches',
  streaming: 'live-matches',
  'live-streaming': 'live-matches',
  fixtures: 'fixtures-results',
  results: 'fixtures-results',
  schedule: 'fixtures-results',
  leagues: 'league',
  competitions: 'league',
  teams: 'team',
  highlights: 'highlight',
  'match-highlights': 'highlight',
  'hot-match': 'hot-matches',
  plans: 'pricing',
  premium: 'pricing',
  'privacy-policy': 'policy/privacy',
  privacy: 'policy/privacy',
  'refund-policy': 'policy/refund',
  refund: 'policy/refund',
  'terms-of-service': 'terms',
  'terms-and-conditions': 'terms',
  about: 'about-us',
  'contact-us': 'contact',
  help: 'faq',
  'world-cup-2022': 'league/fifa-world-cup-2022-live-streaming',
  'world-cup': 'league/fifa-world-cup-2022-live-streaming',
  'tv-channels': 'tv',
  embed: 'widget',
};

/** The page path (below the language prefix) an old slug moved to, or null when the table does not know it. */
export function deprecatedTarget(slug: string): string | null {
  return Object.hasOwn(DEPRECATED_LINKS, slug) ? DEPRECATED_LINKS[slug]! : null;
}
