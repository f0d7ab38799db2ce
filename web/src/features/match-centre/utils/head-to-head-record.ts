import { isFinished, type Match } from '@pitchside/shared/domain';

/** Two teams' record over their finished meetings, from the first team's side. */
export interface MeetingsRecord {
  played: number;
  winsA: number;
  draws: number;
  winsB: number;
  goalsA: number;
  goalsB: number;
}

/**
 * The record of team A against team B over the meetings given: wins, draws and goals from A's side,
 * whichever of them was at home. Only finished meetings with a score count; a match decided on penalties
 * was level after extra time, so it is a draw, as tables and the gateway's records count it.
 */
export function meetingsRecord(
  meetings: readonly Pick<Match, 'status' | 'home' | 'away' | 'score'>[],
  teamA: string,
  teamB: string,
): MeetingsRecord {
  const record: MeetingsRecord = { played: 0, winsA: 0, draws: 0, winsB: 0, goalsA: 0, goalsB: 0 };
  for (const m of meetings) {
    const { home, away } = m.score.current;
    if (!isFinished(m.status) || home === null || away === null) continue;
    const aAtHome = m.home.id === teamA && m.away.id === teamB;
    if (!aAtHome && !(m.home.id === teamB && m.away.id === teamA)) continue;
    const [a, b] = aAtHome ? [home, away] : [away, home];
    record.played++;
    record.goalsA += a;
    record.goalsB += b;
    if (a > b) record.winsA++;
    else if (b > a) record.winsB++;
    else record.draws++;
  }
  return record;
}
