import { describe, expect, it } from 'vitest';
import { StandingsRowSchema, type StandingsRow } from '@pitchside/shared/domain';
import { buildMatch, liveMatch } from '@pitchside/shared/testing';
import { applyResults, liveStandings, pendingResult, tableState, type PendingResult } from './live-table.ts';

/** A table row as the API gives it (parsed, so the test starts from a real shape). */
function row(
  rank: number,
  id: string,
  [won, drawn, lost]: [number, number, number],
  [goalsFor, goalsAgainst]: [number, number],
  extra: Partial<StandingsRow> = {},
): StandingsRow {
  const played = won + drawn + lost;
  return StandingsRowSchema.parse({
    rank,
    team: { id, name: `Team ${id}`, logo: null },
    points: won * 3 + drawn,
    goalDifference: goalsFor - goalsAgainst,
    form: 'WDLWW',
    description: rank === 1 ? 'Promotion - Champions League' : rank === 4 ? 'Relegation' : null,
    group: null,
    total: { played, won, drawn, lost, goalsFor, goalsAgainst },
    home: { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 },
    away: { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 },
    ...extra,
  });
}

// Team a: 10 pts (+4), b: 9 pts (+3), c: 8 pts (+1), d: 7 pts (0).
const table = (): StandingsRow[] => [
  row(1, 'a', [3, 1, 1], [9, 5]),
  row(2, 'b', [3, 0, 2], [8, 5]),
  row(3, 'c', [2, 2, 1], [6, 5]),
  row(4, 'd', [2, 1, 2], [7, 7]),
];

const result = (homeId: string, awayId: string, home: number, away: number): PendingResult => ({
  homeId,
  awayId,
  home,
  away,
});

const ranking = (rows: { team: { id: string } }[]) => rows.map((r) => r.team.id).join('');

