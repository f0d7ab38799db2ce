import '../../../lib/zod-browser.ts';

/**
 * The parsers of the stream reads (shared/src/payments), in the stream panel's chunk: the match page's
 * first view has no player and no zod.
 */
export { MatchStreamsSchema, StreamUrlSchema } from '@pitchside/shared/payments';
