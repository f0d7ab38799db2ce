import { describe, expect, it } from 'vitest';
import { emptyScore, type Match } from '@pitchside/shared/domain';
import { buildMatch } from '@pitchside/shared/testing';
import { meetingsRecord } from './head-to-head-record.ts';

describe('meetingsRecord', () => {
  const meeting = (
    home: string,
    away: string,
    h: number,
    a: number,
    status: Match['status'] = 'finished',
  ) => {
    const score = emptyScore();
    score.current = { home: h, away: a };
    return buildMatch({
      status,
      home: { id: home, name: home, logo: null },
      away: { id: away, name: away, logo: null },
      score,
    });
  };

  it("counts wins, draws and goals from the first team's side, home or away", () => {
    expect(
      meetingsRecord(
        [
          meeting('a', 'b', 2, 1),
          meeting('b', 'a', 3, 0),
          meeting('b', 'a', 1, 1, 'finished_pen'),
          meeting('a', 'b', 0, 0, 'second_half'),
          meeting('a', 'c', 5, 0),
        ],
        'a',
        'b',
      ),
    ).toEqual({ played: 3, winsA: 1, draws: 1, winsB: 1, goalsA: 3, goalsB: 5 });
  });
});
