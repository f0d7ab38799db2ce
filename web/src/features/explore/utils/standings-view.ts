import type { StandingsRow, TeamRecord } from '@pitchside/shared/domain';

/** The three tables a league page switches between (FotMob, SofaScore: All / Home / Away). */
export const TABLE_VIEWS = ['total', 'home', 'away'] as const;
export type TableView = (typeof TABLE_VIEWS)[number];

export interface TableLine {
  rank: number;
  row: StandingsRow;
  record: TeamRecord;
  points: number;
  goalDifference: number;
}

/** Three points a win, one a draw: what home and away tables are ranked by (providers send records only). */
const pointsOf = (record: TeamRecord): number => record.won * 3 + record.drawn;

/** Whether the provider split its table into home and away at all (cup group tables often do not). */
export const hasHomeAway = (rows: readonly StandingsRow[]): boolean =>
  rows.length > 0 && rows.every((row) => row.home !== null && row.away !== null);

/**
 * The lines of one table. The overall table is the provider's, rank and points as given; home and away
 * tables are ranked from their records: points, goal difference, goals scored, then the overall rank.
 */
export function tableLines(rows: readonly StandingsRow[], view: TableView): TableLine[] {
  if (view === 'total') {
    return [...rows]
      .sort((a, b) => a.rank - b.rank)
      .map((row) => ({
        rank: row.rank,
        row,
        record: row.total,
        points: row.points,
        goalDifference: row.goalDifference,
      }));
  }
  const lines = rows.flatMap((row) => {
    const record = row[view];
    if (!record) return [];
    return [
      {
        rank: 0,
        row,
        record,
        points: pointsOf(record),
        goalDifference: record.goalsFor - record.goalsAgainst,
      },
    ];
  });
  lines.sort(
    (a, b) =>
      b.points - a.points ||
      b.goalDifference - a.goalDifference ||
      b.record.goalsFor - a.record.goalsFor ||
      a.row.rank - b.row.rank,
  );
  return lines.map((line, index) => ({ ...line, rank: index + 1 }));
}

export type ResultLetter = 'W' | 'D' | 'L';

/** A table's form string ("WWDLW", latest last) as letters, the last five at most. */
export const formLetters = (form: string): ResultLetter[] =>
  [...form].filter((c): c is ResultLetter => c === 'W' || c === 'D' || c === 'L').slice(-5);
