import { z } from 'zod';
import { DEFAULT_SPORT, SportSlugSchema } from './competition.ts';

export const NewsItemSchema = z.object({
  /** Derived from the link (normalised) so one story under several guids is one item. */
  id: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  link: z.url(),
  image: z.url().nullable(),
  publishedAt: z.iso.datetime(),
  /** Where the article opens: its link's host without "www." ("bbc.co.uk"), not the feed's. */
  source: z.string(),
  /** "preview" or "report" when the story is about one match; "news" otherwise. */
  kind: z.enum(['preview', 'report', 'news']),
  /**
   * The sport the story is about, one the site covers (stories of other sports never reach the store).
   * Absent on stories stored before sports were told apart: those came from the football feed.
   */
  sport: SportSlugSchema.default(DEFAULT_SPORT),
  matchId: z.string().nullable(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;
