import type { Competition, Standings } from '@pitchside/shared/domain';
import type { Ack, ScoreboardEntry } from '@pitchside/shared/protocol';
import type { ApiClient } from '../../../lib/api.ts';
import { fetchCompetition, fetchCompetitionMatches, fetchStandings, isMissing } from './explore-api.ts';

export interface LeagueData {
  competition: Competition;
  /** Null for a competition without a table (a knockout cup answers not-found for its standings). */
  standings: Standings | null;
  /** The table exists but could not be read. */
  standingsFailed: boolean;
  matches: Ack<ScoreboardEntry[]>;
}

/**
 * Everything a competition's page shows, read at once. Null when there is no such competition (the page
 * is a 404); a failure to read the competition itself is thrown as a 503.
 */
export async function loadLeague(
  api: ApiClient,
  competitionId: string,
  signal?: AbortSignal,
): Promise<LeagueData | null> {
  const [competition, standings, matches] = await Promise.all([
    fetchCompetition(api, competitionId, signal),
    fetchStandings(api, competitionId, signal),
    fetchCompetitionMatches(api, competitionId, signal),
  ]);
  if (isMissing(competition)) return null;
  if ('error' in competition) throw new Response(competition.error.message, { status: 503 });
  return {
    competition: competition.data,
    standings: 'data' in standings ? standings.data : null,
    standingsFailed: 'error' in standings && standings.error.code !== 'competition:not-found',
    matches,
  };
}
