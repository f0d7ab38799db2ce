import { describe, expect, it } from 'vitest';
import { buildMatch, liveMatch } from '@pitchside/shared/testing';
import { teamForm } from './team-form.ts';

const finished = (id: string, day: number, home: number, away: number, homeId = '33') =>
  liveMatch(home, away, 90, {
    id,
    kickoff: `2026-11-${String(day).padStart(2, '0')}T15:00:00Z`,
    status: 'finished',
    home: { id: homeId, name: homeId, logo: null },
    away: { id: homeId === '33' ? '50' : '33', name: 'x', logo: null },
  });

describe('teamForm', () => {
  it("gives a team's last five finished results from its side, latest last", () => {
    const matches = [
      finished('m7', 7, 0, 1),
      finished('m1', 1, 2, 0),
      finished('m2', 2, 1, 1),
      finished('m3', 3, 0, 3, '50'), // team 33 away, won 3-0
      finished('m4', 4, 1, 2),
      finished('m5', 5, 4, 4),
      liveMatch(1, 0, 30, { id: 'live', kickoff: '2026-11-08T15:00:00Z' }),
      buildMatch({ id: 'next', kickoff: '2026-11-09T15:00:00Z' }),
    ];
    const form = teamForm(matches, '33');
    expect(form.map((f) => [f.matchId, f.result])).toEqual([
      ['m2', 'D'],
      ['m3', 'W'],
      ['m4', 'L'],
      ['m5', 'D'],
      ['m7', 'L'],
    ]);
    expect(form[1]).toMatchObject({ goalsFor: 3, goalsAgainst: 0, opponent: { id: '50' } });
  });

  it('counts a shoot-out as the draw it was, and says how the shoot-out went from the team side', () => {
    const shootout = liveMatch(1, 1, 120, { id: 'p', status: 'finished_pen' });
    expect(teamForm([shootout], '33').map((f) => f.result)).toEqual(['D']);
    shootout.score.penalties = { home: 4, away: 3 };
    expect(teamForm([shootout], '50')[0]).toMatchObject({
      result: 'D',
      goalsFor: 1,
      goalsAgainst: 1,
      shootout: { won: false, for: 3, against: 4 },
    });
  });

  it('counts a match stored without a board score by its 90 minutes and extra time, never as nothing', () => {
    // Stored before the adapter's fix, with no board: the 90 minutes and extra time stand in.
    const m = buildMatch({
      id: 'fd',
      status: 'finished_pen',
      score: {
        current: { home: null, away: null },
        halftime: { home: 0, away: 0 },
        fulltime: { home: 2, away: 1 },
        extratime: { home: 0, away: 0 },
        penalties: { home: 4, away: 5 },
        winner: 'away',
      },
    });
    expect(teamForm([m], '50')[0]).toMatchObject({
      result: 'L',
      goalsFor: 1,
      goalsAgainst: 2,
      shootout: { won: true, for: 5, against: 4 },
    });
  });
});