describe('applyResults', () => {
  it('gives the winner three points and a game, the loser a game, both their goals', () => {
    const rows = applyResults(table(), [result('d', 'a', 2, 1)]);
    const d = rows.find((r) => r.team.id === 'd')!;
    const a = rows.find((r) => r.team.id === 'a')!;
    expect(d).toMatchObject({ points: 10, goalDifference: 1, changed: true, baseRank: 4 });
    expect(d.total).toEqual({ played: 6, won: 3, drawn: 1, lost: 2, goalsFor: 9, goalsAgainst: 8 });
    expect(d.home).toMatchObject({ played: 1, won: 1, goalsFor: 2, goalsAgainst: 1 });
    expect(d.away).toMatchObject({ played: 0 });
    expect(a).toMatchObject({ points: 10, goalDifference: 3, changed: true });
    expect(a.total).toMatchObject({ played: 6, lost: 2, goalsFor: 10, goalsAgainst: 7 });
    expect(a.away).toMatchObject({ played: 1, lost: 1 });
    expect(rows.find((r) => r.team.id === 'b')).toMatchObject({ points: 9, changed: false });
  });

  it('counts a draw as a point each, and a goalless draw at kick-off as played', () => {
    const rows = applyResults(table(), [result('b', 'c', 0, 0)]);
    expect(rows.find((r) => r.team.id === 'b')).toMatchObject({ points: 10, total: { played: 6, drawn: 1 } });
    expect(rows.find((r) => r.team.id === 'c')).toMatchObject({ points: 9, total: { played: 6, drawn: 3 } });
  });

  it('re-ranks by points, then goal difference, then goals scored', () => {
    // d wins 2-1 at a: both on 10 points; a +3, d +1: a stays above d, b (9) drops to third.
    expect(ranking(applyResults(table(), [result('d', 'a', 2, 1)]))).toBe('adbc');
    // d wins 4-0 at a: d 10 pts +4 (GF 11), a 10 pts +0: d goes top.
    expect(ranking(applyResults(table(), [result('d', 'a', 4, 0)]))).toBe('dabc');
    // p draws 2-2 with s: p and q level on 4 points and +1, p has scored more: p goes above q.
    const level = [
      row(1, 'q', [1, 1, 0], [1, 0]),
      row(2, 'p', [1, 0, 0], [1, 0]),
      row(3, 'r', [0, 0, 0], [0, 0]),
      row(4, 's', [0, 0, 0], [0, 0]),
    ];
    expect(ranking(applyResults(level, [result('p', 's', 2, 2)]))).toBe('pqsr');
  });

  it('keeps the competition order between teams level on every count', () => {
    // p and q: same points, goal difference and goals; the competition put q first (its own tie-breaker).
    const rows = [
      row(1, 'q', [1, 0, 0], [2, 0]),
      row(2, 'p', [1, 0, 0], [2, 0]),
      row(3, 'r', [0, 0, 0], [0, 0]),
      row(4, 's', [0, 0, 0], [0, 0]),
    ];
    expect(ranking(applyResults(rows, [result('r', 's', 1, 1)]))).toBe('qprs');
  });

  it('leaves zone descriptions with the positions and numbers ranks from the top', () => {
    const rows = applyResults(table(), [result('d', 'a', 4, 0)]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(rows[0]).toMatchObject({ team: { id: 'd' }, description: 'Promotion - Champions League' });
    expect(rows[3]).toMatchObject({ team: { id: 'c' }, description: 'Relegation', baseRank: 3 });
  });

  it('adds the result to the form, latest last, keeping the last five', () => {
    const rows = applyResults(
      [row(1, 'a', [1, 0, 0], [1, 0]), row(2, 'b', [0, 0, 1], [0, 1], { form: 'L' })],
      [result('a', 'b', 0, 2)],
    );
    expect(rows.find((r) => r.team.id === 'a')!.form).toBe('DLWWL');
    expect(rows.find((r) => r.team.id === 'b')!.form).toBe('LW');
  });

  it('keeps home and away records absent where the competition has none', () => {
    const rows = applyResults(
      [row(1, 'a', [0, 0, 0], [0, 0], { home: null, away: null }), row(2, 'b', [0, 0, 0], [0, 0])],
      [result('a', 'b', 1, 0)],
    );
    expect(rows[0]).toMatchObject({ team: { id: 'a' }, home: null, away: null, points: 3 });
  });

  it('returns the table as it was, in its order, when there is nothing to add', () => {
    const rows = applyResults(table(), []);
    expect(ranking(rows)).toBe('abcd');
    expect(rows.every((r) => !r.changed && r.baseRank === r.rank)).toBe(true);
    expect(ranking(applyResults(table(), [result('a', 'zz', 5, 0)]))).toBe('abcd');
    expect(applyResults(table(), [result('a', 'zz', 5, 0)])[0]!.points).toBe(10);
  });

  it('does not touch the rows it was given', () => {
    const rows = table();
    const before = JSON.stringify(rows);
    applyResults(rows, [result('d', 'a', 4, 0)]);
    expect(JSON.stringify(rows)).toBe(before);
  });
});

describe('liveStandings', () => {
  it('adds the result in the group that holds both teams only', () => {
    const groups = liveStandings(
      {
        groups: [
          { name: 'Group A', rows: table() },
          { name: 'Group B', rows: [row(1, 'e', [1, 0, 0], [1, 0]), row(2, 'f', [0, 0, 1], [0, 1])] },
        ],
      },
      [result('d', 'a', 4, 0)],
    );
    expect(ranking(groups[0]!.rows)).toBe('dabc');
    expect(groups[1]!.rows.some((r) => r.changed)).toBe(false);
  });
});

describe('pendingResult and tableState', () => {
  const match = (home: number, away: number) =>
    liveMatch(home, away, 60, {
      home: { id: 'a', name: 'A', logo: null },
      away: { id: 'b', name: 'B', logo: null },
    });

  it('adds the current score of a match in play, as a live table', () => {
    expect(pendingResult(match(2, 1), 'first_half')).toEqual(result('a', 'b', 2, 1));
    expect(pendingResult(match(2, 1), 'scheduled')).toEqual(result('a', 'b', 2, 1));
    expect(tableState(match(2, 1), 'scheduled')).toBe('live');
    expect(tableState({ ...match(0, 0), status: 'half_time' }, 'first_half')).toBe('live');
  });

  it('keeps adding a result that finished after the table was read, no longer live', () => {
    const finished = { ...match(2, 1), status: 'finished' as const };
    expect(pendingResult(finished, 'second_half')).toEqual(result('a', 'b', 2, 1));
    expect(tableState(finished, 'second_half')).toBe('provisional');
  });

  it('never adds a match that was finished when the table was read: the table counts it already', () => {
    const finished = { ...match(2, 1), status: 'finished' as const };
    expect(pendingResult(finished, 'finished')).toBeNull();
    expect(tableState(finished, 'finished_pen')).toBe('official');
  });

  it('adds nothing before kick-off or for a match called off', () => {
    expect(pendingResult(buildMatch(), 'scheduled')).toBeNull();
    expect(pendingResult({ ...match(1, 0), status: 'postponed' }, 'scheduled')).toBeNull();
    expect(pendingResult({ ...match(1, 0), status: 'abandoned' }, 'second_half')).toBeNull();
    expect(tableState(buildMatch(), 'scheduled')).toBe('official');
  });

  it('adds nothing while a live match has no score yet', () => {
    const noScore = buildMatch({ status: 'first_half', clock: { elapsed: 1, stoppage: null } });
    expect(pendingResult(noScore, 'scheduled')).toBeNull();
  });
});
