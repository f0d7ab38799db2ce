import { describe, expect, it } from 'vitest';
import { buildMatch, liveMatch } from '@pitchside/shared/testing';
import { emptyScore, type Match } from '@pitchside/shared/domain';
import { byHeat, heatScore } from './heat-score.ts';

const NOW = Date.parse('2026-11-22T15:00:00Z');
const heat = (match: Match, popularity = 50, redCards = 0) =>
  heatScore({ match, popularity, redCards, nowMs: NOW });
const basketball = (home: number, away: number, status: Match['status']) => {
  const score = emptyScore();
  score.current = { home, away };
  return buildMatch({
    status,
    score,
    clock: { elapsed: 6, stoppage: null },
    competition: { ...buildMatch().competition, sport: 'basketball' },
  });
};

describe('heatScore', () => {
  it('ranks a tight finish above an early lead, and a live match above one not started', () => {
    const tightAndLate = liveMatch(2, 2, 88);
    const earlyLead = liveMatch(2, 0, 20);
    const upcoming = buildMatch({ kickoff: '2026-11-22T15:30:00Z' });
    expect(heat(tightAndLate)).toBeGreaterThan(heat(earlyLead));
    expect(heat(earlyLead)).toBeGreaterThan(heat(upcoming));
  });

  it('weighs the competition: the same match is hotter in a more prominent one', () => {
    expect(heat(liveMatch(1, 1, 60), 1)).toBeGreaterThan(heat(liveMatch(1, 1, 60), 100));
  });

  it('counts goals, red cards and a shoot-out', () => {
    expect(heat(liveMatch(3, 3, 60))).toBeGreaterThan(heat(liveMatch(0, 0, 60)));
    expect(heat(liveMatch(1, 0, 60), 50, 1)).toBe(heat(liveMatch(1, 0, 60)) + 4);
    expect(heat(liveMatch(1, 0, 60), 50, 5)).toBe(heat(liveMatch(1, 0, 60)) + 8);
    expect(heat(liveMatch(1, 1, 120, { status: 'penalties' }))).toBeGreaterThan(heat(liveMatch(1, 1, 50)));
  });

  it('rates a match kicking off soon above one kicking off tonight, and a finished one at nothing', () => {
    const soon = buildMatch({ kickoff: '2026-11-22T15:10:00Z' });
    const tonight = buildMatch({ kickoff: '2026-11-22T20:00:00Z' });
    expect(heat(soon)).toBeGreaterThan(heat(tonight));
    expect(heat(liveMatch(3, 2, 90, { status: 'finished' }))).toBe(0);
  });

  it('judges basketball by points apart and the fourth quarter, not by goals', () => {
    const close = basketball(88, 86, 'fourth_quarter');
    const blowout = basketball(99, 70, 'fourth_quarter');
    expect(heat(close)).toBeGreaterThan(heat(blowout));
    expect(heat(basketball(90, 90, 'overtime'))).toBeGreaterThan(heat(close));
    expect(heat(basketball(40, 20, 'second_quarter'))).toBeLessThan(heat(liveMatch(0, 0, 30)));
  });

  it('orders by heat, then kickoff, then id', () => {
    const entries = [
      { heat: 10, match: buildMatch({ id: 'b', kickoff: '2026-11-22T14:00:00Z' }) },
      { heat: 10, match: buildMatch({ id: 'a', kickoff: '2026-11-22T14:00:00Z' }) },
      { heat: 30, match: buildMatch({ id: 'c', kickoff: '2026-11-22T18:00:00Z' }) },
    ];
    expect(entries.sort(byHeat).map((e) => e.match.id)).toEqual(['c', 'a', 'b']);
  });
});
