import { z } from 'zod';

/** Ids are strings on our side: providers use numbers, codes or slugs, and the web never does arithmetic on them. */
export const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'ids are letters, digits and _.:-');
export type Id = z.infer<typeof IdSchema>;

export const SportSchema = z.object({
  id: IdSchema,
  slug: z.string(),
  name: z.string(),
});
export type Sport = z.infer<typeof SportSchema>;

/** Every sport the site covers, in the order menus list them. Football is the default everywhere. */
export const SPORTS = [
  { id: 'football', slug: 'football', name: 'Football' },
  { id: 'basketball', slug: 'basketball', name: 'Basketball' },
] as const satisfies readonly Sport[];
export type SportSlug = (typeof SPORTS)[number]['slug'];
export const DEFAULT_SPORT: SportSlug = 'football';
export const SportSlugSchema = z.enum(SPORTS.map((s) => s.slug) as [SportSlug, ...SportSlug[]]);

export const CompetitionTypeSchema = z.enum(['league', 'cup']);
export type CompetitionType = z.infer<typeof CompetitionTypeSchema>;

export const CompetitionSchema = z.object({
  id: IdSchema,
  sport: z.string().default('football'),
  name: z.string(),
  type: CompetitionTypeSchema,
  country: z.string().nullable(),
  countryCode: z.string().nullable().default(null),
  flag: z.string().nullable().default(null),
  season: z.number().int(),
  logo: z.string().nullable(),
  /** Lower is more prominent: drives the order of competitions in lists. */
  popularity: z.number().int().default(100),
});
export type Competition = z.infer<typeof CompetitionSchema>;

/** The part of a competition a match carries with it. */
export const CompetitionRefSchema = CompetitionSchema.pick({
  id: true,
  name: true,
  type: true,
  country: true,
  season: true,
  logo: true,
}).extend({
  /**
   * The sport's slug; absent means football, so matches stored before sports existed (and football-only
   * callers building a match by hand) stay valid. Read it through `sportOf`.
   */
  sport: z.string().optional(),
});
export type CompetitionRef = z.infer<typeof CompetitionRefSchema>;

/** The sport of a competition or of the competition a match belongs to. */
export const sportOf = (competition: { sport?: string | undefined }): string =>
  competition.sport ?? DEFAULT_SPORT;
