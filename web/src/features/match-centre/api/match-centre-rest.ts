import { StandingsSchema, type Match, type MatchStatus, type Standings } from '@pitchside/shared/domain';
import { ScoreboardEntrySchema, type Ack, type ScoreboardEntry } from '@pitchside/shared/protocol';
import { browserApi, type ApiClient } from '../../../lib/api.ts';
import type { Parser } from '../../../lib/envelope.ts';

/** REST reads of the match page's tabs beyond the match itself: the competition's table and past meetings. */

export const fetchStandings = (
  competitionId: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<Standings>> =>
  api.get(`/competitions/${encodeURIComponent(competitionId)}/standings`, StandingsSchema, signal);

/** The gateway caps a head-to-head at 50 meetings: the record is taken over all it gives. */
const MEETINGS_LIMIT = 50;

const MeetingsSchema: Parser<Match[]> = {
  safeParse(input) {
    const parsed = ScoreboardEntrySchema.array().safeParse(input);
    return parsed.success
      ? { success: true, data: parsed.data.map((entry: ScoreboardEntry) => entry.match) }
      : parsed;
  },
};

/** Finished meetings of two teams, newest first (GET /api/head-to-head/:teamA/:teamB). */
export const fetchMeetings = (
  teamA: string,
  teamB: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<Match[]>> =>
  api.get(
    `/head-to-head/${encodeURIComponent(teamA)}/${encodeURIComponent(teamB)}?limit=${MEETINGS_LIMIT}`,
    MeetingsSchema,
    signal,
  );

/** What the match page's table and head-to-head tabs show, read together once the match is known. */
export interface MatchExtras {
  standings: Ack<Standings> | null;
  meetings: Ack<Match[]> | null;
  /**
   * The match's status when the table was read (the match is read first): a table read after the final
   * whistle may hold its result already, one read before cannot (live-table.ts `pendingResult`).
   */
  statusAtRead: MatchStatus | null;
}

export const NO_EXTRAS: MatchExtras = { standings: null, meetings: null, statusAtRead: null };

export async function fetchExtras(
  match: Pick<Match, 'competition' | 'home' | 'away' | 'status'>,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<MatchExtras> {
  const [standings, meetings] = await Promise.all([
    fetchStandings(match.competition.id, signal, api),
    fetchMeetings(match.home.id, match.away.id, signal, api),
  ]);
  return { standings, meetings, statusAtRead: match.status };
}
