import type { Match, MatchStatus, Standings } from '@pitchside/shared/domain';
import type { Ack } from '@pitchside/shared/protocol';
import { browserApi, type ApiClient } from '../../../lib/api.ts';
import { lazyParser } from '../../../lib/envelope.ts';

/**
 * REST reads of the match page's tabs beyond the match itself: the competition's table and past meetings.
 * The parsers (match-centre-parsers.ts) come in a chunk of their own, fetched with the first request.
 */
const parsers = () => import('./match-centre-parsers.ts');
const StandingsSchema = lazyParser(parsers, (m) => m.StandingsSchema);
const MeetingsSchema = lazyParser(parsers, (m) => m.MeetingsSchema);

export const fetchStandings = (
  competitionId: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<Standings>> =>
  api.get(`/competitions/${encodeURIComponent(competitionId)}/standings`, StandingsSchema, signal);

/** A past meeting, and whether it has a page (one known from the provider's head-to-head only has none). */
export interface Meeting {
  match: Match;
  hasPage: boolean;
}

/** The gateway caps a head-to-head at 50 meetings: the record is taken over all it gives. */
const MEETINGS_LIMIT = 50;

/** Finished meetings of two teams, newest first (GET /api/head-to-head/:teamA/:teamB). */
export const fetchMeetings = (
  teamA: string,
  teamB: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<Meeting[]>> =>
  api.get(
    `/head-to-head/${encodeURIComponent(teamA)}/${encodeURIComponent(teamB)}?limit=${MEETINGS_LIMIT}`,
    MeetingsSchema,
    signal,
  );

/** What the match page's table and head-to-head tabs show, read together once the match is known. */
export interface MatchExtras {
  standings: Ack<Standings> | null;
  meetings: Ack<Meeting[]> | null;
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
