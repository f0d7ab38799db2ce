import { describe, expect, it } from 'vitest';
import type { StandingsRow, TeamRecord } from '@pitchside/shared/domain';
import { formLetters, hasHomeAway, tableLines } from './standings-view.ts';

const record = (
  won: number,
  drawn: number,
  lost: number,
  goalsFor: number,
  goalsAgainst: number,
): TeamRecord => ({
  played: won + drawn + lost,
  won,
  drawn,
  lost,
  goalsFor,
  goalsAgainst,
});

const row = (rank: number, id: string, home: TeamRecord | null, away: TeamRecord | null): StandingsRow => {
  const total =
    home && away
      ? record(
          home.won + away.won,
          home.drawn + away.drawn,
          home.lost + away.lost,
          home.goalsFor + away.goalsFor,
          home.goalsAgainst + away.goalsAgainst,
        )
      : record(0, 0, 0, 0, 0);
  return {
    rank,
    team: { id, name: `Team ${id}`, logo: null },
    points: total.won * 3 + total.drawn,
    goalDifference: total.goalsFor - total.goalsAgainst,
    form: 'WDLWW',
    description: null,
    group: null,
    total,
    home,
    away,
  };
};

const ROWS = [
  row(1, 'a', record(2, 0, 1, 5, 3), record(2, 1, 0, 6, 2)), // home 6, away 7
  row(2, 'b', record(3, 0, 0, 7, 1), record(0, 1, 2, 1, 5)), // home 9, away 1
  row(3, 'c', record(2, 0, 1, 6, 3), record(1, 0, 2, 2, 4)), // home 6 (+3, 6 scored), away 3
];

describe('tableLines', () => {
  it('keeps the provider’s ranks and points for the overall table', () => {
    expect(tableLines(ROWS, 'total').map((l) => [l.rank, l.row.team.id, l.points])).toEqual([
      [1, 'a', 13],
      [2, 'b', 10],
      [3, 'c', 9],
    ]);
  });

  it('ranks the home and away tables by points, goal difference, then goals scored', () => {
    expect(tableLines(ROWS, 'home').map((l) => [l.rank, l.row.team.id, l.points, l.goalDifference])).toEqual([
      [1, 'b', 9, 6],
      [2, 'c', 6, 3],
      [3, 'a', 6, 2],
    ]);
    expect(tableLines(ROWS, 'away').map((l) => l.row.team.id)).toEqual(['a', 'c', 'b']);
  });

  it('says when a table has no home and away split', () => {
    expect(hasHomeAway(ROWS)).toBe(true);
    expect(hasHomeAway([...ROWS, row(4, 'd', null, null)])).toBe(false);
  });
});

describe('formLetters', () => {
  it('keeps the last five results, latest last', () => {
    expect(formLetters('LLWDLWW')).toEqual(['W', 'D', 'L', 'W', 'W']);
    expect(formLetters('')).toEqual([]);
  });
});
