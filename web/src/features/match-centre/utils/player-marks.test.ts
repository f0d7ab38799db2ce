import { describe, expect, it } from 'vitest';
import { buildEvent } from '@pitchside/shared/testing';
import { playerMarks } from './player-marks.ts';

describe('playerMarks', () => {
  it('counts goals, keeps the worst card and notes who went off and came on', () => {
    const marks = playerMarks([
      buildEvent({
        id: '1',
        kind: 'goal',
        minute: 10,
        player: { id: 'p9', name: 'Nine' },
        related: { id: 'p7', name: 'Seven' },
      }),
      buildEvent({ id: '2', kind: 'penalty_goal', minute: 50, player: { id: 'p9', name: 'Nine' } }),
      buildEvent({ id: '3', kind: 'red', minute: 80, player: { id: 'p4', name: 'Four' } }),
      buildEvent({ id: '4', kind: 'yellow', minute: 30, player: { id: 'p4', name: 'Four' } }),
      buildEvent({
        id: '5',
        kind: 'substitution',
        minute: 90,
        stoppage: 2,
        player: { id: 'p12', name: 'Twelve' },
        related: { id: 'p9', name: 'Nine' },
      }),
      buildEvent({ id: '6', kind: 'own_goal', minute: 60, player: { id: 'p5', name: 'Five' } }),
      buildEvent({ id: '7', kind: 'goal', minute: 70, player: null }),
    ]);
    expect(marks.get('p9')).toEqual({ goals: 2, ownGoals: 0, card: null, off: '90+2', on: null });
    expect(marks.get('p4')?.card).toBe('red');
    expect(marks.get('p12')?.on).toBe('90+2');
    expect(marks.get('p5')?.ownGoals).toBe(1);
    // An assist is not a goal.
    expect(marks.get('p7')).toBeUndefined();
  });
});
