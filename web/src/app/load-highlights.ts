import type { Highlight } from '@pitchside/shared/content';
import type { Match } from '@pitchside/shared/domain';
import type { Ack } from '@pitchside/shared/protocol';
import type { ApiClient } from '../lib/api.ts';
import { fetchMatch } from '../features/live/api/live-rest.ts';
import { fetchHighlights, type HighlightsQuery } from '../features/media/api/media-rest.ts';

/** The most matches whose teams and score the highlights page reads to label its cards. */
const MAX_MATCHES = 24;

export interface HighlightsData {
  highlights: Ack<Highlight[]>;
  /** The matches the highlights show (teams, score), by id; one that could not be read is left out. */
  matches: Record<string, Match>;
}

/**
 * The highlights of a page's loader, with the matches they show, read at once so the server's HTML names
 * the teams and the score on each card. `known` matches (the match page's own) are not read again.
 */
export async function loadHighlights(
  query: HighlightsQuery,
  signal: AbortSignal,
  api: ApiClient,
  known: readonly Match[] = [],
): Promise<HighlightsData> {
  const highlights = await fetchHighlights(query, signal, api);
  const matches: Record<string, Match> = Object.fromEntries(known.map((m) => [m.id, m]));
  if ('data' in highlights) {
    const ids = [...new Set(highlights.data.flatMap((h) => (h.matchId ? [h.matchId] : [])))]
      .filter((id) => !matches[id])
      .slice(0, MAX_MATCHES);
    const answers = await Promise.all(ids.map((id) => fetchMatch(id, signal, api)));
    for (const answer of answers) {
      if ('data' in answer) matches[answer.data.detail.match.id] = answer.data.detail.match;
    }
  }
  return { highlights, matches };
}
