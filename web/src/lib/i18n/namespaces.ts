/**
 * Message files live in web/src/locales/{language}/{namespace}.json, one namespace per area so each area's
 * strings can be found (and translated) together. English is the reference: every other language must
 * have every key of it, translated (see locales.test.ts).
 */
export const NAMESPACES = [
  'common',
  'pages',
  'matches',
  'match',
  'explore',
  'content',
  'account',
  'media',
  'widget',
  'cms',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';
/**
 * A page's HTML carries the namespaces its render used plus these (what live updates on any page may show:
 * the shell, match rows, the match centre); the browser fetches the rest once the page is idle.
 */
export const ALWAYS_SENT: readonly Namespace[] = ['common', 'matches', 'match'];

/** One language's messages, namespace by namespace. */
export type Messages = Partial<Record<Namespace, Record<string, unknown>>>;
