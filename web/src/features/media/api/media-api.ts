import type { Playback } from '@pitchside/shared/content';
// The site's one bearer client: a signed-in viewer's token says whether a premium film or channel plays.
import { authFetch } from '../../../lib/session/auth-fetch.ts';
import { PlaybackSchema } from './media-parsers.ts';

const segment = encodeURIComponent;

/** What a film or a TV channel plays from (GET /api/content/{movies|tv}/:id/play). */
export type PlayableKind = 'movies' | 'tv';

/**
 * Where the player loads a film or a channel from: free ones for everyone, premium ones for a signed-in
 * viewer with a site-wide plan (a signed URL that expires); otherwise the call rejects with the gateway's
 * code (`auth:*` for a visitor, `stream:not-entitled` without a plan), which the player turns into the paywall.
 */
export const fetchPlayback = (kind: PlayableKind, id: string, signal?: AbortSignal): Promise<Playback> =>
  authFetch.request(`/content/${kind}/${segment(id)}/play`, {
    parser: PlaybackSchema,
    ...(signal ? { signal } : {}),
  });
