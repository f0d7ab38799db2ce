import { z } from 'zod';

export const NewsItemSchema = z.object({
  /** Derived from the link (normalised) so one story under several guids is one item. */
  id: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  link: z.url(),
  image: z.url().nullable(),
  publishedAt: z.iso.datetime(),
  source: z.string(),
  /** "preview" or "report" when the story is about one match; null for general news. */
  kind: z.enum(['preview', 'report', 'news']),
  matchId: z.string().nullable(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;
