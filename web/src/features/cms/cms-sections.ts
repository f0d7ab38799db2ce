/**
 * The sections of the admin side, in the order the navigation lists them. `dashboard` is /cms itself
 * (operations, queues, users); the others are /cms/content/{section}.
 */
export const CMS_SECTIONS = [
  'hot-matches',
  'streams',
  'highlights',
  'movies',
  'tv',
  'guides',
  'pages',
  'plans',
  'deals',
] as const;
export type CmsSection = (typeof CMS_SECTIONS)[number];

export const isCmsSection = (value: string | undefined): value is CmsSection =>
  (CMS_SECTIONS as readonly string[]).includes(value ?? '');
