/**
 * The embed's options, from its query string: what it shows (every live match, a competition or a team),
 * its colours, language and size. Parsed with zod at the boundary; a bad one is the page's 400.
 */
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@pitchside/shared/constants';
import { IdSchema } from '@pitchside/shared/domain';

export const EMBED_SCOPES = ['live', 'competition', 'team'] as const;
export const EMBED_THEMES = ['light', 'dark'] as const;
export const EMBED_SIZES = ['compact', 'regular'] as const;

export const EmbedOptionsSchema = z
  .strictObject({
    scope: z.enum(EMBED_SCOPES).default('live'),
    id: IdSchema.optional(),
    theme: z.enum(EMBED_THEMES).default('light'),
    lang: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
    size: z.enum(EMBED_SIZES).default('regular'),
  })
  .superRefine((options, context) => {
    if (options.scope !== 'live' && options.id === undefined)
      context.addIssue({ code: 'custom', path: ['id'], message: `A ${options.scope} widget needs an id.` });
    if (options.scope === 'live' && options.id !== undefined)
      context.addIssue({ code: 'custom', path: ['id'], message: 'The live widget takes no id.' });
  });
export type EmbedOptions = z.infer<typeof EmbedOptionsSchema>;

/** The language an error page is written in: the one asked for when it is one of ours. */
export const languageOf = (query: unknown): (typeof LANGUAGES)[number] => {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return LANGUAGES.find((l) => l === lang) ?? DEFAULT_LANGUAGE;
};
