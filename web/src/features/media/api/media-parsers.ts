import '../../../lib/zod-browser.ts';
import { GuideSummarySchema, HighlightSchema, MovieSchema, TvChannelSchema } from '@pitchside/shared/content';

export { GuideSchema, PageTextSchema, PlaybackSchema } from '@pitchside/shared/content';

/**
 * The parsers of the content reads (shared/src/content): highlights, movies, TV, guides and page texts. The
 * media pages' loaders fetch this chunk lazily with their first request (envelope.ts `LazyParser`); the
 * bearer calls of media-api.ts (playing a movie or a channel) import it directly.
 */
export const HighlightsSchema = HighlightSchema.array();
export const MoviesSchema = MovieSchema.array();
export const TvChannelsSchema = TvChannelSchema.array();
export const GuideSummariesSchema = GuideSummarySchema.array();
