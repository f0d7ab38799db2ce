import { z } from 'zod';
import { LANGUAGES } from '../constants/index.ts';
import { IdSchema } from '../domain/competition.ts';

/**
 * Content that operators manage from the admin side (issue 6): hot-match pins, extra stream sources of a
 * match, highlights, movies, TV channels, guides and the static pages' texts. What the gateway answers, what
 * the CMS sends, and the topics of the `content:changed` push that tells open pages to fetch again.
 *
 * Markdown (guides, page texts) is stored as written and rendered by the gateway into inert HTML
 * (`bodyHtml`: no raw HTML, no script or event attributes, links only http(s)/mailto, images only https);
 * clients insert `bodyHtml` and never render markdown themselves.
 */

export const LanguageSchema = z.enum(LANGUAGES);
/** A content id or slug: `goals-of-the-week`, `tv-sport-1`. */
export const SlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'a lowercase slug');
const TitleSchema = z.string().trim().min(1).max(160);
const HttpUrlSchema = z.url({ protocol: /^https?$/ }).max(2000);
const MarkdownSchema = z.string().max(100_000);
const AccessSchema = z.enum(['free', 'premium']);

/**
 * How a video plays: `hls` and `mp4` through the site's player (the URL is the origin, proxied and signed
 * by the gateway for premium), `embed` as an iframe of a known video host (`VIDEO_EMBED_HOSTS`).
 */
export const VideoKindSchema = z.enum(['hls', 'mp4', 'embed']);
export type VideoKind = z.infer<typeof VideoKindSchema>;
/** The only hosts whose players may be framed: an `embed` URL elsewhere is refused (`content:invalid-video`). */
export const VIDEO_EMBED_HOSTS = [
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'player.vimeo.com',
  'www.dailymotion.com',
] as const;

export const VideoSchema = z.object({ kind: VideoKindSchema, url: HttpUrlSchema });
export type Video = z.infer<typeof VideoSchema>;
/** A video's length in whole seconds (six hours at most), null when not known. */
export const VideoDurationSchema = z
  .number()
  .int()
  .min(1)
  .max(6 * 3600)
  .nullable()
  .default(null);

// ---- Hot matches ----------------------------------------------------------------------------------

/** PUT /api/admin/hot-pins: the whole ordered list of pinned match ids (first shown first), at most 20. */
export const HotPinsSchema = z.object({ matchIds: z.array(IdSchema).max(20) });
export type HotPins = z.infer<typeof HotPinsSchema>;

// ---- Stream sources a match gets from the CMS, besides the streaming provider's ----------------------

export const AdminStreamSourceBodySchema = z.strictObject({
  label: TitleSchema,
  access: AccessSchema,
  /** The origin playlist (HLS); never shown to visitors, who get the gateway's proxied (signed) URL. */
  hls: HttpUrlSchema,
});
export const AdminStreamSourceSchema = AdminStreamSourceBodySchema.extend({
  id: IdSchema,
  matchId: IdSchema,
  createdAt: z.iso.datetime(),
});
export type AdminStreamSource = z.infer<typeof AdminStreamSourceSchema>;

// ---- Highlights -----------------------------------------------------------------------------------

export const HighlightBodySchema = z.strictObject({
  /** The match it shows (its page links here); null for a compilation. */
  matchId: IdSchema.nullable(),
  title: TitleSchema,
  video: VideoSchema,
  posterUrl: HttpUrlSchema.nullable().default(null),
  durationS: VideoDurationSchema,
  publishedAt: z.iso.datetime().optional(),
});
export const HighlightSchema = z.object({
  id: SlugSchema,
  matchId: IdSchema.nullable(),
  title: z.string(),
  /** For `hls`/`mp4`: a URL on our origin (free); for `embed`: the host's player URL. */
  video: VideoSchema.extend({ url: z.string() }),
  posterUrl: z.string().nullable(),
  durationS: z.number().int().nullable(),
  publishedAt: z.iso.datetime(),
});
export type Highlight = z.infer<typeof HighlightSchema>;

// ---- Movies and TV ----------------------------------------------------------------------------------

export const MovieBodySchema = z.strictObject({
  title: TitleSchema,
  synopsis: z.string().max(2000).default(''),
  year: z.number().int().min(1888).max(2100).nullable().default(null),
  posterUrl: HttpUrlSchema.nullable().default(null),
  access: AccessSchema,
  video: VideoSchema,
  position: z.number().int().min(0).max(10_000).default(0),
});
export const MovieSchema = z.object({
  id: SlugSchema,
  title: z.string(),
  synopsis: z.string(),
  year: z.number().int().nullable(),
  posterUrl: z.string().nullable(),
  access: AccessSchema,
  position: z.number().int(),
});
export type Movie = z.infer<typeof MovieSchema>;

