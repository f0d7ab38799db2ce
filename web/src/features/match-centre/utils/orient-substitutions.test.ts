import { describe, expect, it } from 'vitest';
import { LineupSchema, type Lineup } from '@pitchside/shared/domain';
import { buildEvent } from '@pitchside/shared/testing';
import { orientSubstitutions } from './orient-substitutions.ts';

const lineup: Lineup = LineupSchema.parse({
  teamId: '33',
  formation: null,
  startXI: [{ id: 's1', name: 'Starter One', grid: null }],
  substitutes: [
    { id: 'b1', name: 'Bench One', grid: null },
    { id: 'b2', name: 'Bench Two', grid: null },
  ],
  coach: null,
  colours: { player: null, goalkeeper: null },
});

const sub = (id: string, on: string, off: string) =>
  buildEvent({
    id,
    kind: 'substitution',
    minute: 60,
    player: { id: on, name: on },
    related: { id: off, name: off },
  });

describe('orientSubstitutions', () => {
  it('turns round a substitution that has a starter coming on for a substitute', () => {
    const [event] = orientSubstitutions([sub('1', 's1', 'b1')], [lineup]);
    expect(event).toMatchObject({ player: { id: 'b1' }, related: { id: 's1' } });
  });

  it('leaves the right way round, and what the lineups cannot settle, as it came', () => {
    const events = [sub('1', 'b1', 's1'), sub('2', 'b2', 'b1'), sub('3', 'x', 'y'), buildEvent()];
    expect(orientSubstitutions(events, [lineup])).toBe(events);
    expect(orientSubstitutions([sub('1', 's1', 'b1')], [])).toHaveLength(1);
  });
});
