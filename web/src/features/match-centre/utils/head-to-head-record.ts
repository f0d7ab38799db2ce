import { resultFor, type Match } from '@pitchside/shared/domain';

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
 * whichever of them was at home. Only decided meetings with a score count, by shared `resultFor` (the
 * gateway's records use it too): a match decided on penalties was level after extra time, so it is a draw.
 */
export function meetingsRecord(
  meetings: readonly Pick<Match, 'status' | 'home' | 'away' | 'score'>[],
  teamA: string,
  teamB: string,
): MeetingsRecord {
  const record: MeetingsRecord = { played: 0, winsA: 0, draws: 0, winsB: 0, goalsA: 0, goalsB: 0 };
  for (const m of meetings) {
    const aAtHome = m.home.id === teamA && m.away.id === teamB;
    if (!aAtHome && !(m.home.id === teamB && m.away.id === teamA)) continue;
    const r = resultFor(m, teamA);
    if (!r) continue;
    record.played++;
    record.goalsA += r.for;
    record.goalsB += r.against;
    if (r.result === 'W') record.winsA++;
    else if (r.result === 'L') record.winsB++;
    else record.draws++;
  }
  return record;
}
