import type { MatchStreams, StreamUrl } from '@pitchside/shared/payments';
// The site's one bearer client: a signed-in viewer's token says whether premium feeds come with a URL.
import { authFetch } from '../../../lib/session/auth-fetch.ts';
import { MatchStreamsSchema, StreamUrlSchema } from './streams-parsers.ts';

const segment = encodeURIComponent;

/**
 * A match's feeds (GET /api/matches/:id/streams): free ones with their URL for everyone; premium ones with
 * a short-lived signed URL when the signed-in caller's plan covers the match, else without (the paywall).
 */
export const fetchMatchStreams = (matchId: string, signal?: AbortSignal): Promise<MatchStreams> =>
  authFetch.request(`/matches/${segment(matchId)}/streams`, {
    parser: MatchStreamsSchema,
    ...(signal ? { signal } : {}),
  });

/** A fresh signed URL for a premium feed, asked for before the playing one expires. */
export const fetchStreamUrl = (matchId: string, sourceId: string, signal?: AbortSignal): Promise<StreamUrl> =>
  authFetch.request(`/matches/${segment(matchId)}/streams/${segment(sourceId)}`, {
    parser: StreamUrlSchema,
    ...(signal ? { signal } : {}),
  });