export const TvProgrammeSchema = z.object({
  title: TitleSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type TvProgramme = z.infer<typeof TvProgrammeSchema>;

export const TvChannelBodySchema = z.strictObject({
  name: TitleSchema,
  logoUrl: HttpUrlSchema.nullable().default(null),
  access: AccessSchema,
  /** The channel's live HLS origin. */
  hls: HttpUrlSchema,
  /** Programmes in time order, not overlapping; at most two weeks' worth. */
  schedule: z.array(TvProgrammeSchema).max(500).default([]),
  position: z.number().int().min(0).max(10_000).default(0),
});
export const TvChannelSchema = z.object({
  id: SlugSchema,
  name: z.string(),
  logoUrl: z.string().nullable(),
  access: AccessSchema,
  schedule: z.array(TvProgrammeSchema),
  position: z.number().int(),
});
export type TvChannel = z.infer<typeof TvChannelSchema>;

/**
 * GET /api/content/movies/:id/play and /api/content/tv/:id/play: where the player loads from. Free: always;
 * premium: only for a signed-in user with a site-wide plan (a signed URL that expires), else 401/403 with
 * `stream:not-entitled`, as for a match's premium stream.
 */
export const PlaybackSchema = z.object({
  kind: VideoKindSchema,
  url: z.string(),
  expiresAt: z.iso.datetime().nullable(),
});
export type Playback = z.infer<typeof PlaybackSchema>;

// ---- Guides and page texts --------------------------------------------------------------------------

export const GuideBodySchema = z.strictObject({
  title: TitleSchema,
  summary: z.string().trim().max(400).default(''),
  body: MarkdownSchema,
  published: z.boolean().default(true),
});
export const GuideSummarySchema = z.object({
  slug: SlugSchema,
  language: LanguageSchema,
  title: z.string(),
  summary: z.string(),
  updatedAt: z.iso.datetime(),
});
export type GuideSummary = z.infer<typeof GuideSummarySchema>;
export const GuideSchema = GuideSummarySchema.extend({
  /** Rendered, inert HTML of the markdown body. */
  bodyHtml: z.string(),
  /** The languages this guide exists in (for hreflang and the language switcher). */
  languages: z.array(LanguageSchema),
});
export type Guide = z.infer<typeof GuideSchema>;
/** The CMS's view of a guide: the markdown as written, published or not. */
export const AdminGuideSchema = GuideSummarySchema.extend({ body: z.string(), published: z.boolean() });
export type AdminGuide = z.infer<typeof AdminGuideSchema>;

/** The static pages whose text operators may override per language (otherwise the built-in text shows). */
export const STATIC_PAGES = [
  'about-us',
  'contact',
  'disclaimer',
  'faq',
  'security',
  'terms',
  'privacy',
  'refund',
] as const;
export const StaticPageSchema = z.enum(STATIC_PAGES);
export type StaticPage = z.infer<typeof StaticPageSchema>;

export const PageTextBodySchema = z.strictObject({ title: TitleSchema, body: MarkdownSchema });
export const PageTextSchema = z.object({
  page: StaticPageSchema,
  language: LanguageSchema,
  title: z.string(),
  bodyHtml: z.string(),
  updatedAt: z.iso.datetime(),
});
export type PageText = z.infer<typeof PageTextSchema>;
export const AdminPageTextSchema = PageTextSchema.omit({ bodyHtml: true }).extend({ body: z.string() });
export type AdminPageText = z.infer<typeof AdminPageTextSchema>;

// ---- Live push ----------------------------------------------------------------------------------------

/**
 * What an open page may follow (`content:subscribe`), and what `content:changed` names after an operator's
 * change: the page fetches the resource again over REST.
 */
export const ContentTopicSchema = z.union([
  z.literal('hot-matches'),
  z.literal('highlights'),
  z.literal('movies'),
  z.literal('tv'),
  z.literal('plans'),
  z.string().regex(/^guides:[a-z]{2}$/),
  z.string().regex(/^page:[a-z-]{2,20}:[a-z]{2}$/),
  z.string().regex(/^match-streams:[A-Za-z0-9_:-]{1,64}$/),
]);
export type ContentTopic = z.infer<typeof ContentTopicSchema>;
export const ContentSubscribeSchema = z.strictObject({ topic: ContentTopicSchema });
export type ContentSubscribe = z.infer<typeof ContentSubscribeSchema>;
/**
 * The answer to `content:subscribe`: when the topic last changed (null: not since the store was created)
 * and the server's time, so a page can tell whether the data it was rendered with is already stale (a
 * change between the server render and the subscription) without trusting the browser's clock.
 */
export const ContentSubscribedSchema = z.object({
  topic: z.string(),
  changedAt: z.iso.datetime().nullable(),
  now: z.iso.datetime(),
});
export type ContentSubscribed = z.infer<typeof ContentSubscribedSchema>;
export interface ContentChanged {
  topic: ContentTopic;
  /** ISO time of the change. */
  at: string;
}
export const contentTopics = {
  hotMatches: 'hot-matches',
  highlights: 'highlights',
  movies: 'movies',
  tv: 'tv',
  plans: 'plans',
  guides: (language: string) => `guides:${language}`,
  page: (page: StaticPage, language: string) => `page:${page}:${language}`,
  matchStreams: (matchId: string) => `match-streams:${matchId}`,
} as const;

// ---- The CMS's views (issue 6, gateway): what /api/admin lists, origin URLs included ------------------

/** A CMS highlight: the public view plus the origin video as the operator entered it. */
export const AdminHighlightSchema = HighlightSchema.extend({
  video: VideoSchema,
  updatedAt: z.iso.datetime(),
});
export type AdminHighlight = z.infer<typeof AdminHighlightSchema>;
/** A movie with its origin video (never shown to visitors, who get /play). */
export const AdminMovieSchema = MovieSchema.extend({ video: VideoSchema, updatedAt: z.iso.datetime() });
export type AdminMovie = z.infer<typeof AdminMovieSchema>;
/** A TV channel with its origin playlist and its whole schedule (past programmes too). */
export const AdminTvChannelSchema = TvChannelSchema.extend({ hls: z.string(), updatedAt: z.iso.datetime() });
export type AdminTvChannel = z.infer<typeof AdminTvChannelSchema>;
/** The `content:changed` push, for clients that parse it. */
export const ContentChangedSchema = z.object({ topic: ContentTopicSchema, at: z.iso.datetime() });
