import { isFinished, isLive, type Match } from '@pitchside/shared/domain';
import type { HeadToHeadRecord, ScoreboardEntry } from '@pitchside/shared/protocol';
import { byKickoff } from './match-reads.ts';
import { resultFor } from './team-form.ts';

export interface HeadToHeadMeetings {
  record: HeadToHeadRecord;
  /** Finished meetings, newest first. */
  past: ScoreboardEntry[];
  /** Meetings to come or in play, soonest first. */
  upcoming: ScoreboardEntry[];
}

/**
 * Two teams' meetings among the matches given (any of either team's): the record over every finished one
 * from team A's side (a shoot-out counts as a draw), the finished ones newest first and those still to
 * be played or in play soonest first. Called off ones (postponed, cancelled, abandoned) are in neither.
 */
export function headToHead(
  entries: readonly ScoreboardEntry[],
  teamA: string,
  teamB: string,
): HeadToHeadMeetings {
  const meetings = entries.filter((e) => meets(e.match, teamA, teamB));
  const past = meetings
    .filter((e) => isFinished(e.match.status))
    .sort(byKickoff)
    .reverse();
  const upcoming = meetings
    .filter((e) => e.match.status === 'scheduled' || isLive(e.match.status))
    .sort(byKickoff);
  const record: HeadToHeadRecord = { played: 0, winsA: 0, draws: 0, winsB: 0, goalsA: 0, goalsB: 0 };
  for (const { match } of past) {
    const r = resultFor(match, teamA);
    if (!r) continue;
    record.played++;
    record.goalsA += r.for;
    record.goalsB += r.against;
    if (r.result === 'W') record.winsA++;
    else if (r.result === 'L') record.winsB++;
    else record.draws++;
  }
  return { record, past, upcoming };
}

const meets = (m: Match, a: string, b: string): boolean =>
  (m.home.id === a && m.away.id === b) || (m.home.id === b && m.away.id === a);
