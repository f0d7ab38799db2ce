import {
  isFinished,
  isLive,
  type Match,
  type MatchStatus,
  type Standings,
  type StandingsRow,
  type TeamRecord,
} from '@pitchside/shared/domain';

/** A result a table does not hold yet: two teams and the goals each has now. */
export interface PendingResult {
  homeId: string;
  awayId: string;
  home: number;
  away: number;
}

/** A row of a table with pending results added: where it stood in the table it came from, and whether one counted. */
export interface LiveRow extends StandingsRow {
  baseRank: number;
  /** A pending result changed this row (the team is playing, or has just played). */
  changed: boolean;
}

export interface LiveGroup {
  name: string | null;
  rows: LiveRow[];
}

/**
 * How a table relates to the match shown beside it:
 * - 'live': the match is in play and its current score is counted, provisionally;
 * - 'provisional': the match has finished after the table was read, and its result is counted by us;
 * - 'official': the table is shown as the competition gives it.
 */
export type TableState = 'live' | 'provisional' | 'official';

/** What of a match its pending result is read from: its status, the two teams' ids and the current score. */
type ScoredMatch = Pick<Match, 'status'> & {
  home: Pick<Match['home'], 'id'>;
  away: Pick<Match['away'], 'id'>;
  score: { current: Pick<Match['score']['current'], 'home' | 'away'> };
};

/**
 * The result a match adds to a table that was read while the match had the status `statusAtRead`.
 *
 * Tables hold finished matches only (shared/src/domain/standings.ts): a match that was not finished when
 * its table was read is not in it, so its current score is added while it is in play and its final score
 * once it has finished. A match that was already finished then is taken as counted: a real provider may
 * still be behind (tables trail the final whistle), but adding it again could count it twice, which is the
 * worse mistake. Not started, postponed, cancelled, abandoned: nothing to add.
 */
export function pendingResult(match: ScoredMatch, statusAtRead: MatchStatus): PendingResult | null {
  if (isFinished(statusAtRead)) return null;
  if (!isLive(match.status) && !isFinished(match.status)) return null;
  // The board after 90 or 120 minutes (the adapters keep a shoot-out's kicks out of it).
  const { home, away } = match.score.current;
  if (home === null || away === null) return null;
  return { homeId: match.home.id, awayId: match.away.id, home, away };
}

export function tableState(match: ScoredMatch, statusAtRead: MatchStatus): TableState {
  if (!pendingResult(match, statusAtRead)) return 'official';
  return isLive(match.status) ? 'live' : 'provisional';
}

/** Points for a win and a draw: football's three and one (the only sport with tables we compute). */
export const FOOTBALL_POINTS = { win: 3, draw: 1 } as const;

/**
 * A table with pending results added: each team's played, won, drawn, lost, goals, goal difference,
 * points and form move by the result, then the rows are ranked again by points, goal difference and goals
 * scored, ties keeping the order the competition gave them (its own tie-breakers, head-to-head and the
 * like, are already in that order). Zone descriptions ("Promotion - ...") belong to positions, not teams,
 * so they stay with the positions. A result whose teams are not both in the table is left out.
 * Without anything to add, the table comes back in its own order. Pure: the rows given are not touched.
 */
export function applyResults(
  rows: readonly StandingsRow[],
  results: readonly PendingResult[],
  points: { win: number; draw: number } = FOOTBALL_POINTS,
): LiveRow[] {
  const base = [...rows].sort((a, b) => a.rank - b.rank);
  const byTeam = new Map<string, LiveRow>(
    base.map((row) => [row.team.id, { ...row, baseRank: row.rank, changed: false }]),
  );
  let applied = false;
  for (const result of results) {
    const home = byTeam.get(result.homeId);
    const away = byTeam.get(result.awayId);
    if (!home || !away || home === away) continue;
    byTeam.set(home.team.id, addResult(home, 'home', result.home, result.away, points));
    byTeam.set(away.team.id, addResult(away, 'away', result.away, result.home, points));
    applied = true;
  }
  const live = base.map((row) => byTeam.get(row.team.id)!);
  if (!applied) return live;
  return live
    .sort(
      (a, b) =>
        b.points - a.points ||
        b.goalDifference - a.goalDifference ||
        b.total.goalsFor - a.total.goalsFor ||
        a.baseRank - b.baseRank,
    )
    .map((row, index) => ({
      ...row,
      rank: base[index]!.rank,
      description: base[index]!.description,
    }));
}

/** Every group of a competition's tables with the pending results added. */
export function liveStandings(
  standings: Pick<Standings, 'groups'>,
  results: readonly PendingResult[],
): LiveGroup[] {
  return standings.groups.map((group) => ({ name: group.name, rows: applyResults(group.rows, results) }));
}

function addResult(
  row: LiveRow,
  venue: 'home' | 'away',
  scored: number,
  conceded: number,
  points: { win: number; draw: number },
): LiveRow {
  const outcome = scored > conceded ? 'W' : scored < conceded ? 'L' : 'D';
  const gained = outcome === 'W' ? points.win : outcome === 'D' ? points.draw : 0;
  return {
    ...row,
    changed: true,
    points: row.points + gained,
    goalDifference: row.goalDifference + scored - conceded,
    // Latest last, as the table's own form reads; as long as it was, and at least five.
    form: (row.form + outcome).slice(-Math.max(5, row.form.length)),
    total: addToRecord(row.total, outcome, scored, conceded),
    home: venue === 'home' && row.home ? addToRecord(row.home, outcome, scored, conceded) : row.home,
    away: venue === 'away' && row.away ? addToRecord(row.away, outcome, scored, conceded) : row.away,
  };
}

const addToRecord = (
  record: TeamRecord,
  outcome: 'W' | 'D' | 'L',
  scored: number,
  conceded: number,
): TeamRecord => ({
  played: record.played + 1,
  won: record.won + (outcome === 'W' ? 1 : 0),
  drawn: record.drawn + (outcome === 'D' ? 1 : 0),
  lost: record.lost + (outcome === 'L' ? 1 : 0),
  goalsFor: record.goalsFor + scored,
  goalsAgainst: record.goalsAgainst + conceded,
});
