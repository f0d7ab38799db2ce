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

/** One language's messages, namespace by namespace. */
export type Messages = Partial<Record<Namespace, Record<string, unknown>>>;
